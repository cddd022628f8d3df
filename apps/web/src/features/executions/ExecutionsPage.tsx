import { Container, Group, Loader, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { useReportError } from '../../app/api/use-report-error';
import { useExecutions } from './api/executions';
import { EXECUTIONS_KEY } from './api/keys';
import { ActiveExecutionsBar } from './ActiveExecutionsBar';
import { liveExecutionUpdate, withUpdate, type ExecutionListDocument } from './execution-view';
import { EXECUTION_COLUMN_COUNT, ExecutionRow } from './ExecutionRow';

const TYPING_DELAY_MS = 400;

const EXECUTIONS_EMPTY = 'No executions found';
const EXECUTIONS_FAILED = 'Something went wrong while fetching executions';

/** /monitoring (route monitoring): the executions, newest first (spec 1 §2 Execution list). */
export function ExecutionsPage() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, TYPING_DELAY_MS);
  const query = useExecutions({ page, search });
  const queryClient = useQueryClient();
  // The engine announces every change on the live socket (type executionUpdate): the row's
  // badge takes the new status at once, then the list, its tasks and the bar's counts are
  // fetched again. The 5 s refetch while an execution is active stays as the fallback.
  useLiveEvent('executionUpdate', (message) => {
    const update = liveExecutionUpdate(message);
    if (update) queryClient.setQueriesData<ExecutionListDocument>({ queryKey: [...EXECUTIONS_KEY, 'list'] }, (document) => withUpdate(document, update));
    void queryClient.invalidateQueries({ queryKey: EXECUTIONS_KEY });
  });
  useReportError(query.error, query.errorUpdatedAt, 'builder');
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
        <Title order={2}>Executions</Title>
        <TextInput
          aria-label="Search executions"
          placeholder="Search executions"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            applySearch.cancel();
            setSearch(text);
            setPage(1);
          }}
        />
        <ActiveExecutionsBar />
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Executions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} aria-label="Input parameters" />
                  <Table.Th w={110}>Status</Table.Th>
                  <Table.Th>Workflow</Table.Th>
                  <Table.Th>Executed by</Table.Th>
                  <Table.Th>Started at</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((execution) => (
                  <ExecutionRow key={execution.id} execution={execution} isExpanded={expanded.has(execution.id)} onToggle={() => toggle(execution.id)} />
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={EXECUTION_COLUMN_COUNT} ta="center" py="xl">
                      {query.isPending ? (
                        <Loader size="sm" aria-label="Loading" />
                      ) : (
                        <Text c="dimmed">{query.isError ? EXECUTIONS_FAILED : EXECUTIONS_EMPTY}</Text>
                      )}
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
