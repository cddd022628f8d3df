import { listQueryParams, type BaseAttributes, type ListDocument, type ResourceContract, type ResourceDocument } from '@asb/contracts';
import type { z } from 'zod';
import { apiFetch } from '../../app/api/http';
import type { ListSource } from './types';

/** The attributes of a resource type as its contract answers them: the base ones and its own. */
export type AttributesOf<C extends ResourceContract> = BaseAttributes & z.output<C['schemas']['attributes']>;

/**
 * The generic JSON:API store of spec 1 §7 (knowledge, builder...): list with
 * page/sort/filter parameters, create, archive/unarchive, share and delete. The rows are
 * typed by the type's contract (`jsonApiSource<typeof processesContract>('/knowledge/v1',
 * 'processes')`, whose prefix and type must be the contract's), the schema the server
 * checks its answers against.
 */
export function jsonApiSource<C extends ResourceContract>(prefix: C['prefix'], type: C['type']): ListSource<AttributesOf<C>> {
  type A = AttributesOf<C>;
  const base = `${prefix}/${type}`;
  return {
    key: [prefix, type],
    async list(params, signal) {
      const query = listQueryParams({ ...params, search: params.search || undefined });
      const document = await apiFetch<ListDocument<A>>(base, { query, signal, jsonApi: true });
      return { rows: document.data, pagination: document.meta.pagination };
    },
    async create(values) {
      const document = await apiFetch<ResourceDocument<A>>(base, { method: 'POST', jsonApi: true, body: { data: { type, attributes: values } } });
      return { id: document.data.id, identifier: document.data.attributes.identifier };
    },
    setArchived: (id, isArchived) => apiFetch(`${base}/${encodeURIComponent(id)}/${isArchived ? 'archive' : 'unarchive'}`, { method: 'PATCH', jsonApi: true }),
    share: (id, workspaceIds) =>
      apiFetch(`${base}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        jsonApi: true,
        body: { data: { type, id, relationships: { workspaces: { data: workspaceIds.map((w) => ({ type: 'workspaces', id: w })) } } } },
      }),
    remove: (id) => apiFetch(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', jsonApi: true }),
  };
}
