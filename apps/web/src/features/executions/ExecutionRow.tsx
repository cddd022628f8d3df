import { ActionIcon, Button, Checkbox, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconReport } from '@tabler/icons-react';
import { failureSentence } from '@asb/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../ui/StatusBadge';
import type { ExecutionKind } from './execution-kind';
import type { ExecutionLike } from './live-update';

/** The expand toggle, the status, the actions and the kind's own columns; the selection box of a kind that compares. */
export const columnCount = <T extends ExecutionLike>(kind: ExecutionKind<T>) => kind.columns.length + 3 + (kind.comparePath ? 1 : 0);

export interface ExecutionRowProps<T extends ExecutionLike> {
  kind: ExecutionKind<T>;
  execution: T;
  isExpanded: boolean;
  onToggle(): void;
  /** chosen for a comparison (docs/compare.md): a kind with comparePath only */
  selection?: { isSelected: boolean; isDisabled: boolean; onToggle(): void };
}

/**
 * One execution of any kind: status, the kind's columns, its actions and the 'Execution
 * Report' link; a failed one says why on a line below (workflows); expands to its inputs (and
 * a workflow's tasks).
 */
export function ExecutionRow<T extends ExecutionLike>({ kind, execution, isExpanded, onToggle, selection }: ExecutionRowProps<T>) {
  const a = execution.attributes;
  const detailsId = `execution-details-${execution.id}`;
  const columns = columnCount(kind);
  const failure = kind.failure?.(execution);
  const details = isExpanded ? kind.details(execution) : [];
  return (
    <>
      {/* the failure line below belongs to this row: no border between them */}
      <Table.Tr data-execution-id={execution.id} style={failure ? { borderBottom: 0 } : undefined}>
        {selection && (
          <Table.Td w={40}>
            <Checkbox
              checked={selection.isSelected}
              disabled={selection.isDisabled}
              onChange={selection.onToggle}
              aria-label={`Select ${a.identifier} to compare`}
            />
          </Table.Td>
        )}
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? detailsId : undefined}
            aria-label={`${isExpanded ? 'Hide' : 'Show'} ${kind.inputsName} of ${a.identifier}`}
          >
            {isExpanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <StatusBadge status={a.status} progress={a.progress} subject="execution" />
        </Table.Td>
        {kind.columns.map((column) => (
          <Table.Td key={column.header} style={column.isNoWrap ? { whiteSpace: 'nowrap' } : undefined}>
            {column.cell(execution)}
          </Table.Td>
        ))}
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {kind.Actions && <kind.Actions execution={execution} />}
            <Button component={Link} to={kind.reportPath(execution.id)} size="compact-sm" variant="light" leftSection={<IconReport size={14} />}>
              Execution Report
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {failure && (
        <Table.Tr data-failure-of={execution.id}>
          <Table.Td />
          <Table.Td colSpan={columns - 1} pt={0}>
            <Text size="xs" c="red.8" ff="monospace" lineClamp={2} title={failure.reason}>
              {failureSentence(failure)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {isExpanded && (
        <Table.Tr id={detailsId} bg="var(--mantine-color-gray-light)">
          <Table.Td />
          <Table.Td colSpan={columns - 1}>
            <SimpleGrid cols={{ base: 1, md: details.length }} spacing="lg">
              {details.map((detail) => (
                <div key={detail.title}>
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
                    {detail.title}
                  </Text>
                  {detail.content}
                </div>
              ))}
            </SimpleGrid>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
