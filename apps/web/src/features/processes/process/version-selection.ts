import type { ProcessBucketAttributes, ProcessVersionAttributes, ResourceObject } from '@asb/contracts';

export type ReleasedVersion = ResourceObject<ProcessVersionAttributes>;
export type UnreleasedVersion = ResourceObject<ProcessBucketAttributes>;

export type VersionSelection = { kind: 'released'; version: ReleasedVersion } | { kind: 'unreleased'; bucket: UnreleasedVersion } | null;

/** The URL parameters of the selected version: ?version={id} (released) or ?bucket={id} (unreleased). */
export interface SelectionParams {
  version: string | null;
  bucket: string | null;
}

/**
 * The version the process page shows. The URL wins while it names a version of
 * this process; a bucket that has been released since resolves to its released
 * version (so Build & Release moves the page to it). Otherwise the latest
 * unreleased version (work in progress), else the latest released one.
 */
export function resolveSelection(params: SelectionParams, released: ReleasedVersion[], unreleased: UnreleasedVersion[]): VersionSelection {
  if (params.version) {
    const version = released.find((v) => v.id === params.version);
    if (version) return { kind: 'released', version };
  }
  if (params.bucket) {
    const bucket = unreleased.find((b) => b.id === params.bucket);
    if (bucket) return { kind: 'unreleased', bucket };
    const version = released.find((v) => v.attributes.bucketId === params.bucket);
    if (version) return { kind: 'released', version };
  }
  const latestBucket = unreleased.at(-1);
  if (latestBucket) return { kind: 'unreleased', bucket: latestBucket };
  const latestVersion = released.at(-1);
  return latestVersion ? { kind: 'released', version: latestVersion } : null;
}

/** The Select value of a selection: 'released:{id}' or 'unreleased:{id}'. */
export function selectionValue(selection: VersionSelection): string | null {
  if (!selection) return null;
  return selection.kind === 'released' ? `released:${selection.version.id}` : `unreleased:${selection.bucket.id}`;
}

/** The URL parameters for a Select value. */
export function paramsOfValue(value: string): SelectionParams {
  const [kind, id = ''] = value.split(':');
  return kind === 'released' ? { version: id, bucket: null } : { version: null, bucket: id };
}

function versionLabel(value: string): string {
  return `Version ${value}`;
}

/** Select data grouped into Released and Unreleased versions, newest first (spec 2 version switcher). */
export function versionOptions(released: ReleasedVersion[], unreleased: UnreleasedVersion[]) {
  const groups = [];
  if (released.length > 0) {
    groups.push({ group: 'Released', items: [...released].reverse().map((v) => ({ value: `released:${v.id}`, label: versionLabel(v.attributes.value) })) });
  }
  if (unreleased.length > 0) {
    groups.push({
      group: 'Unreleased',
      items: [...unreleased].reverse().map((b) => ({ value: `unreleased:${b.id}`, label: versionLabel(b.attributes.value) })),
    });
  }
  return groups;
}
