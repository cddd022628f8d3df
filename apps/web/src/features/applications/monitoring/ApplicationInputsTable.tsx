import { Table, Text } from '@mantine/core';
import type { ExecutionTaskAttributes } from '@asb/contracts';
import { inputText } from './execution-view';

/** The inputs of an application execution as identifier = value (the list's expanded row and the report). */
export function ApplicationInputsTable({ inputs, label }: { inputs: ExecutionTaskAttributes['inputs']; label: string }) {
  if (inputs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No inputs
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label={label}>
      <Table.Tbody>
        {inputs.map((input) => (
          <Table.Tr key={input.identifier}>
            <Table.Td w={240} style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={500} ff="monospace">
                {input.identifier}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} title={typeof input.value === 'string' ? input.value : undefined}>
                {inputText(input.value) || '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
