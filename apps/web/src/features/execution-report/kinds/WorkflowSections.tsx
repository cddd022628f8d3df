import { Alert } from '@mantine/core';
import { executionTaskRows, reportResults } from '@asb/contracts';
import { useMemo } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { useExecutionJobs, type ExecutionResource } from '../../executions/api/execution';
import { ChildDags } from '../ChildDags';
import { FailureAlert } from '../FailureAlert';
import { RelatedJobs } from '../RelatedJobs';
import { TaskGraph } from '../TaskGraph';
import { TasksTable } from '../TasksTable';
import { TaskTimeline } from '../TaskTimeline';

/** The task rows with the worker labels of the engine's task instances (taskmgr). */
function useTaskRows(execution: ExecutionResource) {
  const jobs = useExecutionJobs(execution.id, true);
  const workerLabels = useMemo(
    () => new Map((jobs.data ?? []).flatMap((job) => (job.attributes.workerLabel ? [[job.attributes.taskId, job.attributes.workerLabel] as const] : []))),
    [jobs.data],
  );
  const rows = useMemo(() => executionTaskRows(execution.attributes, workerLabels), [execution, workerLabels]);
  return { rows, jobs: jobs.data };
}

/** Why it failed ('Execution failed' with the task's log, or the engine's error), or that it was never submitted. */
export function WorkflowAlerts({ execution }: { execution: ExecutionResource }) {
  const a = execution.attributes;
  const error = reportResults(a.executionResults).error;
  return (
    <>
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
          This execution was created but never submitted: nothing has run. Submit it to run it, or delete it; unsubmitted executions are deleted after a while.
        </Alert>
      )}
    </>
  );
}

/** Spec 1 §2: the task dependency graph and the timeline, with a running execution's estimate (issue 35 §4). */
export function WorkflowGraphs({ execution }: { execution: ExecutionResource }) {
  const { rows } = useTaskRows(execution);
  const a = execution.attributes;
  return (
    <>
      <TaskGraph executionResults={a.executionResults} />
      <TaskTimeline rows={rows} status={a.status} estimatedEnd={a.estimatedEnd} estimate={a.estimate} />
    </>
  );
}

/** Spec 1 §2: the tasks table, the child runs and, with the flag execution-report-jobs, the Related Jobs. */
export function WorkflowTasks({ execution }: { execution: ExecutionResource }) {
  const auth = useAuth();
  const { rows, jobs } = useTaskRows(execution);
  return (
    <>
      <TasksTable executionId={execution.id} rows={rows} />
      <ChildDags executionResults={execution.attributes.executionResults} />
      {auth.hasFeature('execution-report-jobs') && <RelatedJobs jobs={jobs} />}
    </>
  );
}
