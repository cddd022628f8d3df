import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { VERSIONS_KEY } from '../api/keys';
import { paramsOfValue, resolveSelection, type ReleasedVersion, type UnreleasedVersion } from './version-selection';

/**
 * The selected version, kept in the URL so that a version can be linked to and
 * survives a reload. `isLoaded`: both version lists have arrived.
 */
export function useVersionSelection(released: ReleasedVersion[], unreleased: UnreleasedVersion[], isLoaded: boolean) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = { version: searchParams.get('version'), bucket: searchParams.get('bucket') };
  const selection = resolveSelection(params, released, unreleased);

  // A selected bucket in neither list was released elsewhere (another tab, another
  // user): the released versions are fetched again to find it.
  const missingBucket =
    isLoaded && params.bucket && !unreleased.some((b) => b.id === params.bucket) && !released.some((v) => v.attributes.bucketId === params.bucket)
      ? params.bucket
      : null;
  useEffect(() => {
    if (missingBucket) void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
  }, [missingBucket, queryClient]);

  const select = (value: string) => {
    const next = paramsOfValue(value);
    setSearchParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('version');
        updated.delete('bucket');
        if (next.version) updated.set('version', next.version);
        if (next.bucket) updated.set('bucket', next.bucket);
        return updated;
      },
      { replace: true },
    );
  };

  return { selection, select };
}
