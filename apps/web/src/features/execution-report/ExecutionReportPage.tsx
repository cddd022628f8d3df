import { Alert, Container, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { refusalOf } from '../../app/api/refusal';
import { useReportError } from '../../app/api/use-report-error';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { PageLoader } from '../../ui/PageLoader';
import { liveUpdateId, type ExecutionLike } from '../executions/live-update';
import { InputsTable } from './InputsTable';
import { OutputsTable } from './OutputsTable';
import type { ReportKind } from './report-kind';
import { ReportHeader } from './ReportHeader';
import { SummaryTable } from './SummaryTable';

/**
 * The report of an execution of any kind (the route's id), live while it runs:
 * /executions/{id}/report (spec 1 §2), /monitoring/applications/{id}/report and
 * /monitoring/models/{id}/report (spec 3 §2).
 */
export function ExecutionReportPage<T extends ExecutionLike>({ kind }: { kind: ReportKind<T> }) {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = kind.useExecution(id);
  useLiveEvent('executionUpdate', (message) => {
    if (liveUpdateId(message) !== id) return;
    for (const queryKey of kind.liveKeys(id)) void queryClient.invalidateQueries({ queryKey });
  });
  const isDone = (query.data?.attributes.progress ?? 0) >= 1;
  const { refetch } = query;
  useEffect(() => {
    if (!isDone || kind.refetchAfterDoneMs === undefined) return;
    const timer = setTimeout(() => void refetch(), kind.refetchAfterDoneMs);
    return () => clearTimeout(timer);
  }, [isDone, refetch, kind.refetchAfterDoneMs]);
  const refusal = refusalOf(query.error, 'execution');
  useReportError(refusal ? null : query.error, query.errorUpdatedAt, kind.service);

  if (query.isPending) return <PageLoader />;
  const execution = query.data;
  if (!execution) {
    return (
      <Container size="xl" py="xl">
        <Title order={2} mb="md">
          Execution Report
        </Title>
        <Alert color={refusal ? 'yellow' : 'red'}>{refusal ?? 'Something went wrong while fetching the execution'}</Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <ReportHeader execution={execution} actions={<kind.Actions execution={execution} />} />
        <kind.Alerts execution={execution} />
        <SummaryTable title={kind.summaryTitle} rows={kind.summaryRows(execution)} />
        {kind.BeforeInputs && <kind.BeforeInputs execution={execution} />}
        <InputsTable rows={kind.inputRows(execution)} />
        <OutputsTable rows={kind.outputRows(execution)} headers={kind.outputHeaders} service={kind.service} />
        {kind.AfterOutputs && <kind.AfterOutputs execution={execution} />}
      </Stack>
    </Container>
  );
}
