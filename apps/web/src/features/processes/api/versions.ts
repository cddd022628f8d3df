import type { ProcessBucketAttributes, ProcessResources, ProcessVersionAttributes } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
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

export function useBucket(bucketId: string) {
  return useQuery({
    queryKey: [...BUCKETS_KEY, 'detail', bucketId],
    queryFn: async ({ signal }) => (await api('GET /knowledge/v1/process-buckets/{id}', { params: { id: bucketId }, signal, jsonApi: true })).data,
  });
}

/** Spec 2 §7: POST process-buckets with a relationship to the process creates the next unreleased version. */
export async function createBucket(processId: string) {
  const document = await api('POST /knowledge/v1/process-buckets', {
    jsonApi: true,
    body: { data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processId } } } } },
  });
  return document.data;
}

export async function updateBucketResources(bucketId: string, resources: ProcessResources) {
  const document = await api('PATCH /knowledge/v1/process-buckets/{id}', {
    params: { id: bucketId },
    jsonApi: true,
    body: { data: { type: 'process-buckets', id: bucketId, attributes: { resources } } },
  });
  return document.data;
}
