import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api/http';

/** The workspaces the signed-in user may pick (the server lists those visible to them). */
export function useWorkspaceOptions(isEnabled = true) {
  return useQuery({
    queryKey: ['/knowledge/v1', 'workspaces', 'options'],
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      const document = await api('GET /knowledge/v1/workspaces', {
        query: { 'page[size]': 100, sort: 'identifier' },
        signal,
        jsonApi: true,
      });
      return document.data.map((w) => ({ value: w.id, label: w.attributes.identifier }));
    },
  });
}
