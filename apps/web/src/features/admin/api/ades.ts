import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { handleError } from '../../../app/api/error-handler';

const ADES_KEY = ['/backend/v1', 'available-ades'] as const;

/** The registered ADES instances (staff get every field: url, reachable, conformsTo, checkedAt). */
export function useAdesInstances() {
  return useQuery({
    queryKey: ADES_KEY,
    queryFn: ({ signal }) => api('GET /backend/v1/available-ades', { signal }),
  });
}

/** A mutation on the registry that refreshes the list after it and sends its failure to the central handler (Backend). */
function useAdesMutation<T>(call: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADES_KEY }),
    onError: (error) => handleError(error, 'Backend'),
  });
}

export const useRegisterAdes = () =>
  useAdesMutation((value: { url: string; token: string }) =>
    api('POST /backend/v1/available-ades/register', { body: { ades_url: value.url, ...(value.token.trim() ? { token: value.token.trim() } : {}) } }),
  );

export const useRefreshAdes = () => useAdesMutation((identifier: string) => api('POST /backend/v1/available-ades/refresh', { body: { ades_id: identifier } }));

export const useUnregisterAdes = () =>
  useAdesMutation((identifier: string) => api('POST /backend/v1/available-ades/unregister', { body: { ades_id: identifier } }));
