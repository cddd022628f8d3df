import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { workflowKey } from '../api/keys';

/** GET workflows/{id}/versions, newest first; keyed under the workflow so a save refreshes it. */
export function useWorkflowVersions(id: string) {
  return useQuery({
    queryKey: [...workflowKey(id), 'versions'],
    queryFn: async ({ signal }) => (await api('GET /knowledge/v1/workflows/{id}/versions', { params: { id }, signal, jsonApi: true })).data,
  });
}
