import { Table } from '@mantine/core';
import type { ReportSummaryRow } from '@asb/contracts';
import { ReportSection } from './ReportSection';

/** Spec 1 §2 Summary table (rows and display rules from @asb/contracts, shared with the PDF). */
export function SummaryTable({ rows }: { rows: ReportSummaryRow[] }) {
  return (
    <ReportSection title="Summary">
      <Table withRowBorders verticalSpacing={4} aria-label="Summary">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-summary={row.key}>
              <Table.Th w={200} fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ReportSection>
  );
}
