import type { ModelServiceInfo, ModelServiceState } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/http';

/** Spec 3 §9: the model's status is read every 5000 ms while it is creating or deploying, and the running services on /resources. */
const MODEL_SERVICE_POLL_MS = 5000;

const STAC = '/backend/catalogue/stac';
/** Every query of model services lives under this key: a start or stop reads them all again. */
const MODEL_SERVICES_KEY = [STAC, 'model-services'] as const;
const serviceKey = (collection: string, modelId: string) => [...MODEL_SERVICES_KEY, 'status', collection, modelId] as const;

export const isStarting = (status: ModelServiceState | undefined) => status === 'creating' || status === 'deploying';

/** Spec 3 §7: GET collections/{c}/models/{m}/status, polled while the service is starting (spec 3 §4). */
export function useModelService(collection: string, modelId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: serviceKey(collection, modelId),
    queryFn: ({ signal }) => api(`GET ${STAC}/collections/{c}/models/{m}/status`, { params: { c: collection, m: modelId }, signal }),
    enabled: isEnabled,
    refetchInterval: (query) => (isStarting(query.state.data?.status) ? MODEL_SERVICE_POLL_MS : false),
  });
}

/** Spec 3 §7: GET collections/{c}/models/{m}/start or /stop; answers the service's status, and every service query is read again. */
export function useModelServiceChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ collection, modelId, change }: { collection: string; modelId: string; change: 'start' | 'stop' }): Promise<ModelServiceInfo> =>
      change === 'start'
        ? api(`GET ${STAC}/collections/{c}/models/{m}/start`, { params: { c: collection, m: modelId } })
        : api(`GET ${STAC}/collections/{c}/models/{m}/stop`, { params: { c: collection, m: modelId } }),
    onSuccess: (info, { collection, modelId }) => {
      client.setQueryData(serviceKey(collection, modelId), info);
      void client.invalidateQueries({ queryKey: MODEL_SERVICES_KEY });
    },
  });
}

/** Spec 3 §7: GET models/started, polled every 5 s while the page is visible (spec 3 §4). */
export function useStartedServices() {
  return useQuery({
    queryKey: [...MODEL_SERVICES_KEY, 'started'],
    queryFn: ({ signal }) => api(`GET ${STAC}/models/started`, { signal }),
    select: (answer) => answer.data,
    refetchInterval: MODEL_SERVICE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Spec 3 §7: GET maas/usage (answer in maas): the caller's services, running and ended. */
export function useServiceUsage() {
  return useQuery({
    queryKey: [...MODEL_SERVICES_KEY, 'usage'],
    queryFn: ({ signal }) => api(`GET ${STAC}/maas/usage`, { signal }),
    select: (answer) => answer.maas,
  });
}

/** Spec 3 §7: GET models/usage: the caller's model executions as usage records. */
export function useModelUsage() {
  return useQuery({
    queryKey: [STAC, 'models', 'usage'],
    queryFn: ({ signal }) => api(`GET ${STAC}/models/usage`, { signal }),
    select: (answer) => answer.data,
  });
}

/** Staff: every user's running services (GET maas/services), polled as the caller's own are. */
export function useAllServices(isEnabled: boolean) {
  return useQuery({
    queryKey: [...MODEL_SERVICES_KEY, 'all'],
    queryFn: ({ signal }) => api(`GET ${STAC}/maas/services`, { signal }),
    select: (answer) => answer.maas,
    enabled: isEnabled,
    refetchInterval: MODEL_SERVICE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Staff: POST maas/{id}/stop ends anyone's service; every service query is read again. */
export function useStopAnyService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (modelProcId: string) => api(`POST ${STAC}/maas/{id}/stop`, { params: { id: modelProcId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: MODEL_SERVICES_KEY }),
  });
}
