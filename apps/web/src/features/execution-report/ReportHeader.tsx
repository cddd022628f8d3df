import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../ui/StatusBadge';
import type { ExecutionLike } from '../executions/live-update';

/** Spec 1 §2: 'Execution Report', the identifier, the status badge; the kind's buttons on the right. */
export function ReportHeader({ execution, actions }: { execution: ExecutionLike; actions: ReactNode }) {
  const a = execution.attributes;
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4}>
        <Title order={2}>Execution Report</Title>
        <Group gap="sm">
          <Text ff="monospace" data-testid="execution-identifier" style={{ wordBreak: 'break-all' }}>
            {a.identifier}
          </Text>
          <StatusBadge status={a.status} progress={a.progress} subject="execution" />
        </Group>
      </Stack>
      <Group gap="sm">{actions}</Group>
    </Group>
  );
}
