import { listQueryParams, parseExecutionFileUrl, statusGroup, type ExecutionAttributes, type executionsContract, type ResourceDocument } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiFetchBlob } from '../../../app/api/http';
import { jsonApiSource } from '../../../ui/resource-list';
import { ACTIVE_POLL_MS } from './executions';
import { BUILDER, executionJobsKey, executionKey } from './keys';

export type ExecutionResource = ResourceDocument<ExecutionAttributes>['data'];

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
    queryFn: async ({ signal }) => (await api('GET /builder/v1/executions/{id}', { params: { id }, signal, jsonApi: true })).data,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.attributes.status) ? ACTIVE_POLL_MS : false),
  });
}

/** The engine's task instances of the execution (taskmgr): worker labels and try counts for the tasks table. */
export function useExecutionJobs(id: string, enabled: boolean) {
  return useQuery({
    queryKey: executionJobsKey(id),
    queryFn: async ({ signal }) => {
      // the server's largest page: a fan-out beyond it shows its first 100 tasks' workers
      const query = listQueryParams({ page: 1, pageSize: 100, sort: 'createdAt', filters: { executionId: id } });
      return (await api('GET /taskmgr/v1/tasks', { query, signal, jsonApi: true })).data;
    },
    enabled,
  });
}

/** GET executions/{id}/pdf: the report made on the server. */
export function fetchExecutionPdf(id: string): Promise<Blob> {
  return api('GET /builder/v1/executions/{id}/pdf', { params: { id } });
}

/** POST executions/{id}/rerun: a new execution of the same workflow version with the same inputs, submitted. */
export async function rerunExecution(id: string): Promise<ExecutionResource> {
  return (await api('POST /builder/v1/executions/{id}/rerun', { params: { id }, jsonApi: true })).data;
}

/** An output file of the execution's datastore (its datastore URL, as executionResults records it), for Download. */
export function fetchOutputFile(url: string): Promise<Blob> {
  const file = parseExecutionFileUrl(url);
  // a value that is not one of the execution's files is fetched as it is (the report offers only files)
  if (!file) return apiFetchBlob(url);
  return api('GET /builder/v1/executions/{id}/files/{*}', { params: { id: file.executionId, '*': decodeURIComponent(file.encodedPath) } });
}
