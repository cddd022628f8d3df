import { Table } from '@mantine/core';
import type { OutputDifference } from '@asb/contracts';
import { CompareSection } from './CompareSection';
import { OutputRow } from './OutputRow';

/** The outputs of both by task and key; a raster's mean difference per band; changed ones highlighted. */
export function OutputDifferences({ outputs }: { outputs: OutputDifference[] }) {
  return (
    <CompareSection title="Outputs" empty={outputs.length === 0 ? 'No outputs' : undefined}>
      <Table verticalSpacing={4} aria-label="Output differences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Output</Table.Th>
            <Table.Th>Left</Table.Th>
            <Table.Th>Right</Table.Th>
            <Table.Th w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outputs.map((output) => (
            <OutputRow key={`${output.task_id}/${output.key}`} output={output} />
          ))}
        </Table.Tbody>
      </Table>
    </CompareSection>
  );
}
