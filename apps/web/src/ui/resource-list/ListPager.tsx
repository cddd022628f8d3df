import type { Pagination as PageCounts } from '@asb/contracts';
import { Group, Pagination, Text } from '@mantine/core';
import { pluralForm } from '../plural';
import type { ResourceNoun } from './types';

/** 1000 -> '1 000' (the and the spec's way of writing thousands) */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * How many rows a list has, as the server counted them: a capped count (meta.pagination.capped)
 * is a lower bound, '1 000+': the server stops counting there, and the pages after the last one
 * shown count further.
 */
function countText({ count, capped }: PageCounts): string {
  return capped ? `${grouped(count)}+` : grouped(count);
}

interface ListPagerProps {
  pagination: PageCounts;
  page: number;
  onChange(page: number): void;
  /** what the rows are: '1 execution', '2 executions' */
  noun: ResourceNoun;
}

/** The count and the page numbers under a list. */
export function ListPager({ pagination, page, onChange, noun }: ListPagerProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" title={pagination.capped ? `At least ${grouped(pagination.count)}: the count stops there` : undefined}>
        {countText(pagination)} {pluralForm(pagination.count, noun.name.toLowerCase(), noun.plural)}
      </Text>
      {pagination.pages > 1 && (
        <Group gap={4}>
          <Pagination total={pagination.pages} value={page} onChange={onChange} size="sm" />
          {pagination.capped && (
            <Text size="sm" c="dimmed" aria-label="More pages after these">
              …
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}
