import type { collectionRequestsContract, CollectionRequestStatus, CreateCollectionRequest } from '@asb/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/http';
import { jsonApiSource, type AttributesOf } from '../../ui/resource-list/jsonapi-source';

export type CollectionRequestAttributes = AttributesOf<typeof collectionRequestsContract>;

/** Spec 3 §7 knowledge collections: the caller's requests (staff: everyone's); neither archived nor shared. */
export const collectionRequestSource = {
  ...jsonApiSource<typeof collectionRequestsContract>('/knowledge/v1', 'collections'),
  setArchived: undefined,
  share: undefined,
};
const KEY = collectionRequestSource.key;

/** Spec 3 §7: GET knowledge collections/{id}. */
export function useCollectionRequest(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api('GET /knowledge/v1/collections/{id}', { params: { id }, signal, jsonApi: true }),
    select: (document) => document.data,
    retry: false,
  });
}

/** Spec 3 §7: POST collections (type collections). */
export function useRequestCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attributes: CreateCollectionRequest) =>
      api('POST /knowledge/v1/collections', { body: { data: { type: 'collections', attributes } }, jsonApi: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Staff move a request's status. */
export function useChangeRequestStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: CollectionRequestStatus) =>
      api('PATCH /knowledge/v1/collections/{id}', { params: { id }, body: { data: { type: 'collections', id, attributes: { status } } }, jsonApi: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const COLLECTION_REQUESTS_KEY = KEY;
