import { ActionIcon, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconReport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/formatDateTime';
import { StatusBadge } from '../../../ui/StatusBadge';
import type { ApplicationExecution } from '../api/executions';
import { ApplicationInputsTable } from './ApplicationInputsTable';
import { formatDuration } from '../../../ui/formatDateTime';
import { targetLabel, taskSeconds } from './execution-view';
import type { TaskKindView } from './task-kinds';

export const TASK_EXECUTION_COLUMNS = 8;

/** One application or model execution: status, what ran, version, target, owner, creation, duration, report; expands to its inputs. */
export function TaskExecutionRow({
  view,
  execution,
  isExpanded,
  onToggle,
}: {
  view: TaskKindView;
  execution: ApplicationExecution;
  isExpanded: boolean;
  onToggle(): void;
}) {
  const a = execution.attributes;
  const detailsId = `${view.kind}-execution-inputs-${execution.id}`;
  return (
    <>
      <Table.Tr data-execution-id={execution.id}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? detailsId : undefined}
            aria-label={`${isExpanded ? 'Hide' : 'Show'} inputs of ${a.identifier}`}
          >
            {isExpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <StatusBadge status={a.status} progress={a.progress} />
        </Table.Td>
        <Table.Td>
          <Stack gap={0}>
            <Anchor component={Link} to={view.detailPath(a)} size="sm" fw={500}>
              {a.label || a.workflowIdentifier}
            </Anchor>
            <Text size="xs" c="dimmed" ff="monospace">
              {a.processIdentifier}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>{a.processVersion || 'not specified'}</Table.Td>
        <Table.Td>{targetLabel(a.target)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatDateTime(a.createdAt)}</Text>
          <Text size="xs" c="dimmed">
            {a.ownerId}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(taskSeconds(a))}</Table.Td>
        <Table.Td>
          <Button component={Link} to={view.reportPath(execution.id)} size="compact-sm" variant="light" leftSection={<IconReport size={14} />}>
            Execution Report
          </Button>
        </Table.Td>
      </Table.Tr>
      {isExpanded && (
        <Table.Tr id={detailsId} bg="var(--mantine-color-gray-light)">
          <Table.Td />
          <Table.Td colSpan={TASK_EXECUTION_COLUMNS - 1}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
              Inputs
            </Text>
            <ApplicationInputsTable inputs={a.inputs} label={`Inputs of ${a.identifier}`} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
