import { describe, expect, it } from 'vitest';
import { isPng } from './output-row';
import { outputEntries, outputHref, taskOutputRows } from './task-outputs';

describe('outputHref', () => {
  it("rewrites a link inside the execution's S3 outputs path to the execution's file route", () => {
    expect(outputHref('s3://bucket/alice/executions/7/out/map.png', '7', 's3://bucket/alice/executions/7/')).toBe('/builder/v1/executions/7/files/out/map.png');
  });
  it('keeps a file the local datastore recorded, and an http link; other storage links are no link', () => {
    expect(outputHref('/builder/v1/executions/7/files/out/a.tif', '7', null)).toBe('/builder/v1/executions/7/files/out/a.tif');
    expect(outputHref('https://ades.example.org/jobs/1/result.png', '7', null)).toBe('https://ades.example.org/jobs/1/result.png');
    expect(outputHref('s3://elsewhere/x.png', '7', 's3://bucket/alice/executions/7/')).toBeUndefined();
  });
});

describe('outputEntries', () => {
  it('reads CWL File and Directory values and lists', () => {
    const entries = outputEntries({
      S3OutputsPath: null,
      S3BucketName: null,
      data: [
        { id: 'preview', value: { class: 'File', location: '/builder/v1/executions/7/files/out/preview.png', basename: 'preview.png' } },
        { id: 'results', value: [{ class: 'Directory', location: '/builder/v1/executions/7/files/out/results' }] },
        { id: 'count', value: 3 },
        { id: 'mask', value: '/builder/v1/executions/7/files/application/mask.tif' },
      ],
    });
    expect(entries).toEqual([
      { id: 'preview', value: '/builder/v1/executions/7/files/out/preview.png', kind: 'File', name: 'preview.png' },
      { id: 'results', value: '/builder/v1/executions/7/files/out/results', kind: 'Directory' },
      { id: 'count', value: '3', kind: 'value' },
      { id: 'mask', value: '/builder/v1/executions/7/files/application/mask.tif', kind: 'File' },
    ]);
    expect(isPng(entries[0]!.value)).toBe(true);
  });
});

describe('taskOutputRows', () => {
  it('names each output by its file, links the files and offers the map preview for a GeoTIFF of the datastore', () => {
    const rows = taskOutputRows('7', {
      S3OutputsPath: 's3://bucket/alice/executions/7/',
      S3BucketName: 'bucket',
      data: [
        { id: 'mask', value: 's3://bucket/alice/executions/7/out/water%20mask.tif' },
        { id: 'remote', value: 'https://ades.example.org/jobs/1/result.tif' },
        { id: 'count', value: 3 },
      ],
    });
    expect(rows.map(({ id, type, href, name, canPreviewOnMap }) => ({ id, type, href, name, canPreviewOnMap }))).toEqual([
      { id: 'mask', type: 'File', href: '/builder/v1/executions/7/files/out/water%20mask.tif', name: 'water mask.tif', canPreviewOnMap: true },
      { id: 'remote', type: 'value', href: 'https://ades.example.org/jobs/1/result.tif', name: 'result.tif', canPreviewOnMap: false },
      { id: 'count', type: 'value', href: undefined, name: undefined, canPreviewOnMap: false },
    ]);
  });
});
