import type { ResourceDocument, WorkflowAttributes, WorkflowGraph, workflowsContract } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { jsonApiSource, type ListSource } from '../../../ui/resource-list';
import { KNOWLEDGE, WORKFLOWS_KEY, workflowKey } from './keys';

/** The workflow list's source (generic JSON:API resource). */
export const workflowSource: ListSource<WorkflowAttributes> = jsonApiSource<typeof workflowsContract>(KNOWLEDGE, 'workflows');

export type Workflow = ResourceDocument<WorkflowAttributes>['data'];

function fetchWorkflow(id: string, signal?: AbortSignal): Promise<Workflow> {
  return api('GET /knowledge/v1/workflows/{id}', { params: { id }, signal, jsonApi: true }).then((document) => document.data);
}

/** One workflow with its current graph. */
export function useWorkflow(id: string) {
  return useQuery({ queryKey: workflowKey(id), queryFn: ({ signal }) => fetchWorkflow(id, signal) });
}

/** PATCH workflows/{id}: a changed graph becomes a new version (docs/workflows.md). */
export function useSaveWorkflow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attributes: { graph?: WorkflowGraph; label?: string; shortDescription?: string }) =>
      api('PATCH /knowledge/v1/workflows/{id}', {
        params: { id },
        jsonApi: true,
        body: { data: { type: 'workflows', id, attributes } },
      }).then((document) => document.data),
    onSuccess: (workflow) => {
      client.setQueryData(workflowKey(id), workflow);
      return client.invalidateQueries({ queryKey: WORKFLOWS_KEY });
    },
  });
}
