import { Group, Progress, Text } from '@mantine/core';
import { STATUS_GROUP_COLORS } from '@asb/contracts';
import { ACTIVE_STATUSES, useExecutionCount } from './api/executions';
import { activeShares } from './execution-view';

/** One bar combining the pending and running executions, with their counts (spec 1 §2 Execution list). */
export function ActiveExecutionsBar() {
  const pending = useExecutionCount(ACTIVE_STATUSES.pending);
  const running = useExecutionCount(ACTIVE_STATUSES.running);
  if (pending.isError || running.isError) return null;
  const counts = { pending: pending.data ?? 0, running: running.data ?? 0 };
  const shares = activeShares(counts);
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Active executions
        </Text>
        <Text size="sm" c="dimmed" data-testid="active-counts">
          {counts.pending} pending · {counts.running} running
        </Text>
      </Group>
      <Progress.Root size="md" aria-label="Pending and running executions">
        <Progress.Section
          value={shares.pending}
          color={STATUS_GROUP_COLORS.pending}
          striped
          animated={counts.pending > 0}
          aria-label={`${counts.pending} pending`}
        />
        <Progress.Section
          value={shares.running}
          color={STATUS_GROUP_COLORS.running}
          striped
          animated={counts.running > 0}
          aria-label={`${counts.running} running`}
        />
      </Progress.Root>
    </div>
  );
}
