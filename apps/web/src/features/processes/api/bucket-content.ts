import type { BucketProperties, FileTreeNode, ImportStatusMessage, ProcessBucketAttributes } from '@asb/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/http';
import { bucketContentKey } from './keys';

/** The importer's paths for one bucket (spec 2 §7 Bucket and import). */
export function importerPath(bucketId: string, rest: string): string {
  return `/procimp/process/buckets/${encodeURIComponent(bucketId)}/${rest}`;
}

export function useBucketFiles(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'files'],
    queryFn: ({ signal }) => apiFetch<FileTreeNode[]>(importerPath(bucketId, 'files'), { signal }),
  });
}

export function useBucketProperties(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'properties'],
    queryFn: ({ signal }) => apiFetch<BucketProperties>(importerPath(bucketId, 'properties'), { signal }),
  });
}

export function useDockerfile(bucketId: string) {
  return useQuery({
    queryKey: [...bucketContentKey(bucketId), 'dockerfile'],
    queryFn: async ({ signal }) => {
      const body = await apiFetch<unknown>(importerPath(bucketId, 'dockerfile'), { signal });
      return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    },
  });
}

export function deleteBucketFiles(bucketId: string, paths: string[]) {
  return apiFetch<unknown>(importerPath(bucketId, 'files'), { method: 'DELETE', body: { files: paths } });
}

/** A dry run checks the files; a release build also releases the version. */
export type BuildKind = NonNullable<ProcessBucketAttributes['buildKind']>;

/** Starts a build: a dry run, or an import that releases the version (202 with the run's first status). */
export function startBuild(bucketId: string, kind: BuildKind) {
  return apiFetch<ImportStatusMessage>(importerPath(bucketId, kind === 'dry-run' ? 'dry-run-import' : 'import'));
}
