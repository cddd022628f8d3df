import { executionInputRows, type ExecutionInputGroup } from '@asb/contracts';
import { Table, Text } from '@mantine/core';

/** The expanded part of a row: label = value of the user-visible inputs (the report's rules: secrets masked). */
export function ExecutionInputs({ inputs, identifier }: { inputs: ExecutionInputGroup[]; identifier: string }) {
  const rows = executionInputRows(inputs);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No input parameters
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label={`Inputs of ${identifier}`}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.nodeId}.${row.identifier}`}>
            <Table.Td w={240} style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={500}>
                {row.label}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff={row.encrypted ? undefined : 'monospace'} c={row.value ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
                {row.value || 'empty'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
