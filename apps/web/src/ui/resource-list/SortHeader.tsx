import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

export interface SortHeaderProps {
  label: string;
  field: string;
  /** current sort, '-' prefixed when descending */
  sort?: string;
  onSort(sort: string): void;
}

/** A header that toggles ascending -> descending on its field. */
export function SortHeader({ label, field, sort, onSort }: SortHeaderProps) {
  const isAscending = sort === field;
  const isDescending = sort === `-${field}`;
  const Icon = isAscending ? IconArrowUp : isDescending ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={() => onSort(isAscending ? `-${field}` : field)} fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} opacity={isAscending || isDescending ? 1 : 0.4} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
