import { LOCAL_TARGET } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

/** describe_application of the page's application: its inputs, licence and title (spec 3 §7). */
export function useApplicationDescription(collection: string, identifier: string) {
  return useQuery({
    queryKey: ['/backend/v1', 'catalogue-collections', collection, 'describe', identifier],
    queryFn: async ({ signal }) =>
      (await api('POST /backend/v1/catalogue-collections/{id}/describe_application', { params: { id: collection }, body: { identifier }, signal })).data,
  });
}

export interface TargetOption {
  value: string;
  label: string;
}

/** Spec 3 §2: the Target Platform choices, 'local' labelled Default first, then every registered ADES. */
export function useTargetOptions() {
  return useQuery({
    queryKey: ['/backend/v1', 'available-ades'],
    queryFn: async ({ signal }) => (await api('GET /backend/v1/available-ades', { signal })).data,
    select: (instances): TargetOption[] => [
      { value: LOCAL_TARGET.value, label: LOCAL_TARGET.label },
      ...instances.map((instance) => ({ value: instance.identifier, label: instance.title || instance.identifier })),
    ],
  });
}
