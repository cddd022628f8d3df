import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComparedExecution, ExecutionComparison } from '@asb/contracts';
import { Link } from 'react-router';
import { routePath, type RouteKey } from '../../app/routes';
import { formatDateTime, formatDuration } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';
import { signed } from './output-values';

/** Each kind's report page (docs/execution-report.md "Every kind"). */
const REPORT_ROUTE = { workflow: 'executionReport', application: 'applicationReport', model: 'modelReport' } as const satisfies Record<
  ComparedExecution['kind'],
  RouteKey
>;

function ExecutionCard({ side, execution }: { side: 'Left' | 'Right'; execution: ComparedExecution }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={`${side} execution`} role="region">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {side}
          </Text>
          <StatusBadge status={execution.status} subject="execution" />
        </Group>
        <Anchor component={Link} to={routePath(REPORT_ROUTE[execution.kind], { id: execution.id })} ff="monospace" style={{ wordBreak: 'break-all' }}>
          {execution.identifier}
        </Anchor>
        <Text size="sm">
          {execution.processorLabel} · version {execution.processorVersion} · by {execution.ownerId}
        </Text>
        <Text size="sm" c="dimmed">
          Started {formatDateTime(execution.startTime)} · took {formatDuration(execution.duration)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The two executions side by side, and how much longer the right one took. */
export function CompareHeader({ comparison }: { comparison: ExecutionComparison }) {
  const { left, right } = comparison;
  const difference = left.duration !== null && right.duration !== null ? right.duration - left.duration : null;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ExecutionCard side="Left" execution={left} />
        <ExecutionCard side="Right" execution={right} />
      </SimpleGrid>
      {left.processorLabel !== right.processorLabel && (
        <Text size="sm" c="yellow.9">
          These are runs of different workflows: {left.processorLabel} and {right.processorLabel}.
        </Text>
      )}
      {difference !== null && (
        <Text size="sm" c="dimmed">
          Duration: the right took {signed(difference)} s against the left.
        </Text>
      )}
    </Stack>
  );
}
