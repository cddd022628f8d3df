import { Alert, Button, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../ui/formatDateTime';
import { formatReportDuration, reportResults, type ExecutionResults } from '@asb/contracts';
import { ExecutionTaskLogModal } from './ExecutionTaskLogModal';
import { TaskStateBadge } from '../../ui/TaskStateBadge';

export interface ExecutionTasksProps {
  executionId: string;
  identifier: string;
  executionResults: ExecutionResults | null;
}

/** The tasks of an execution with their states; a task that has run offers its log (failed ones first of all). */
export function ExecutionTasks({ executionId, identifier, executionResults }: ExecutionTasksProps) {
  const [logTaskId, setLogTaskId] = useState<string | null>(null);
  const { tasks, error } = reportResults(executionResults);
  return (
    <>
      {error && (
        <Alert color="red" variant="light" p="xs" mb="xs">
          {error}
        </Alert>
      )}
      {tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} aria-label={`Tasks of ${identifier}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Task</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th aria-label="Log" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.map((task) => (
              <Table.Tr key={task.task_id} data-task-id={task.task_id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {task.task_id}
                  </Text>
                  {task.task_label && task.task_label !== task.task_id && (
                    <Text size="xs" c="dimmed">
                      {task.task_label}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <TaskStateBadge state={task.state} />
                  {task.status_message && (
                    <Text size="xs" c="dimmed">
                      {task.status_message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(task.start_date)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatReportDuration(task.start_date, task.end_date)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  {task.try_number > 0 && (
                    <Button
                      size="compact-xs"
                      variant={task.state === 'failed' ? 'light' : 'subtle'}
                      color={task.state === 'failed' ? 'red' : 'gray'}
                      leftSection={<IconFileText size={12} />}
                      aria-label={`Log of task ${task.task_id}`}
                      onClick={() => setLogTaskId(task.task_id)}
                    >
                      Log
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ExecutionTaskLogModal executionId={executionId} taskId={logTaskId} onClose={() => setLogTaskId(null)} />
    </>
  );
}
