import { describe, expect, it } from 'vitest';
import { productInputUrl } from '@asb/contracts';
import { formatDuration } from '../../../ui/formatDateTime';
import { inputText, isPng, outputEntries, outputHref } from './execution-view';
import { liveTaskUpdate } from './live-update';

describe('formatDuration', () => {
  it('shows days, hours, minutes and seconds, or n/a when negative (spec 3 §9)', () => {
    expect(formatDuration(4)).toBe('4s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(90_061)).toBe('1d 1h 1m 1s');
    expect(formatDuration(-1)).toBe('n/a');
    expect(formatDuration(null)).toBe('n/a');
  });
});

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

describe('liveTaskUpdate', () => {
  it('reads the status and the progress of an executionUpdate', () => {
    expect(liveTaskUpdate({ type: 'executionUpdate', id: '7', status: 'running', progress: 50 })).toEqual({ id: '7', status: 'running', progress: 0.5 });
    expect(liveTaskUpdate({ type: 'executionUpdate', id: '7' })).toBeUndefined();
  });
});

describe('inputText', () => {
  it('names an EO product by collection and item, and reads lists and CWL files', () => {
    expect(inputText(productInputUrl('demo-scenes', 'scene-1'))).toBe('demo-scenes / scene-1');
    expect(inputText([1, 2])).toBe('1, 2');
    expect(inputText({ class: 'File', location: 'https://example.org/a.tif' })).toBe('https://example.org/a.tif');
  });
});
