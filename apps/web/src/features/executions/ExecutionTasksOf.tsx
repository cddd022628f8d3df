import { Loader, Text } from '@mantine/core';
import { useExecution } from './api/execution';
import { ExecutionTasks } from './ExecutionTasks';

/**
 * The tasks of an expanded row: a list row leaves the results out (they are the bulk of an
 * execution), so the row reads them from GET executions/{id} when it opens.
 */
export function ExecutionTasksOf({ executionId, identifier }: { executionId: string; identifier: string }) {
  const query = useExecution(executionId);
  if (query.isError)
    return (
      <Text size="sm" c="red">
        Something went wrong while fetching the tasks of {identifier}
      </Text>
    );
  if (!query.data) return <Loader size="xs" aria-label={`Loading the tasks of ${identifier}`} />;
  return <ExecutionTasks executionId={executionId} identifier={identifier} executionResults={query.data.attributes.executionResults} />;
}
