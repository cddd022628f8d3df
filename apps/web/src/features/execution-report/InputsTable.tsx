import { Table } from '@mantine/core';
import { executionInputRows, type ExecutionInputGroup } from '@asb/contracts';
import { isProductValue, ProductInputValue } from '../catalogue/product-input/ProductInputValue';
import { ReportEmpty, ReportSection } from './ReportSection';

/**
 * Spec 1 §2 Inputs table: label and value of the inputs marked user-visible; encrypted values
 * masked; a product input shows its product (id, link to the item, footprint).
 */
export function InputsTable({ inputs }: { inputs: ExecutionInputGroup[] }) {
  const rows = executionInputRows(inputs);
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
              <Table.Tr key={`${row.nodeId}.${row.identifier}`}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }} ff={row.encrypted ? 'monospace' : undefined}>
                  {!row.encrypted && isProductValue(row.value, row.dataType) ? <ProductInputValue value={row.value} /> : row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ReportSection>
  );
}
