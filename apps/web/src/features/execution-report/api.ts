import { listQueryParams, statusGroup, type ExecutionAttributes, type executionsContract, type ListDocument, type ResourceDocument, type TaskAttributes } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../app/api/http';
import { jsonApiSource } from '../../ui/resource-list';
import { ACTIVE_POLL_MS } from '../workflows/api/executions';
import { BUILDER, EXECUTIONS_KEY } from '../workflows/api/keys';

export type ExecutionResource = ResourceDocument<ExecutionAttributes>['data'];

const executionPath = (id: string) => `${BUILDER}/executions/${encodeURIComponent(id)}`;

export const executionKey = (id: string) => [...EXECUTIONS_KEY, 'detail', id] as const;

/** share (PATCH with relationships.workspaces) as every JSON:API resource */
export const executionsSource = jsonApiSource<typeof executionsContract>(BUILDER, 'executions');

export const isRunning = (status: string) => ['pending', 'running'].includes(statusGroup(status));

/**
 * GET executions/{id}. Live updates refresh it (the page invalidates the key on each
 * executionUpdate of this execution); while it runs it is also read every 5 s, in case
 * the live connection is down.
 */
export function useExecution(id: string) {
  return useQuery({
    queryKey: executionKey(id),
    queryFn: async ({ signal }) => (await apiFetch<ResourceDocument<ExecutionAttributes>>(executionPath(id), { signal, jsonApi: true })).data,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.attributes.status) ? ACTIVE_POLL_MS : false),
  });
}

/** The engine's task instances of the execution (taskmgr): worker labels and try counts for the tasks table. */
export function useExecutionJobs(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...EXECUTIONS_KEY, 'jobs', id],
    queryFn: async ({ signal }) => {
      // the server's largest page: a fan-out beyond it shows its first 100 tasks' workers
      const query = listQueryParams({ page: 1, pageSize: 100, sort: 'createdAt', filters: { executionId: id } });
      return (await apiFetch<ListDocument<TaskAttributes>>('/taskmgr/v1/tasks', { query, signal, jsonApi: true })).data;
    },
    enabled,
  });
}

/** GET executions/{id}/pdf: the report made on the server. */
export function fetchExecutionPdf(id: string): Promise<Blob> {
  return apiFetchBlob(`${executionPath(id)}/pdf`);
}

/** POST executions/{id}/rerun: a new execution of the same workflow version with the same inputs, submitted. */
export async function rerunExecution(id: string): Promise<ExecutionResource> {
  return (await apiFetch<ResourceDocument<ExecutionAttributes>>(`${executionPath(id)}/rerun`, { method: 'POST', jsonApi: true })).data;
}

/** A GeoTIFF output's file, for Download. */
export function fetchOutputFile(url: string): Promise<Blob> {
  return apiFetchBlob(url);
}
