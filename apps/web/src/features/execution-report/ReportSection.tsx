import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the report page (summary, inputs, outputs, tasks, child runs, jobs). */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** What a section shows when it has no rows. */
export function ReportEmpty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}
