import { Loader, Table, Text, type MantineSpacing } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** A column, named as the generic list's columns are (ui/resource-list ResourceColumn: header, render, noWrap). */
export interface DataColumn<T> {
  /** its header, unique in its table; an actions column shows none and only names it for screen readers */
  header: string;
  isHeaderHidden?: boolean;
  render(row: T): ReactNode;
  /** keeps the cell on one line (dates, durations) */
  noWrap?: boolean;
  minWidth?: number;
}

interface DataTableProps<T> {
  /** its accessible name */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): Key;
  /** what the one row of an empty table says once loaded, in the generic list's words ('Something went wrong while fetching …') */
  emptyText?: string;
  isLoading?: boolean;
  /** narrower than this, it scrolls sideways */
  minWidth?: number;
  spacing?: MantineSpacing | number;
}

/**
 * A read-only table of rows already at hand (a usage record, an item's links, a model's signature),
 * drawn as the generic resource list draws its own (ResourceTable), without its search, sort and pages.
 */
export function DataTable<T>({ label, columns, rows, rowKey, emptyText, isLoading = false, minWidth, spacing = 'sm' }: DataTableProps<T>) {
  const table = (
    <Table verticalSpacing={spacing} highlightOnHover aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.isHeaderHidden ? (
              <Table.Th key={column.header} aria-label={column.header} />
            ) : (
              <Table.Th key={column.header} miw={column.minWidth}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.header} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {rows.length === 0 && (isLoading || emptyText) && (
          <Table.Tr>
            <Table.Td colSpan={columns.length} ta="center" py="xl">
              {isLoading ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{emptyText}</Text>}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return table;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      {table}
    </Table.ScrollContainer>
  );
}
