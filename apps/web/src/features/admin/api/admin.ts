import type { AdminAuditEntry, AdminModel, BaseAttributes, EngineSnapshot, ListDocument } from '@asb/contracts';
import { listQueryParams } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '../../../app/api/http';
import type { ListSource } from '../../../ui/resource-list';

const ADMIN_KEY = ['/admin/v1'] as const;
export type AdminRow = BaseAttributes & Record<string, unknown>;

/** The resource types of the embedded admin (GET admin/v1/models). */
export function useAdminModels() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'models'],
    queryFn: async ({ signal }): Promise<AdminModel[]> => (await api('GET /admin/v1/models', { signal })).data,
    staleTime: 60_000,
  });
}

/** One type's rows, every user's, through the generic list (admin/v1/resources/{type}). */
export function adminSource(type: string): ListSource<AdminRow> {
  const base = `/admin/v1/resources/${encodeURIComponent(type)}`;
  return {
    key: [...ADMIN_KEY, 'resources', type],
    async list(params, signal) {
      const query = listQueryParams({ ...params, search: params.search || undefined });
      const document = await apiFetch<ListDocument<AdminRow>>(base, { query, signal, jsonApi: true });
      return { rows: document.data, pagination: document.meta.pagination };
    },
    remove: (id) => apiFetch(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', jsonApi: true }),
  };
}

/** PATCH admin/v1/resources/{type}/{id}: the type's own rules apply. */
export const changeResource = (type: string, id: string, attributes: Record<string, unknown>) =>
  apiFetch(`/admin/v1/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    jsonApi: true,
    body: { data: { type, id, attributes } },
  });

export const AUDIT_KEY = [...ADMIN_KEY, 'audit'] as const;
/** The audit log of one service, newest first. */
export function useAuditLog(service: string) {
  return useQuery({
    queryKey: [...AUDIT_KEY, service],
    queryFn: async ({ signal }): Promise<AdminAuditEntry[]> => (await api('GET /admin/v1/audit', { query: { 'filter[service]': service }, signal })).data,
    // a delete from the list is logged too: the log follows within the poll interval (spec 2 §9: 5000 ms)
    refetchInterval: 5000,
  });
}

export const ENGINE_KEY = [...ADMIN_KEY, 'engine'] as const;
/** The engine's state, polled every 5 s (spec 2 §9) while the tab is shown. */
export function useEngineSnapshot() {
  return useQuery({
    queryKey: ENGINE_KEY,
    queryFn: async ({ signal }): Promise<EngineSnapshot> => (await api('GET /admin/v1/engine', { signal })).data,
    refetchInterval: 5000,
  });
}

export const engineActions = {
  stop: (taskRowId: string) => api('POST /admin/v1/engine/tasks/{id}/stop', { params: { id: taskRowId } }),
  requeue: (taskRowId: string) => api('POST /admin/v1/engine/tasks/{id}/requeue', { params: { id: taskRowId } }),
};
