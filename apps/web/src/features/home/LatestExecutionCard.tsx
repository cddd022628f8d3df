import { listQueryParams, statusGroup } from '@asb/contracts';
import { Anchor, Group, Paper, Progress, Text } from '@mantine/core';
import { IconHierarchy3 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../app/api/http';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { routePath } from '../../app/routes';
import { EXECUTIONS_KEY } from '../executions/api/keys';
import { formatDateTime } from '../../ui/formatDateTime';
import { StatusBadge } from '../../ui/StatusBadge';

/** The user's own newest execution (GET builder executions?filter[ownerId]=me, newest first), following it live. */
function useLatestExecution(username: string) {
  const query = useQuery({
    queryKey: [...EXECUTIONS_KEY, 'latest-own', username],
    queryFn: async ({ signal }) => {
      const params = listQueryParams({ page: 1, pageSize: 1, sort: '-createdAt', filters: { ownerId: username } });
      return (await api('GET /builder/v1/executions', { query: params, signal, jsonApi: true })).data[0] ?? null;
    },
  });
  useLiveEvent('executionUpdate', () => void query.refetch());
  return query;
}

/** The signed-in home's hero card: the user's latest execution, its state and a way to its report; nothing before their first. */
export function LatestExecutionCard({ username }: { username: string }) {
  const { data: execution } = useLatestExecution(username);
  // before the first one, nothing in its place; the mark says the answer came (and was none)
  if (execution === null) return <div data-latest-execution="none" />;
  if (!execution) return null;
  const { processorLabel, status, progress, createdAt } = execution.attributes;
  const group = statusGroup(status);
  return (
    <Paper radius="lg" p="lg" shadow="xl" c="dark" bg="white" aria-label="Your latest execution" component="section" data-latest-execution={execution.id}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        Your latest execution
      </Text>
      <Group justify="space-between" wrap="nowrap" mt={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconHierarchy3 size={18} color="var(--mantine-color-indigo-6)" aria-hidden />
          <Text fw={700} size="sm" truncate>
            {processorLabel}
          </Text>
        </Group>
        <StatusBadge status={status} progress={progress} subject="execution" />
      </Group>
      {(group === 'running' || group === 'pending') && <Progress value={progress} mt="sm" size="sm" animated aria-label="Progress" />}
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          Started {formatDateTime(createdAt)}
        </Text>
        <Anchor component={Link} to={routePath('executionReport', { id: execution.id })} size="sm">
          Open the report
        </Anchor>
      </Group>
    </Paper>
  );
}
