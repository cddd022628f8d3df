import { Badge } from '@mantine/core';
import type { CompareChange } from '@asb/contracts';

const LOOK: Record<CompareChange, { label: string; color: string }> = {
  same: { label: 'Same', color: 'gray' },
  changed: { label: 'Changed', color: 'yellow' },
  added: { label: 'Only right', color: 'teal' },
  removed: { label: 'Only left', color: 'red' },
};

/** What happened to a row between the left and the right execution. */
export function ChangeBadge({ change }: { change: CompareChange }) {
  const look = LOOK[change];
  return (
    <Badge color={look.color} variant={change === 'same' ? 'outline' : 'light'} tt="none">
      {look.label}
    </Badge>
  );
}

/** A row that differs is highlighted; `data-change` lets tests and styles find it. */
export function changeRowProps(change: CompareChange) {
  return {
    'data-change': change,
    bg: change === 'same' ? undefined : change === 'changed' ? 'var(--mantine-color-yellow-light)' : 'var(--mantine-color-gray-light)',
  };
}
