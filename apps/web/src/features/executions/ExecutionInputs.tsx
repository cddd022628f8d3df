import type { ExecutionInputGroup } from '@asb/contracts';
import { Stack, Table, Text } from '@mantine/core';
import { shownInputs } from './execution-view';

/** The expanded part of a row: label = value of the user-visible inputs, grouped by node. */
export function ExecutionInputs({ inputs, identifier }: { inputs: ExecutionInputGroup[]; identifier: string }) {
  const groups = shownInputs(inputs);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No input parameters
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {groups.map((group) => (
        <div key={group.nodeId}>
          {groups.length > 1 && (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={2}>
              {group.nodeId}
            </Text>
          )}
          <Table withRowBorders={false} verticalSpacing={2} aria-label={`Inputs of ${identifier}${groups.length > 1 ? ` (${group.nodeId})` : ''}`}>
            <Table.Tbody>
              {group.items.map((item) => (
                <Table.Tr key={item.key}>
                  <Table.Td w={240} style={{ verticalAlign: 'top' }}>
                    <Text size="sm" fw={500}>
                      {item.label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff={item.isEncrypted ? undefined : 'monospace'} c={item.value ? undefined : 'dimmed'} style={{ wordBreak: 'break-all' }}>
                      {item.value || 'empty'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </Stack>
  );
}
