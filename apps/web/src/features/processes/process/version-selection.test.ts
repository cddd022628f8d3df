import { describe, expect, it } from 'vitest';
import { paramsOfValue, resolveSelection, selectionValue, versionOptions, type ReleasedVersion, type UnreleasedVersion } from './version-selection';

function released(id: string, value: string, bucketId: string | null = null): ReleasedVersion {
  return { type: 'process-versions', id, attributes: { value, bucketId } as ReleasedVersion['attributes'], relationships: { workspaces: { data: [] } } };
}

function unreleased(id: string, value: string): UnreleasedVersion {
  return { type: 'process-buckets', id, attributes: { value } as UnreleasedVersion['attributes'], relationships: { workspaces: { data: [] } } };
}

const NONE = { version: null, bucket: null };

describe('resolveSelection', () => {
  const versions = [released('10', '1', '1'), released('11', '2', '2')];
  const buckets = [unreleased('3', '3'), unreleased('4', '4')];

  it('opens on the latest unreleased version, else the latest released one, else nothing', () => {
    expect(selectionValue(resolveSelection(NONE, versions, buckets))).toBe('unreleased:4');
    expect(selectionValue(resolveSelection(NONE, versions, []))).toBe('released:11');
    expect(resolveSelection(NONE, [], [])).toBeNull();
  });

  it('follows the URL while it names a version of this process', () => {
    expect(selectionValue(resolveSelection({ version: '10', bucket: null }, versions, buckets))).toBe('released:10');
    expect(selectionValue(resolveSelection({ version: null, bucket: '3' }, versions, buckets))).toBe('unreleased:3');
    expect(selectionValue(resolveSelection({ version: '99', bucket: null }, versions, buckets))).toBe('unreleased:4');
  });

  it('moves to the released version of a bucket that has been released', () => {
    expect(selectionValue(resolveSelection({ version: null, bucket: '2' }, versions, buckets))).toBe('released:11');
  });
});

describe('version options', () => {
  it('groups Released and Unreleased versions, newest first', () => {
    expect(versionOptions([released('10', '1'), released('11', '2')], [unreleased('3', '3')])).toEqual([
      {
        group: 'Released',
        items: [
          { value: 'released:11', label: 'Version 2' },
          { value: 'released:10', label: 'Version 1' },
        ],
      },
      { group: 'Unreleased', items: [{ value: 'unreleased:3', label: 'Version 3' }] },
    ]);
    expect(versionOptions([], [])).toEqual([]);
  });

  it('turns an option back into URL parameters', () => {
    expect(paramsOfValue('released:11')).toEqual({ version: '11', bucket: null });
    expect(paramsOfValue('unreleased:3')).toEqual({ version: null, bucket: '3' });
  });
});
