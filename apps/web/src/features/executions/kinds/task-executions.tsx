import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime, formatDuration } from '../../../ui/formatDateTime';
import { TASKS_KEY, useTaskExecutions, type TaskExecution, type TaskExecutionAttributes, type TaskKind } from '../api/tasks';
import type { ExecutionKind } from '../execution-kind';
import { ExecutionInputs } from '../ExecutionInputs';
import { taskInputRows } from '../input-rows';
import { targetLabel, taskSeconds } from '../task-execution-view';

/** What differs between applications and models: their names and the page of what ran. */
export interface TaskKindNames {
  kind: TaskKind;
  title: string;
  subject: 'Application' | 'Model';
  empty: string;
  detailPath(attributes: Pick<TaskExecutionAttributes, 'processIdentifier' | 'workflowIdentifier'>): string;
  reportPath(id: string): string;
}

/** The link to what ran, by its label (the list's column and the report's main details). */
export function TaskSubjectLink({ names, attributes: a }: { names: Pick<TaskKindNames, 'detailPath'>; attributes: TaskExecutionAttributes }) {
  return (
    <Anchor component={Link} to={names.detailPath(a)} size="sm" fw={500}>
      {a.label || a.workflowIdentifier}
    </Anchor>
  );
}

/** Spec 3 §2 Executions lists and reports: what ran, version, target, creation and owner, duration; expands to the inputs. */
function taskExecutions(names: TaskKindNames): ExecutionKind<TaskExecution> {
  const listKey = [...TASKS_KEY[names.kind], 'list'];
  return {
    title: names.title,
    empty: names.empty,
    service: 'Taskmgr',
    inputsName: 'inputs',
    hasSearch: false,
    hasActiveBar: false,
    minWidth: 880,
    columns: [
      {
        header: names.subject,
        cell: ({ attributes: a }) => (
          <Stack gap={0}>
            <TaskSubjectLink names={names} attributes={a} />
            <Text size="xs" c="dimmed" ff="monospace">
              {a.processIdentifier}
            </Text>
          </Stack>
        ),
      },
      { header: 'Version', cell: ({ attributes: a }) => a.processVersion || 'not specified' },
      { header: 'Target', cell: ({ attributes: a }) => targetLabel(a.target) },
      {
        header: 'Created',
        isNoWrap: true,
        cell: ({ attributes: a }) => (
          <>
            <Text size="sm">{formatDateTime(a.createdAt)}</Text>
            <Text size="xs" c="dimmed">
              {a.ownerId}
            </Text>
          </>
        ),
      },
      { header: 'Duration', isNoWrap: true, cell: ({ attributes: a }) => formatDuration(taskSeconds(a)) },
    ],
    useList: ({ page }) => useTaskExecutions(names.kind, page),
    listKey,
    refreshKey: listKey,
    reportPath: names.reportPath,
    details: ({ attributes: a }) => [
      { title: 'Inputs', content: <ExecutionInputs rows={taskInputRows(a.inputs)} label={`Inputs of ${a.identifier}`} empty="No inputs" /> },
    ],
  };
}

export const APPLICATION_NAMES: TaskKindNames = {
  kind: 'application',
  title: 'Application executions',
  subject: 'Application',
  empty: 'No application executions found',
  detailPath: (a) => routePath('catalogueApplicationDetail', { id: a.processIdentifier, appId: a.workflowIdentifier }),
  reportPath: (id) => routePath('applicationReport', { id }),
};

export const MODEL_NAMES: TaskKindNames = {
  kind: 'model',
  title: 'Model executions',
  subject: 'Model',
  empty: 'No model executions found',
  detailPath: (a) => routePath('catalogueModelDetail', { id: a.processIdentifier, modelId: a.workflowIdentifier }),
  reportPath: (id) => routePath('modelReport', { id }),
};

/** /monitoring/applications */
export const APPLICATION_EXECUTIONS = taskExecutions(APPLICATION_NAMES);
/** /monitoring/models */
export const MODEL_EXECUTIONS = taskExecutions(MODEL_NAMES);
