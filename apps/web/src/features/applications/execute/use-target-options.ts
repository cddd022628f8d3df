import { LOCAL_TARGET } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

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
