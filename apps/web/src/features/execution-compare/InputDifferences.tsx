import { Table, Text } from '@mantine/core';
import type { InputDifference } from '@asb/contracts';
import { CompareSection, NoValue } from './CompareSection';
import { ChangeBadge, changeRowProps } from './ChangeBadge';

/** The inputs of both, changed ones highlighted; a password is masked on both sides and never compared. */
export function InputDifferences({ inputs }: { inputs: InputDifference[] }) {
  return (
    <CompareSection title="Inputs" empty={inputs.length === 0 ? 'No inputs' : undefined}>
      <Table verticalSpacing={4} aria-label="Input differences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Input</Table.Th>
            <Table.Th>Left</Table.Th>
            <Table.Th>Right</Table.Th>
            <Table.Th w={110} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inputs.map((input) => (
            <Table.Tr key={`${input.node_id}/${input.identifier}`} data-node={input.node_id} data-input={input.identifier} {...changeRowProps(input.change)}>
              <Table.Td>
                {input.label}
                <Text size="xs" c="dimmed" ff="monospace">
                  {input.node_id}
                </Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }} ff={input.encrypted ? 'monospace' : undefined}>
                {input.left ?? <NoValue />}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }} ff={input.encrypted ? 'monospace' : undefined}>
                {input.right ?? <NoValue />}
              </Table.Td>
              <Table.Td title={input.encrypted ? 'Password values are never compared' : undefined}>
                <ChangeBadge change={input.change} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CompareSection>
  );
}
