import { Anchor, Center, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { StatusBadge } from '../../../ui/StatusBadge';
import { RECENT_EXECUTIONS, useRecentExecutions } from '../api';
import { sourceState } from './SourceState';

export const DEFAULT_LIST_COUNT = 8;

/** The viewer's latest executions with their status, changing live (executionUpdate), each linking to its report. */
export function ExecutionsList({ properties, height, isSignedIn }: { properties: Record<string, unknown>; height: number; isSignedIn: boolean }) {
  const count = typeof properties.count === 'number' && properties.count > 0 ? Math.min(properties.count, RECENT_EXECUTIONS) : DEFAULT_LIST_COUNT;
  const query = useRecentExecutions(isSignedIn);
  useLiveEvent('executionUpdate', () => void query.refetch());
  const placeholder = sourceState(query, isSignedIn, height);
  if (placeholder || !query.data) return placeholder;
  if (query.data.length === 0)
    return (
      <Center h={height}>
        <Text size="sm" c="dimmed">
          No executions yet.
        </Text>
      </Center>
    );
  return (
    <ScrollArea h={height} data-testid="executions-list">
      <Stack gap="xs">
        {query.data.slice(0, count).map((execution) => (
          <Group key={execution.id} justify="space-between" wrap="nowrap" data-execution={execution.attributes.identifier}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={routePath('executionReport', { id: execution.id })} size="sm" fw={500} truncate>
                {execution.attributes.processorLabel}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(execution.attributes.createdAt)}
              </Text>
            </Stack>
            <StatusBadge status={execution.attributes.status} progress={execution.attributes.progress} subject="execution" />
          </Group>
        ))}
      </Stack>
    </ScrollArea>
  );
}
