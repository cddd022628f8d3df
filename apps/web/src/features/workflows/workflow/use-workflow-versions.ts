import type { WorkflowVersionSummary } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/http';
import { KNOWLEDGE, workflowKey } from '../api/keys';

/** GET workflows/{id}/versions, newest first; keyed under the workflow so a save refreshes it. */
export function useWorkflowVersions(id: string) {
  return useQuery({
    queryKey: [...workflowKey(id), 'versions'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: WorkflowVersionSummary[] }>(`${KNOWLEDGE}/workflows/${encodeURIComponent(id)}/versions`, { signal, jsonApi: true })).data,
  });
}
