import { Alert, Container, Stack, Title } from '@mantine/core';
import { executionSummaryRows, executionTaskRows, reportResults } from '@asb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../app/api/http';
import { useReportError } from '../../app/api/use-report-error';
import { useAuth } from '../../app/auth/auth-context';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { PageLoader } from '../../ui/PageLoader';
import { useExecution, useExecutionJobs } from '../executions/api/execution';
import { executionKey } from '../executions/api/keys';
import { ReportHeader } from './ReportHeader';
import { ChildDags } from './ChildDags';
import { FailureAlert } from './FailureAlert';
import { InputsTable } from './InputsTable';
import { OutputsTable } from './OutputsTable';
import { RelatedJobs } from './RelatedJobs';
import { SummaryTable } from './SummaryTable';
import { TasksTable } from './TasksTable';
import { TaskGraph } from './TaskGraph';
import { TaskTimeline } from './TaskTimeline';

/** /executions/{id}/report (spec 1 §2 Execution report), live while the execution runs. */
export function ExecutionReportPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const query = useExecution(id);
  const jobs = useExecutionJobs(id, query.isSuccess);
  useLiveEvent('executionUpdate', (message) => {
    if (String(message.id) === id) {
      void queryClient.invalidateQueries({ queryKey: executionKey(id) });
      void jobs.refetch();
    }
  });
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  useReportError(isNotFound ? null : query.error, query.errorUpdatedAt, 'builder');

  const execution = query.data;
  const workerLabels = useMemo(
    () => new Map((jobs.data ?? []).flatMap((job) => (job.attributes.workerLabel ? [[job.attributes.taskId, job.attributes.workerLabel] as const] : []))),
    [jobs.data],
  );
  const taskRows = useMemo(() => (execution ? executionTaskRows(execution.attributes, workerLabels) : []), [execution, workerLabels]);

  if (query.isPending) return <PageLoader />;
  if (!execution) {
    return (
      <Container size="xl" py="xl">
        <Title order={2} mb="md">
          Execution Report
        </Title>
        <Alert color={isNotFound ? 'yellow' : 'red'}>{isNotFound ? 'Execution not found' : 'Something went wrong while fetching the execution'}</Alert>
      </Container>
    );
  }
  const a = execution.attributes;
  const error = reportResults(a.executionResults).error;
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <ReportHeader execution={execution} />
        {a.failure ? (
          <FailureAlert failure={a.failure} />
        ) : (
          error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )
        )}
        {a.status === 'created' && (
          <Alert color="yellow" variant="light" title="Not submitted">
            This execution was created but never submitted: nothing has run. Submit it to run it, or delete it; unsubmitted executions are deleted after a
            while.
          </Alert>
        )}
        <SummaryTable rows={executionSummaryRows(a)} />
        <TaskGraph executionResults={a.executionResults} />
        <TaskTimeline rows={taskRows} />
        <InputsTable inputs={a.inputs} />
        <OutputsTable executionResults={a.executionResults} />
        <TasksTable executionId={execution.id} rows={taskRows} />
        <ChildDags executionResults={a.executionResults} />
        {auth.hasFeature('execution-report-jobs') && <RelatedJobs jobs={jobs.data} />}
      </Stack>
    </Container>
  );
}
