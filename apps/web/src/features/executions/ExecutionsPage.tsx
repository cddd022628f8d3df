import { Button, Container, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowsDiff, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../../app/live/useLiveEvent';
import { useReportError } from '../../app/api/use-report-error';
import { ActiveExecutionsBar } from './ActiveExecutionsBar';
import type { ExecutionKind } from './execution-kind';
import { ListPager } from '../../ui/resource-list';
import { columnCount, ExecutionRow } from './ExecutionRow';
import { liveStatusUpdate, withLiveUpdate, type ExecutionLike, type ExecutionListPage } from './live-update';

const TYPING_DELAY_MS = 400;

const FAILED = 'Something went wrong while fetching executions';
const EXECUTIONS_NOUN = { name: 'Execution', plural: 'executions' };

/**
 * The executions of one kind, newest first, 20 a page, live: /monitoring (spec 1 §2 Execution
 * list), /monitoring/applications and /monitoring/models (spec 3 §2 Executions lists and reports).
 */
export function ExecutionsPage<T extends ExecutionLike>({ kind }: { kind: ExecutionKind<T> }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // two executions chosen for a comparison (docs/compare.md), kept across pages and searches
  const [selected, setSelected] = useState<readonly string[]>([]);
  const navigate = useNavigate();
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, TYPING_DELAY_MS);
  const query = kind.useList({ page, search });
  const queryClient = useQueryClient();
  // The engine announces every change on the live socket (type executionUpdate): the row's
  // badge takes the new status at once, then the list (and the bar's counts) are fetched
  // again. The 5 s refetch while an execution is active stays as the fallback.
  useLiveEvent('executionUpdate', (message) => {
    const update = liveStatusUpdate(message);
    if (update) queryClient.setQueriesData<ExecutionListPage<T>>({ queryKey: kind.listKey }, (document) => withLiveUpdate(document, update));
    void queryClient.invalidateQueries({ queryKey: kind.refreshKey });
  });
  useReportError(query.error, query.errorUpdatedAt, kind.service);
  const rows = query.data?.data ?? [];
  const pagination = query.data?.meta.pagination;

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const select = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id].slice(-2)));
  const comparePath = kind.comparePath;

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2}>{kind.title}</Title>
          {comparePath && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {selected.length === 2 ? 'Two executions selected' : 'Select two executions to compare them'}
              </Text>
              <Button
                leftSection={<IconArrowsDiff size={16} />}
                disabled={selected.length !== 2}
                onClick={() => void navigate(comparePath([selected[0]!, selected[1]!]))}
              >
                Compare
              </Button>
            </Group>
          )}
        </Group>
        {kind.hasSearch && (
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
        )}
        {kind.hasActiveBar && <ActiveExecutionsBar />}
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={kind.minWidth} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label={kind.title}>
              <Table.Thead>
                <Table.Tr>
                  {comparePath && <Table.Th w={40} aria-label="Compare" />}
                  <Table.Th w={40} aria-label={kind.inputsName.replace(/^./, (first) => first.toUpperCase())} />
                  <Table.Th w={110}>Status</Table.Th>
                  {kind.columns.map((column) => (
                    <Table.Th key={column.header}>{column.header}</Table.Th>
                  ))}
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((execution) => (
                  <ExecutionRow
                    key={execution.id}
                    kind={kind}
                    execution={execution}
                    isExpanded={expanded.has(execution.id)}
                    onToggle={() => toggle(execution.id)}
                    selection={
                      comparePath
                        ? {
                            isSelected: selected.includes(execution.id),
                            isDisabled: selected.length === 2 && !selected.includes(execution.id),
                            onToggle: () => select(execution.id),
                          }
                        : undefined
                    }
                  />
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columnCount(kind)} ta="center" py="xl">
                      {query.isPending ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{query.isError ? FAILED : kind.empty}</Text>}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {pagination && <ListPager pagination={pagination} page={page} onChange={setPage} noun={EXECUTIONS_NOUN} />}
      </Stack>
    </Container>
  );
}
