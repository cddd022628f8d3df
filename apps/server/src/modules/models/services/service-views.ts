import type { ModelServiceInfo, ModelServiceItem, StaffModelServiceItem } from '@asb/contracts';
import type { ServiceRow } from './service-store.js';

/** The URLs of a running service, at the portal's public address (any replica proxies them). */
function urls(base: string, row: ServiceRow): { model_proc_url: string | null; model_infer_url: string | null } {
  if (row.status !== 'available') return { model_proc_url: null, model_infer_url: null };
  const model = `${base}/backend/catalogue/stac/maas/${row.id}/v2/models/${encodeURIComponent(row.modelName)}`;
  return { model_proc_url: model, model_infer_url: `${model}/infer` };
}

/** Spec 3 §3 Model-as-a-service info of a service (its URLs while it runs). */
export function serviceInfo(base: string, row: ServiceRow | undefined): ModelServiceInfo {
  if (!row || row.status === 'undeployed') return { status: 'undeployed', model_proc_url: null, model_infer_url: null, model_proc_id: null };
  return { status: row.status, ...urls(base, row), model_proc_id: `maas-${row.id}`, started: row.startedAt.toISOString(), error: row.error };
}

/** Spec 3 §3 Model-as-service item. */
export function serviceItem(base: string, row: ServiceRow): ModelServiceItem {
  return {
    name: row.title,
    started: row.startedAt.toISOString(),
    ended: row.endedAt?.toISOString() ?? null,
    model_proc_id: `maas-${row.id}`,
    ...urls(base, row),
    collection: row.collectionId,
    id: row.itemId,
    status: row.status,
  };
}

export function staffServiceItem(base: string, row: ServiceRow): StaffModelServiceItem {
  return { ...serviceItem(base, row), owner: row.ownerId };
}
