import { useQuery } from '@tanstack/react-query';
import type { catalogueCollectionsContract } from '@asb/contracts';
import { api } from '../../../app/api/http';
import { jsonApiSource } from '../../../ui/resource-list';
import type { AttributesOf } from '../../../ui/resource-list/jsonapi-source';

export type CatalogueCollectionAttributes = AttributesOf<typeof catalogueCollectionsContract>;

/** The `/backend/v1/catalogue-collections` JSON:API resource (spec 3 §7): list, create, share, delete (collections are not archived). */
export const catalogueCollectionSource = {
  ...jsonApiSource<typeof catalogueCollectionsContract>('/backend/v1', 'catalogue-collections'),
  setArchived: undefined,
};

export const COLLECTIONS_KEY = catalogueCollectionSource.key;

/** One catalogue collection (GET /backend/v1/catalogue-collections/{id}). */
export function useCatalogueCollection(id: string) {
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'one', id],
    queryFn: ({ signal }) => api('GET /backend/v1/catalogue-collections/{id}', { params: { id }, signal }),
    select: (document) => document.data,
  });
}

/** The collections the caller may register applications in (the unpublish modal's choices). */
export function useWritableCollections(isEnabled: boolean) {
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'writable'],
    queryFn: ({ signal }) => api('GET /backend/v1/catalogue-collections/collections_with_write_permissions', { signal }),
    select: (answer) => answer.data,
    enabled: isEnabled,
  });
}

/** The "Search for Applications" modal: applications matching `query`, grouped by collection; no call for an empty query. */
export function useApplicationSearch(query: string) {
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'search', query],
    queryFn: ({ signal }) => api('GET /backend/v1/catalogue-collections/search_applications_available_to_user', { query: { query }, signal }),
    select: (answer) => answer.data,
    enabled: query !== '',
  });
}
