import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the page, framed as the report's sections are; `empty` stands in for its table when it has no rows. */
export function CompareSection({ title, empty, children }: { title: string; empty?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty === undefined ? (
        children
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Paper>
  );
}

/** A side that has no such row. */
export function NoValue() {
  return (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
}
