import { Alert, Anchor, Button, Group, Progress, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime, formatDuration } from '../../../ui/formatDateTime';
import { taskKey, useTaskExecution, type TaskExecution } from '../../executions/api/tasks';
import { taskInputRows } from '../../executions/input-rows';
import { APPLICATION_NAMES, MODEL_NAMES, TaskSubjectLink, type TaskKindNames } from '../../executions/kinds/task-executions';
import { targetLabel, taskSeconds } from '../../executions/task-execution-view';
import type { ReportKind } from '../report-kind';
import type { SummaryRow } from '../SummaryTable';
import { taskOutputRows } from '../task-outputs';

/** Spec 3 §4 / §9: the report is read again 15 seconds after progress reaches 100. */
const REFETCH_AFTER_DONE_MS = 15_000;

/** The same execution's workflow report holds its task log. */
function FullReportButton({ execution }: { execution: TaskExecution }) {
  return (
    <Button component={Link} to={routePath('executionReport', { id: execution.id })} variant="light" leftSection={<IconFileText size={16} />}>
      Full report and task log
    </Button>
  );
}

/** Spec 3 §2: the error log in a red alert, line breaks preserved. */
function ErrorLog({ execution }: { execution: TaskExecution }) {
  const { errorLog } = execution.attributes;
  if (!errorLog) return null;
  return (
    <Alert color="red" variant="light" title="Error log">
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="error-log">
        {errorLog}
      </Text>
    </Alert>
  );
}

/** Why its task has not started (no worker offers what it needs), while it waits. */
function WaitingReason({ execution }: { execution: TaskExecution }) {
  const { statusMessage } = execution.attributes;
  if (!statusMessage) return null;
  return (
    <Alert color="yellow" variant="light" title="Not started yet" role="status">
      <Text size="sm">{statusMessage}</Text>
    </Alert>
  );
}

function TaskAlerts({ execution }: { execution: TaskExecution }) {
  return (
    <>
      <WaitingReason execution={execution} />
      <ErrorLog execution={execution} />
    </>
  );
}

function mainDetails(names: TaskKindNames, { attributes: a }: TaskExecution): SummaryRow[] {
  const progress = Math.round(a.progress * 100);
  return [
    { key: 'subject', label: names.subject, value: <TaskSubjectLink names={names} attributes={a} /> },
    { key: 'collection', label: 'Collection', value: a.processIdentifier },
    { key: 'version', label: 'Version', value: a.processVersion || 'not specified' },
    { key: 'owner', label: 'Owner', value: a.ownerId },
    {
      key: 'progress',
      label: 'Progress',
      value: (
        <Group gap="sm" wrap="nowrap">
          <Progress value={progress} w={200} aria-label="Progress" />
          <Text size="sm">{progress}%</Text>
        </Group>
      ),
    },
    { key: 'target', label: 'Target platform', value: targetLabel(a.target) },
    ...(a.remoteJob
      ? [
          {
            key: 'remoteJob',
            label: 'Remote job',
            value: (
              <Anchor href={a.remoteJob} target="_blank" rel="noreferrer" size="sm">
                {a.remoteJob}
              </Anchor>
            ),
          },
        ]
      : []),
    { key: 'created', label: 'Created', value: formatDateTime(a.createdAt) },
    { key: 'completion', label: 'Completion time', value: formatDateTime(a.completionTime) },
    { key: 'executionTime', label: 'Execution time', value: formatDuration(taskSeconds(a)) },
  ];
}

/** Spec 3 §2 Executions lists and reports: main details, error log, inputs and outputs. */
function taskReport(names: TaskKindNames): ReportKind<TaskExecution> {
  return {
    service: 'Taskmgr',
    useExecution: (id) => useTaskExecution(names.kind, id),
    liveKeys: (id) => [taskKey(names.kind, id)],
    refetchAfterDoneMs: REFETCH_AFTER_DONE_MS,
    Actions: FullReportButton,
    Alerts: TaskAlerts,
    summaryTitle: 'Main details',
    summaryRows: (execution) => mainDetails(names, execution),
    inputRows: (execution) => taskInputRows(execution.attributes.inputs),
    outputHeaders: { key: 'Output', type: 'Kind', value: 'Value' },
    outputRows: (execution) => taskOutputRows(execution.id, execution.attributes.executionResults),
  };
}

/** /monitoring/applications/{id}/report */
export const APPLICATION_REPORT = taskReport(APPLICATION_NAMES);
/** /monitoring/models/{id}/report */
export const MODEL_REPORT = taskReport(MODEL_NAMES);
