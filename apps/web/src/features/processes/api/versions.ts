import type { ProcessBucketAttributes, ProcessResources, ProcessVersionAttributes, ResourceDocument } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/http';
import { byNumericId, fetchAll } from './fetch-all';
import { BUCKETS_KEY, KNOWLEDGE, VERSIONS_KEY } from './keys';

/** Released versions of a process; archived ones are hidden from the process page (spec 3 version lists). */
export function useReleasedVersions(processId: string) {
  return useQuery({
    queryKey: [...VERSIONS_KEY, 'of-process', processId],
    queryFn: async ({ signal }) =>
      (await fetchAll<ProcessVersionAttributes>(`${KNOWLEDGE}/process-versions`, { 'process.id': processId, isArchived: 'false' }, signal)).sort(byNumericId),
  });
}

/** Unreleased versions (buckets) of a process. */
export function useUnreleasedVersions(processId: string) {
  return useQuery({
    queryKey: [...BUCKETS_KEY, 'of-process', processId],
    queryFn: async ({ signal }) =>
      (
        await fetchAll<ProcessBucketAttributes>(`${KNOWLEDGE}/process-buckets`, { 'process.id': processId, released: 'false', isArchived: 'false' }, signal)
      ).sort(byNumericId),
  });
}

export function bucketPath(bucketId: string): string {
  return `${KNOWLEDGE}/process-buckets/${encodeURIComponent(bucketId)}`;
}

export function useBucket(bucketId: string) {
  return useQuery({
    queryKey: [...BUCKETS_KEY, 'detail', bucketId],
    queryFn: async ({ signal }) => (await apiFetch<ResourceDocument<ProcessBucketAttributes>>(bucketPath(bucketId), { signal, jsonApi: true })).data,
  });
}

/** Spec 2 §7: POST process-buckets with a relationship to the process creates the next unreleased version. */
export async function createBucket(processId: string) {
  const document = await apiFetch<ResourceDocument<ProcessBucketAttributes>>(`${KNOWLEDGE}/process-buckets`, {
    method: 'POST',
    jsonApi: true,
    body: { data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processId } } } } },
  });
  return document.data;
}

export async function updateBucketResources(bucketId: string, resources: ProcessResources) {
  const document = await apiFetch<ResourceDocument<ProcessBucketAttributes>>(bucketPath(bucketId), {
    method: 'PATCH',
    jsonApi: true,
    body: { data: { type: 'process-buckets', id: bucketId, attributes: { resources } } },
  });
  return document.data;
}
