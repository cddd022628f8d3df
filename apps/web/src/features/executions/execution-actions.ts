import type { ExecutionAttributes, ResourceDocument } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { NOTIFY_MS } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../app/api/error-handler';
import { apiFetch } from '../../app/api/http';
import { BUILDER, EXECUTIONS_KEY } from '../workflows/api/keys';

const executionPath = (id: string) => `${BUILDER}/executions/${encodeURIComponent(id)}`;

/** PATCH executions/{id}/stop: the engine cancels its running tasks; the execution ends 'stopped'. */
export function stopExecution(id: string) {
  return apiFetch<ResourceDocument<ExecutionAttributes>>(`${executionPath(id)}/stop`, { method: 'PATCH', jsonApi: true });
}

/** GET executions/{id}/tasks/{taskId}/log: the text the task printed (its last attempt). */
export async function fetchTaskLog(executionId: string, taskId: string, signal?: AbortSignal): Promise<string> {
  const body = await apiFetch<unknown>(`${executionPath(executionId)}/tasks/${encodeURIComponent(taskId)}/log`, { signal });
  // apiFetch reads JSON when the text happens to be JSON: give it back as text
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

export function useTaskLog(executionId: string, taskId: string | null) {
  const query = useQuery({
    queryKey: [...EXECUTIONS_KEY, 'log', executionId, taskId],
    queryFn: ({ signal }) => fetchTaskLog(executionId, taskId!, signal),
    enabled: taskId !== null,
    // a log grows while its task runs: read it again each time it is opened
    staleTime: 0,
    gcTime: 0,
  });
  return query;
}

/** Stop, then refresh the list; failures go to the central error handler. */
export function useStopExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; identifier: string }) => stopExecution(id),
    onSuccess: (_document, { identifier }) => {
      notifications.show({ message: `Execution ${identifier} stopped`, color: 'green', autoClose: NOTIFY_MS.short });
    },
    onError: (error) => handleError(error, 'builder'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXECUTIONS_KEY }),
  });
}
