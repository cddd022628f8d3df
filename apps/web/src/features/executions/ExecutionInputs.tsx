import { Table, Text } from '@mantine/core';
import type { InputRow } from './input-rows';

/** The expanded part of a row: label = value of the execution's inputs, without a header. */
export function ExecutionInputs({ rows, label, empty }: { rows: InputRow[]; label: string; empty: string }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label={label}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td w={240} style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={500} ff={row.isIdentifier ? 'monospace' : undefined}>
                {row.label}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text
                size="sm"
                ff={row.isEncrypted ? undefined : 'monospace'}
                c={row.value ? undefined : 'dimmed'}
                style={{ wordBreak: 'break-all' }}
                title={row.isEncrypted ? undefined : row.value}
              >
                {row.value || 'empty'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
