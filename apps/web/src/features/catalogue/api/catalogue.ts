import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExtensionSchemaSummary, ModelRunReference, ProductSearchRequest } from '@asb/contracts';
import { api } from '../../../app/api/http';

const CATALOGUE_KEY = ['/resource-catalogue'] as const;
const LOCAL_SOURCE = 'local';

/**
 * The collections the catalogue browser searches: this catalogue's that hold products and the
 * user may read (the local ones of GET /resource-catalogue/products/collections). A collection
 * holding only applications is not one of them, nor are the remote catalogues' collections (the
 * browser's item search reads this catalogue only).
 */
export function useCollections() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'product-collections'],
    queryFn: ({ signal }) => api('GET /resource-catalogue/products/collections', { signal }),
    select: (answer) => answer.collections.filter((collection) => collection.source === LOCAL_SOURCE),
  });
}

/**
 * The collections the product search searches (GET /resource-catalogue/products/collections):
 * this catalogue's the user may read, then those of the remote STAC APIs the operator added.
 */
export function useProductCollections() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'product-collections'],
    queryFn: ({ signal }) => api('GET /resource-catalogue/products/collections', { signal }),
    select: (answer) => answer.collections,
  });
}

/** One page of the spec's item search (GET /resource-catalogue/collections/{collection}/items); the last page stays shown while the next loads. */
export function useItemsPage(collection: string | undefined, query: Record<string, string | number> | undefined) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'items', collection, query],
    queryFn: ({ signal }) => api('GET /resource-catalogue/collections/{c}/items', { params: { c: collection ?? '' }, query, signal }),
    enabled: collection !== undefined && query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** One STAC item (GET /resource-catalogue/stac/collections/{c}/items/{i}). */
export function useStacItem(collection: string | undefined, itemId: string | undefined) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'item', collection, itemId],
    queryFn: ({ signal }) => api('GET /resource-catalogue/stac/collections/{c}/items/{i}', { params: { c: collection ?? '', i: itemId ?? '' }, signal }),
    enabled: collection !== undefined && itemId !== undefined,
  });
}

/** Whether a model or dataset is published to the marketplace, and whether the caller may change it (docs/marketplace.md). */
export function useItemPublication(collection: string, itemId: string) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'item', collection, itemId, 'published'],
    queryFn: ({ signal }) => api('GET /resource-catalogue/collections/{c}/items/{i}/published', { params: { c: collection, i: itemId }, signal }),
    select: (answer) => answer.data,
  });
}

/** Publish to Marketplace (true) or Unpublish (false) a model or dataset: the item and its publication are read again. */
export function useSetItemPublication(collection: string, itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) =>
      api('PUT /resource-catalogue/collections/{c}/items/{i}/published', { params: { c: collection, i: itemId }, body: { published } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...CATALOGUE_KEY, 'item', collection, itemId] }),
  });
}

/**
 * The extension schemas an item lists, read by the server from their URLs (signed in only: a
 * signed-out page asks nothing). A schema that cannot be read is left out: the page shows its URL.
 */
export function useExtensionSchemas(urls: readonly string[], isEnabled: boolean): Map<string, ExtensionSchemaSummary> {
  return useQueries({
    queries: urls.map((url) => ({
      queryKey: [...CATALOGUE_KEY, 'extension-schema', url],
      queryFn: ({ signal }: { signal: AbortSignal }) => api('GET /resource-catalogue/extension-schema', { query: { url }, signal }),
      enabled: isEnabled && /^https?:\/\//i.test(url),
      retry: false,
      staleTime: Infinity,
    })),
    combine: (results) => new Map(results.flatMap((result) => (result.data ? [[result.data.data.url, result.data.data] as const] : []))),
  });
}

/** A model's training run (spec 3 §7 "Describe model run"): its params and metrics; signed in only. */
export function useModelRun(run: ModelRunReference | undefined, isEnabled: boolean) {
  return useQuery({
    queryKey: ['/backend/v1/workspaces', run?.workspace, 'experiments', run?.experiment_id, 'runs', run?.run_id],
    queryFn: ({ signal }) =>
      api('GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}', {
        params: { ws: run!.workspace, exp: run!.experiment_id, run: run!.run_id },
        signal,
      }),
    enabled: isEnabled && run !== undefined,
    select: (answer) => answer.run,
    retry: false,
  });
}

/** Where a local item is served as STAC: the link the report and the item panel give. */
export function stacItemPath(collection: string, itemId: string): string {
  return `/resource-catalogue/stac/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(itemId)}`;
}

/** Spec 1 §7 Search products: POST {collection, boundingBox, dateRange} → product_list, product_count. */
export function useProductSearch() {
  return useMutation({ mutationFn: (body: ProductSearchRequest) => api('POST /resource-catalogue/products/search', { body }) });
}
