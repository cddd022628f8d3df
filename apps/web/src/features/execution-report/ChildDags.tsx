import { Badge, Group, Table } from '@mantine/core';
import { reportResults, taskStateColor, taskStateText, type ExecutionResults } from '@asb/contracts';
import { ReportSection } from './ReportSection';

/** The child runs of a dynamic-list-splitter (spec 1 §2): each run with its tasks coloured by state. */
export function ChildDags({ executionResults }: { executionResults: ExecutionResults | null }) {
  const results = reportResults(executionResults);
  const runs = Object.entries(results.childDags);
  if (runs.length === 0) return null;
  const states = new Map<string, string>(results.tasks.map((task) => [task.task_id, task.state]));
  return (
    <ReportSection title="Child DAGs">
      <Table verticalSpacing={4} aria-label="Child DAGs">
        <Table.Tbody>
          {runs.map(([run, taskIds]) => (
            <Table.Tr key={run} data-run={run}>
              <Table.Td ff="monospace" w={200}>
                {run}
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {taskIds.map((taskId) => {
                    const state = states.get(taskId) ?? 'no_status';
                    return (
                      <Badge key={taskId} color={taskStateColor(state)} tt="none" title={taskStateText(state)}>
                        {taskId}
                      </Badge>
                    );
                  })}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ReportSection>
  );
}
