import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReportSection } from './ReportSection';

export interface SummaryRow {
  key: string;
  label: string;
  value: ReactNode;
}

/** The report's key facts: spec 1 §2 Summary table (rows from @asb/contracts, shared with the PDF), spec 3 §2 main details. */
export function SummaryTable({ title, rows }: { title: string; rows: SummaryRow[] }) {
  return (
    <ReportSection title={title}>
      <Table withRowBorders verticalSpacing={4} aria-label={title}>
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
