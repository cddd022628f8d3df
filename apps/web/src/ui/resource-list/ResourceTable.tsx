import { Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ArchivedCell } from './ArchivedCell';
import { rowState } from './row-state';
import { SortHeader } from './SortHeader';
import type { ListRow, ResourceColumn } from './types';

export interface ResourceTableProps<A extends object> {
  columns: ResourceColumn<A>[];
  rows: ListRow<A>[];
  isLoading: boolean;
  emptyText: string;
  sort?: string;
  onSort(sort: string): void;
  /** the row menu (or other trailing actions) of one row */
  renderActions?(row: ListRow<A>): ReactNode;
}

export function ResourceTable<A extends object>({ columns, rows, isLoading, emptyText, sort, onSort, renderActions }: ResourceTableProps<A>) {
  const span = columns.length + (renderActions ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width}>
                {column.sortField ? <SortHeader label={column.header} field={column.sortField} sort={sort} onSort={onSort} /> : column.header}
              </Table.Th>
            ))}
            {renderActions && <Table.Th w={48} aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const { isArchived } = rowState(row);
            return (
              <Table.Tr key={row.id} data-archived={isArchived || undefined} style={isArchived ? { opacity: 0.6 } : undefined}>
                {columns.map((column, index) => (
                  <Table.Td key={column.key} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {index === 0 && isArchived ? <ArchivedCell>{column.render(row)}</ArchivedCell> : column.render(row)}
                  </Table.Td>
                ))}
                {renderActions && <Table.Td ta="right">{renderActions(row)}</Table.Td>}
              </Table.Tr>
            );
          })}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={span} ta="center" py="xl">
                {isLoading ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{emptyText}</Text>}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
