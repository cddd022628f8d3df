import type { ProcessBucketAttributes } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/http';
import { bucketContentKey } from './keys';

/** The importer's paths for one bucket (spec 2 §7 Bucket and import): the upload's, which sends itself (upload-file.ts). */
export function importerPath(bucketId: string, rest: string): string {
  return `/procimp/process/buckets/${encodeURIComponent(bucketId)}/${rest}`;
}

export function useBucketFiles(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'files'],
    queryFn: ({ signal }) => api('GET /procimp/process/buckets/{bucketId}/files', { params: { bucketId }, signal }),
  });
}

export function useBucketProperties(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'properties'],
    queryFn: ({ signal }) => api('GET /procimp/process/buckets/{bucketId}/properties', { params: { bucketId }, signal }),
  });
}

export function useDockerfile(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'dockerfile'],
    // a text/plain file
    queryFn: async ({ signal }) => (await api('GET /procimp/process/buckets/{bucketId}/dockerfile', { params: { bucketId }, signal })).text(),
  });
}

export function deleteBucketFiles(bucketId: string, paths: string[]) {
  return api('DELETE /procimp/process/buckets/{bucketId}/files', { params: { bucketId }, body: { files: paths } });
}

/** A dry run checks the files; a release build also releases the version. */
export type BuildKind = NonNullable<ProcessBucketAttributes['buildKind']>;

/** Starts a build: a dry run, or an import that releases the version (202 with the run's first status). */
export function startBuild(bucketId: string, kind: BuildKind) {
  return api(kind === 'dry-run' ? 'GET /procimp/process/buckets/{bucketId}/dry-run-import' : 'GET /procimp/process/buckets/{bucketId}/import', {
    params: { bucketId },
  });
}
