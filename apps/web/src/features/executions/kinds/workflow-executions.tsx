import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { isActive, useExecutions, type Execution } from '../api/executions';
import { EXECUTIONS_KEY } from '../api/keys';
import type { ExecutionKind } from '../execution-kind';
import { EndsIn } from '../EndsIn';
import { ExecutionInputs } from '../ExecutionInputs';
import { ExecutionTasksOf } from '../ExecutionTasksOf';
import { workflowInputRows } from '../input-rows';
import { StopExecutionButton } from '../StopExecutionButton';
import { UnsubmittedExecutionActions } from '../UnsubmittedExecutionActions';

/** Stop while it is pending or running, Submit and Delete while it was never submitted (as permitted), its schedule. */
function WorkflowActions({ execution }: { execution: Execution }) {
  const a = execution.attributes;
  return (
    <>
      {isActive(execution) && a.permissions.change && <StopExecutionButton id={execution.id} identifier={a.identifier} />}
      {a.status === 'created' && (
        <UnsubmittedExecutionActions id={execution.id} identifier={a.identifier} canSubmit={a.permissions.change} canDelete={a.permissions.delete} />
      )}
      {a.schedule && (
        <Button
          component={Link}
          to={routePath('schedule', { id: a.schedule.id })}
          size="compact-sm"
          variant="subtle"
          leftSection={<IconCalendarTime size={14} />}
          title={`Schedule ${a.schedule.identifier}`}
        >
          {a.schedule.identifier}
        </Button>
      )}
    </>
  );
}

/** /monitoring (spec 1 §2 Execution list): columns Workflow, Executed by, Started at, Ends (a running one's estimate); a search box and the bar of active executions. */
export const WORKFLOW_EXECUTIONS: ExecutionKind<Execution> = {
  title: 'Executions',
  empty: 'No executions found',
  service: 'builder',
  inputsName: 'input parameters',
  hasSearch: true,
  hasActiveBar: true,
  minWidth: 720,
  columns: [
    {
      header: 'Workflow',
      cell: ({ attributes: a }) => (
        <Stack gap={0}>
          <Anchor component={Link} to={routePath('workflow', { id: a.processorId })} size="sm" fw={500}>
            {a.processorLabel}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {a.identifier}
          </Text>
        </Stack>
      ),
    },
    { header: 'Executed by', cell: ({ attributes: a }) => a.ownerId },
    { header: 'Started at', cell: ({ attributes: a }) => formatDateTime(a.createdAt), isNoWrap: true },
    // issue 35 §4: a running execution's expected end, when earlier runs tell (docs/estimates.md)
    {
      header: 'Ends',
      cell: ({ attributes: a }) => (a.status === 'running' && a.estimatedEnd !== undefined ? <EndsIn estimatedEnd={a.estimatedEnd} /> : null),
      isNoWrap: true,
    },
  ],
  useList: useExecutions,
  listKey: [...EXECUTIONS_KEY, 'list'],
  // the bar's counts and an open report show the same executions
  refreshKey: EXECUTIONS_KEY,
  reportPath: (id) => routePath('executionReport', { id }),
  comparePath: ([left, right]) => `${routePath('executionCompare')}?ids=${encodeURIComponent(left)},${encodeURIComponent(right)}`,
  Actions: WorkflowActions,
  failure: (execution) => execution.attributes.failure,
  details: ({ id, attributes: a }) => [
    {
      title: 'Input parameters',
      content: <ExecutionInputs rows={workflowInputRows(a.inputs)} label={`Inputs of ${a.identifier}`} empty="No input parameters" />,
    },
    { title: 'Tasks', content: <ExecutionTasksOf executionId={id} identifier={a.identifier} /> },
  ],
};
