import type { ListDocument, ResourceObject } from '@asb/contracts';
import { apiFetch } from '../../../app/api/http';

const PAGE_SIZE_MAX = 100;

/** Every page of a JSON:API list (reference lists such as data types are short but not capped). */
export async function fetchAll<A>(path: string, filters: Record<string, string>, signal?: AbortSignal): Promise<ResourceObject<A>[]> {
  const rows: ResourceObject<A>[] = [];
  for (let page = 1; ; page += 1) {
    const query: Record<string, string | number> = { 'page[number]': page, 'page[size]': PAGE_SIZE_MAX };
    for (const [name, value] of Object.entries(filters)) query[`filter[${name}]`] = value;
    const document = await apiFetch<ListDocument<A>>(path, { query, signal, jsonApi: true });
    rows.push(...document.data);
    if (page >= document.meta.pagination.pages) return rows;
  }
}

/** Ascending numeric ids: creation order. */
export function byNumericId<T extends { id: string }>(a: T, b: T): number {
  return Number(a.id) - Number(b.id);
}
