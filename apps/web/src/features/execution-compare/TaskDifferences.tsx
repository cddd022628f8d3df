import { Table, Text } from '@mantine/core';
import type { TaskDifference, TaskRun } from '@asb/contracts';
import { formatDuration } from '../../ui/formatDateTime';
import { TaskStateBadge } from '../../ui/TaskStateBadge';
import { CompareSection, NoValue } from './CompareSection';
import { ChangeBadge, changeRowProps } from './ChangeBadge';
import { signed } from './output-values';

function RunCell({ run }: { run: TaskRun | null }) {
  if (!run) return <NoValue />;
  return (
    <>
      <TaskStateBadge state={run.state} />{' '}
      <Text span size="sm">
        {formatDuration(run.duration)}
      </Text>
    </>
  );
}

/** Each task in both: its state and duration, the difference of the durations; a changed state highlighted. */
export function TaskDifferences({ tasks }: { tasks: TaskDifference[] }) {
  return (
    <CompareSection title="Tasks" empty={tasks.length === 0 ? 'No tasks have run' : undefined}>
      <Table verticalSpacing={4} aria-label="Task differences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th>Left</Table.Th>
            <Table.Th>Right</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th w={110} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.task_id} data-task-id={task.task_id} {...changeRowProps(task.change)}>
              <Table.Td ff="monospace">{task.task_id}</Table.Td>
              <Table.Td>
                <RunCell run={task.left} />
              </Table.Td>
              <Table.Td>
                <RunCell run={task.right} />
              </Table.Td>
              <Table.Td title="right minus left">{task.durationDifference === null ? 'n/a' : `${signed(task.durationDifference)} s`}</Table.Td>
              <Table.Td>
                <ChangeBadge change={task.change} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CompareSection>
  );
}
