import type { EngineAttempt } from '@asb/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../../app/api/error-handler';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { routePath } from '../../../app/routes';
import { formatDateTime } from '../../../ui/formatDateTime';
import { AUDIT_KEY, ENGINE_KEY, engineActions, useEngineSnapshot } from '../api/admin';
import { AuditLog } from './AuditLog';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-figure={label}>
        {value}
      </Text>
    </Card>
  );
}

function AttemptsTable({ attempts, actions }: { attempts: EngineAttempt[]; actions?: (attempt: EngineAttempt) => React.ReactNode }) {
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Execution</Table.Th>
          <Table.Th>Task</Table.Th>
          <Table.Th>Try</Table.Th>
          <Table.Th>Worker</Table.Th>
          <Table.Th>{actions ? 'Age' : 'Ended'}</Table.Th>
          {!actions && <Table.Th>Error</Table.Th>}
          {actions && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.map((attempt) => (
          <Table.Tr key={attempt.taskRowId} data-task-row={attempt.taskRowId}>
            <Table.Td>
              <Anchor component={Link} to={routePath('executionReport', { id: attempt.executionId })} size="sm">
                {attempt.executionIdentifier}
              </Anchor>
            </Table.Td>
            <Table.Td>{attempt.taskId}</Table.Td>
            <Table.Td>{attempt.tryNumber}</Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {attempt.worker ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {actions ? `${attempt.ageSeconds ?? 0} s` : attempt.endedAt ? formatDateTime(attempt.endedAt) : '—'}
            </Table.Td>
            {!actions && (
              <Table.Td>
                <Text size="xs" lineClamp={2}>
                  {attempt.error}
                </Text>
              </Table.Td>
            )}
            {actions && <Table.Td>{actions(attempt)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /wengine/admin (docs/admin.md "Engine"): the executor and its slots, the workers, the queue, the
 * running attempts with their task and age (stop one: the task fails; requeue: it runs again),
 * the latest failed attempts and the audit log; polled every 5 s and on every execution update.
 */
export function EngineAdmin() {
  const query = useEngineSnapshot();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  useLiveEvent('executionUpdate', () => void query.refetch());
  const act = async (attempt: EngineAttempt, action: 'stop' | 'requeue') => {
    setBusy(`${action}:${attempt.taskRowId}`);
    try {
      await engineActions[action](attempt.taskRowId);
      notifications.show({ message: `${attempt.executionIdentifier}/${attempt.taskId} ${action === 'stop' ? 'stopped' : 'requeued'}`, color: 'green' });
    } catch (error) {
      handleError(error, 'Airflow');
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ENGINE_KEY });
      await queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    }
  };
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Alert color="red">Something went wrong while fetching the engine’s state</Alert>;
  const snapshot = query.data;
  return (
    <Stack gap="lg" data-testid="engine-admin">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label="Executor" value={snapshot.executor.name} />
        <Figure
          label="Free slots"
          value={snapshot.executor.slots === null ? 'on the workers' : `${snapshot.executor.freeSlots} of ${snapshot.executor.slots}`}
        />
        <Figure label="Queued" value={snapshot.queue.queued} />
        <Figure label="Waiting to retry" value={snapshot.queue.waitingForRetry} />
        <Figure label="Active executions" value={snapshot.queue.activeExecutions} />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={4}>Workers</Title>
        {snapshot.workers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No worker runs an attempt now.
          </Text>
        ) : (
          <Group>
            {snapshot.workers.map((worker) => (
              <Card key={worker.label} withBorder padding="xs">
                <Text size="xs" ff="monospace">
                  {worker.label}
                </Text>
                <Text size="sm">{worker.running} running</Text>
              </Card>
            ))}
          </Group>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Running attempts</Title>
        {snapshot.running.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing runs now.
          </Text>
        ) : (
          <AttemptsTable
            attempts={snapshot.running}
            actions={(attempt) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" loading={busy === `requeue:${attempt.taskRowId}`} onClick={() => void act(attempt, 'requeue')}>
                  Requeue
                </Button>
                <Button size="xs" color="red" variant="light" loading={busy === `stop:${attempt.taskRowId}`} onClick={() => void act(attempt, 'stop')}>
                  Stop
                </Button>
              </Group>
            )}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Failed attempts</Title>
        {snapshot.failed.length === 0 ? (
          <Text size="sm" c="dimmed">
            No failed attempts.
          </Text>
        ) : (
          <AttemptsTable attempts={snapshot.failed} />
        )}
      </Stack>
      <AuditLog service="wengine" />
    </Stack>
  );
}
