import { Table, Text } from '@mantine/core';
import type { InputRow } from '../executions/input-rows';
import { isProductValue, ProductInputValue } from '../catalogue/product-input/ProductInputValue';
import { ReportEmpty, ReportSection } from './ReportSection';

/**
 * The report's inputs (spec 1 §2 Inputs table: label and value of the inputs marked
 * user-visible, encrypted values masked; spec 3 §2: an application's inputs by identifier);
 * a workflow's product input shows its product (id, link to the item, footprint).
 */
export function InputsTable({ rows }: { rows: InputRow[] }) {
  return (
    <ReportSection title="Inputs">
      {rows.length === 0 ? (
        <ReportEmpty text="No inputs" />
      ) : (
        <Table verticalSpacing={4} aria-label="Inputs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td ff={row.isIdentifier ? 'monospace' : undefined}>{row.label}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }} ff={row.isEncrypted || row.isIdentifier ? 'monospace' : undefined}>
                  {!row.isEncrypted && row.dataType !== undefined && isProductValue(row.value, row.dataType) ? (
                    <ProductInputValue value={row.value} />
                  ) : (
                    row.value || (
                      <Text span size="sm" c="dimmed">
                        —
                      </Text>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ReportSection>
  );
}
