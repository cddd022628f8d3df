import { Container, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useReportError } from '../../../app/api/use-report-error';
import { useLiveEvent } from '../../../app/live/useLiveEvent';
import { TASKS_KEY, useTaskExecutions } from '../api/executions';
import { TASK_EXECUTION_COLUMNS, TaskExecutionRow } from './TaskExecutionRow';
import { APPLICATION_TASKS, MODEL_TASKS, type TaskKindView } from './task-kinds';
import { withLiveUpdate, type ApplicationExecutionPage } from './live-update';

const FAILED = 'Something went wrong while fetching executions';

/** /monitoring/applications (spec 3 §2 Executions lists and reports): the application executions, newest first, live. */
export function ApplicationExecutionsPage() {
  return <TaskExecutionsPage view={APPLICATION_TASKS} />;
}

/** /monitoring/models (spec 3 §2 Executions lists and reports): the model executions, newest first, live. */
export function ModelExecutionsPage() {
  return <TaskExecutionsPage view={MODEL_TASKS} />;
}

function TaskExecutionsPage({ view }: { view: TaskKindView }) {
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const query = useTaskExecutions(view.kind, page);
  const queryClient = useQueryClient();
  // executionUpdate (spec 3 §7 Live updates): the row's badge takes the new status at once, then the page is read again
  useLiveEvent('executionUpdate', (message) => {
    queryClient.setQueriesData<ApplicationExecutionPage>({ queryKey: [...TASKS_KEY[view.kind], 'list'] }, (document) => withLiveUpdate(document, message));
    void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY[view.kind], 'list'] });
  });
  useReportError(query.error, query.errorUpdatedAt, 'Taskmgr');
  const rows = query.data?.data ?? [];
  const pagination = query.data?.meta.pagination;
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Title order={2}>{view.title}</Title>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={880} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label={view.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} aria-label="Inputs" />
                  <Table.Th w={110}>Status</Table.Th>
                  <Table.Th>{view.subject}</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((execution) => (
                  <TaskExecutionRow
                    key={execution.id}
                    view={view}
                    execution={execution}
                    isExpanded={expanded.has(execution.id)}
                    onToggle={() => toggle(execution.id)}
                  />
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={TASK_EXECUTION_COLUMNS} ta="center" py="xl">
                      {query.isPending ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{query.isError ? FAILED : view.empty}</Text>}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {pagination && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {pagination.count} executions
            </Text>
            {pagination.pages > 1 && <Pagination total={pagination.pages} value={page} onChange={setPage} size="sm" />}
          </Group>
        )}
      </Stack>
    </Container>
  );
}
