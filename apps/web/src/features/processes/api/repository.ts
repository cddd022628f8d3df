import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

/** Container components of the private repository (the server keeps the 30 s time-out of spec 2 §9). */
export function useRepositoryComponents() {
  return useQuery({
    queryKey: ['/procimp', 'repository', 'components'],
    queryFn: ({ signal }) => api('GET /procimp/repository/components', { signal }),
    // a slow or unreachable registry is not asked twice in a row; the page offers Reload
    retry: false,
  });
}
