import { Alert, Anchor, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../app/api/http';
import { useReportError } from '../../../app/api/use-report-error';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { KeyValueList } from '../../../ui/KeyValueList';
import { PageLoader } from '../../../ui/PageLoader';
import { StatusBadge } from '../../../ui/StatusBadge';
import { taskKey, useTaskExecution } from '../api/executions';
import { ApplicationInputsTable } from './ApplicationInputsTable';
import { ApplicationOutputsTable } from './ApplicationOutputsTable';
import { formatDuration } from '../../../ui/formatDateTime';
import { targetLabel, taskSeconds } from './execution-view';
import { liveTaskUpdate } from './live-update';
import { APPLICATION_TASKS, MODEL_TASKS, type TaskKindView } from './task-kinds';

/** Spec 3 §4 / §9: the report is read again 15 seconds after progress reaches 100. */
const REFETCH_AFTER_DONE_MS = 15_000;

/** /monitoring/applications/{id}/report (spec 3 §2): main details, error log, inputs and outputs of an application execution, live. */
export function ApplicationReportPage() {
  return <TaskReportPage view={APPLICATION_TASKS} />;
}

/** /monitoring/models/{id}/report (spec 3 §2): the same of a model execution. */
export function ModelReportPage() {
  return <TaskReportPage view={MODEL_TASKS} />;
}

function TaskReportPage({ view }: { view: TaskKindView }) {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useTaskExecution(view.kind, id);
  useLiveEvent('executionUpdate', (message) => {
    if (liveTaskUpdate(message)?.id === id) void queryClient.invalidateQueries({ queryKey: taskKey(view.kind, id) });
  });
  const isDone = (query.data?.attributes.progress ?? 0) >= 1;
  const { refetch } = query;
  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => void refetch(), REFETCH_AFTER_DONE_MS);
    return () => clearTimeout(timer);
  }, [isDone, refetch]);
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  useReportError(isNotFound ? null : query.error, query.errorUpdatedAt, 'Taskmgr');

  if (query.isPending) return <PageLoader />;
  if (!query.data) {
    return (
      <Container size="xl" py="xl">
        <Title order={2} mb="md">
          Execution Report
        </Title>
        <Alert color={isNotFound ? 'yellow' : 'red'}>{isNotFound ? 'Execution not found' : 'Something went wrong while fetching the execution'}</Alert>
      </Container>
    );
  }
  const execution = query.data;
  const a = execution.attributes;
  const progress = Math.round(a.progress * 100);
  const rows: [string, React.ReactNode][] = [
    [
      view.subject,
      <Anchor key="app" component={Link} to={view.detailPath(a)}>
        {a.label || a.workflowIdentifier}
      </Anchor>,
    ],
    ['Collection', a.processIdentifier],
    ['Version', a.processVersion || 'not specified'],
    ['Owner', a.ownerId],
    ['Status', <StatusBadge key="status" status={a.status} progress={a.progress} />],
    [
      'Progress',
      <Group key="progress" gap="sm" wrap="nowrap">
        <Progress value={progress} w={200} aria-label="Progress" />
        <Text size="sm">{progress}%</Text>
      </Group>,
    ],
    ['Target platform', targetLabel(a.target)],
    ...(a.remoteJob
      ? [
          [
            'Remote job',
            <Anchor key="remote" href={a.remoteJob} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
              {a.remoteJob}
            </Anchor>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ['Created', formatDateTime(a.createdAt)],
    ['Completion time', formatDateTime(a.completionTime)],
    ['Execution time', formatDuration(taskSeconds(a))],
  ];
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2}>Execution Report</Title>
            <Text c="dimmed" ff="monospace" size="sm">
              {a.identifier}
            </Text>
          </div>
          <Button component={Link} to={routePath('executionReport', { id: execution.id })} variant="light" leftSection={<IconFileText size={16} />}>
            Full report and task log
          </Button>
        </Group>
        {a.errorLog && (
          <Alert color="red" variant="light" title="Error log">
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="error-log">
              {a.errorLog}
            </Text>
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Main details
          </Title>
          <KeyValueList rows={rows} labelWidth={180} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Inputs
          </Title>
          <ApplicationInputsTable inputs={a.inputs} label="Inputs" />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            Outputs
          </Title>
          <ApplicationOutputsTable executionId={execution.id} results={a.executionResults} />
        </Paper>
      </Stack>
    </Container>
  );
}
