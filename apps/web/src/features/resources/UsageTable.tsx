import { Loader, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';

interface UsageColumn<T> {
  /** its header; an actions column shows none and only names it for screen readers */
  header: string;
  isHeaderHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** dates and durations stay on one line */
  isNowrap?: boolean;
  minWidth?: number;
}

interface UsageTableProps<T> {
  /** its accessible name */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key | null;
  columns: readonly UsageColumn<T>[];
  /** what it says when it has no rows, once loaded */
  empty: string;
  isPending: boolean;
  isError: boolean;
  /** narrower than this, it scrolls sideways */
  minWidth?: number;
  spacing?: 'xs' | 'sm';
}

/** A table of the Resources Usage page: a row per record; without rows, loading, failed or empty. */
export function UsageTable<T>({ label, rows, rowKey, columns, empty, isPending, isError, minWidth, spacing = 'sm' }: UsageTableProps<T>) {
  const table = (
    <Table verticalSpacing={spacing} aria-label={label}>
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
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.header} style={column.isNowrap ? { whiteSpace: 'nowrap' } : undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length} ta="center" py="lg">
              {isPending ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{isError ? 'Something went wrong while fetching them' : empty}</Text>}
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
