import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import type { ReportTaskRow } from '@asb/contracts';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { ExecutionTaskLogModal } from '../executions/ExecutionTaskLogModal';
import { TaskStateBadge } from '../../ui/TaskStateBadge';
import { ReportEmpty, ReportSection } from './ReportSection';

const secondsText = (seconds: number | undefined) => (seconds === undefined ? 'n/a' : seconds.toFixed(1));

/** Spec 1 §2 Tasks table: task_id, worker selectors, start, end, duration in seconds, state; and each task's stored log. */
export function TasksTable({ executionId, rows }: { executionId: string; rows: ReportTaskRow[] }) {
  const [logTaskId, setLogTaskId] = useState<string | null>(null);
  return (
    <ReportSection title="Tasks">
      {rows.length === 0 ? (
        <ReportEmpty text="No tasks" />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing={4} aria-label="Tasks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>task_id</Table.Th>
                <Table.Th>Worker selectors</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Duration (s)</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Log" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.taskId} data-task-id={row.taskId}>
                  <Table.Td ff="monospace">{row.taskId}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={row.worker ? undefined : 'dimmed'}>
                      {row.worker || 'none'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.start}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.end}</Table.Td>
                  <Table.Td>{secondsText(row.durationSeconds)}</Table.Td>
                  <Table.Td>
                    <TaskStateBadge state={row.state} />
                    {row.statusMessage && (
                      <Text size="xs" c="dimmed">
                        {row.statusMessage}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.tryNumber > 0 && (
                      <Tooltip label="Log">
                        <ActionIcon variant="subtle" aria-label={`Log of ${row.taskId}`} onClick={() => setLogTaskId(row.taskId)}>
                          <IconFileText size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ExecutionTaskLogModal executionId={executionId} taskId={logTaskId} onClose={() => setLogTaskId(null)} />
    </ReportSection>
  );
}
