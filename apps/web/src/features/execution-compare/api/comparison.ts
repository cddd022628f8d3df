import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { EXECUTIONS_KEY } from '../../executions/api/keys';

/**
 * GET executions/compare?ids=a,b (docs/compare.md): what differs between two executions. Under
 * the executions' key, so that a live update of either (the list invalidates that key) reads it again.
 */
export function useExecutionComparison(left: string, right: string) {
  return useQuery({
    queryKey: [...EXECUTIONS_KEY, 'compare', left, right],
    queryFn: async ({ signal }) => (await api('GET /builder/v1/executions/compare', { query: { ids: `${left},${right}` }, signal })).data,
    enabled: left !== '' && right !== '',
  });
}
