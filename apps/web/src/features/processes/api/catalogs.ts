import type { DataTypeAttributes, SoftwareDependencyAttributes } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { byNumericId, fetchAll } from './fetch-all';
import { KNOWLEDGE } from './keys';

/** Data types sorted by id: the generator's default is the one at index 45 (spec 2 §5). */
export function useDataTypes() {
  return useQuery({
    queryKey: [KNOWLEDGE, 'data-types', 'all'],
    queryFn: async ({ signal }) => (await fetchAll<DataTypeAttributes>(`${KNOWLEDGE}/data-types`, {}, signal)).sort(byNumericId),
    staleTime: Infinity,
  });
}

export function useSoftwareDependencies() {
  return useQuery({
    queryKey: [KNOWLEDGE, 'software-dependencies', 'all'],
    queryFn: async ({ signal }) => (await fetchAll<SoftwareDependencyAttributes>(`${KNOWLEDGE}/software-dependencies`, {}, signal)).sort(byNumericId),
    staleTime: Infinity,
  });
}
