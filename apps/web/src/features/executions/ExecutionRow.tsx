import { ActionIcon, Anchor, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCalendarTime, IconChevronDown, IconChevronRight, IconReport } from '@tabler/icons-react';
import { failureSentence } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { formatDateTime } from '../../ui/formatDateTime';
import { isActive, type Execution } from './api/executions';
import { ExecutionInputs } from './ExecutionInputs';
import { ExecutionTasks } from './ExecutionTasks';
import { StatusBadge } from '../../ui/StatusBadge';
import { StopExecutionButton } from './StopExecutionButton';

import { UnsubmittedExecutionActions } from './UnsubmittedExecutionActions';

export const EXECUTION_COLUMN_COUNT = 6;

export interface ExecutionRowProps {
  execution: Execution;
  isExpanded: boolean;
  onToggle(): void;
}

/**
 * One execution: status, workflow, owner, start, report and schedule links, Stop while it
 * is pending or running, Submit and Delete while it was never submitted (as permitted); a
 * failed one says why on a line below; expands to its inputs and tasks.
 */
export function ExecutionRow({ execution, isExpanded, onToggle }: ExecutionRowProps) {
  const a = execution.attributes;
  const detailsId = `execution-inputs-${execution.id}`;
  const canStop = isActive(execution) && a.permissions.change;
  const isUnsubmitted = a.status === 'created';
  return (
    <>
      {/* the failure line below belongs to this row: no border between them */}
      <Table.Tr data-execution-id={execution.id} style={a.failure ? { borderBottom: 0 } : undefined}>
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? detailsId : undefined}
            aria-label={`${isExpanded ? 'Hide' : 'Show'} input parameters of ${a.identifier}`}
          >
            {isExpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <StatusBadge status={a.status} progress={a.progress} />
        </Table.Td>
        <Table.Td>
          <Stack gap={0}>
            <Anchor component={Link} to={routePath('workflow', { id: a.processorId })} size="sm" fw={500}>
              {a.processorLabel}
            </Anchor>
            <Text size="xs" c="dimmed" ff="monospace">
              {a.identifier}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>{a.ownerId}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.createdAt)}</Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {canStop && <StopExecutionButton id={execution.id} identifier={a.identifier} />}
            {isUnsubmitted && (
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
            <Button
              component={Link}
              to={routePath('executionReport', { id: execution.id })}
              size="compact-sm"
              variant="light"
              leftSection={<IconReport size={14} />}
            >
              Execution Report
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {a.failure && (
        <Table.Tr data-failure-of={execution.id}>
          <Table.Td />
          <Table.Td colSpan={EXECUTION_COLUMN_COUNT - 1} pt={0}>
            <Text size="xs" c="red.8" ff="monospace" lineClamp={2} title={a.failure.reason}>
              {failureSentence(a.failure)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {isExpanded && (
        <Table.Tr id={detailsId} bg="var(--mantine-color-gray-light)">
          <Table.Td />
          <Table.Td colSpan={EXECUTION_COLUMN_COUNT - 1}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <div>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                  Input parameters
                </Text>
                <ExecutionInputs inputs={a.inputs} identifier={a.identifier} />
              </div>
              <div>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                  Tasks
                </Text>
                <ExecutionTasks executionId={execution.id} identifier={a.identifier} executionResults={a.executionResults} />
              </div>
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
