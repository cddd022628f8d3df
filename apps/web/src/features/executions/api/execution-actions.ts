import { NOTIFY_MS } from '@asb/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '../../../app/api/error-handler';
import { api } from '../../../app/api/http';
import { EXECUTIONS_KEY } from './keys';

/** PATCH executions/{id}/stop: the engine cancels its running tasks; the execution ends 'stopped'. */
function stopExecution(id: string) {
  return api('PATCH /builder/v1/executions/{id}/stop', { params: { id }, jsonApi: true });
}

/** GET executions/{id}/tasks/{taskId}/log: the text the task printed (its last attempt). */
async function fetchTaskLog(executionId: string, taskId: string, signal?: AbortSignal): Promise<string> {
  const log = await api('GET /builder/v1/executions/{id}/tasks/{taskId}/log', { params: { id: executionId, taskId }, signal });
  return log.text();
}

export function useTaskLog(executionId: string, taskId: string | null) {
  return useQuery({
    queryKey: [...EXECUTIONS_KEY, 'log', executionId, taskId],
    queryFn: ({ signal }) => fetchTaskLog(executionId, taskId!, signal),
    enabled: taskId !== null,
    // a log grows while its task runs: read it again each time it is opened
    staleTime: 0,
    gcTime: 0,
  });
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

/**
 * An execution never submitted (docs/engine.md "Unsubmitted executions"): Submit hands it to
 * the engine (PATCH execute), Delete removes it (the server refuses once it was submitted).
 * Both refresh every list and page of executions; failures go to the central error handler.
 */
export function useSubmitExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; identifier: string }) => api('PATCH /builder/v1/executions/{id}/execute', { params: { id }, jsonApi: true }),
    onSuccess: (_document, { identifier }) => {
      notifications.show({ message: `Execution ${identifier} submitted`, color: 'green', autoClose: NOTIFY_MS.short });
    },
    onError: (error) => handleError(error, 'builder'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXECUTIONS_KEY }),
  });
}

export function useDeleteExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; identifier: string }) => api('DELETE /builder/v1/executions/{id}', { params: { id }, jsonApi: true }),
    onSuccess: (_answer, { identifier }) => {
      notifications.show({ message: `Execution ${identifier} Deleted`, color: 'green', autoClose: NOTIFY_MS.short });
    },
    onError: (error) => handleError(error, 'builder'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXECUTIONS_KEY }),
  });
}
