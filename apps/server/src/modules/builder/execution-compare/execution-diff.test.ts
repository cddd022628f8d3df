import type { ExecutionInputGroup, ExecutionResultRecord, ExecutionResults, ExecutionResultTask } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { bandSummaries, diffInputs, diffOutputs, diffTasks, rasterUrls } from './execution-diff.js';
import { comparedIds } from './compared-ids.js';

const item = (identifier: string, value: string, extra: Partial<ExecutionInputGroup['items'][number]> = {}) => ({
  identifier,
  label: identifier.toUpperCase(),
  value,
  user_visible: true,
  user_editable: true,
  description: '',
  data_type: 'string',
  ...extra,
});

const task = (task_id: string, state: ExecutionResultTask['state'], seconds: number | null): ExecutionResultTask => ({
  task_id,
  task_label: task_id,
  state,
  start_date: seconds === null ? null : '2026-11-28T10:00:00.000Z',
  end_date: seconds === null ? null : new Date(Date.parse('2026-11-28T10:00:00.000Z') + seconds * 1000).toISOString(),
  try_number: 1,
  run: '',
});

const output = (task_id: string, key: string, value: unknown): ExecutionResultRecord => ({
  task_id,
  key,
  value,
  type: 'float',
  type_label: 'Float',
  label: key,
});

const results = (tasks: ExecutionResultTask[], data: ExecutionResultRecord[]): ExecutionResults => ({ info: { data: { streams: {} } }, tasks, data });

const band = (mean: number) => ({ min: 0, max: 1, mean, std: 0.1, valid_percent: 100 });

describe('the comparison of two executions', () => {
  it('pairs the inputs by node and identifier: changed, the same, added and removed, in the left order and then the right', () => {
    const left = [{ node_id: 'ndvi', items: [item('threshold', '0.3'), item('red_band', '3'), item('gone', 'x')] }];
    const right = [
      { node_id: 'ndvi', items: [item('red_band', '3'), item('threshold', '0.5')] },
      { node_id: 'summary', items: [item('threshold', '1')] },
    ];
    expect(diffInputs(left, right).map(({ node_id, identifier, change, left: l, right: r }) => [node_id, identifier, change, l, r])).toEqual([
      ['ndvi', 'threshold', 'changed', '0.3', '0.5'],
      ['ndvi', 'red_band', 'same', '3', '3'],
      ['ndvi', 'gone', 'removed', 'x', null],
      ['summary', 'threshold', 'added', null, '1'],
    ]);
  });

  it('never compares password values: both masked, reported the same', () => {
    const masked = { encrypted: true };
    const [difference] = diffInputs([{ node_id: 'a', items: [item('key', '********', masked)] }], [{ node_id: 'a', items: [item('key', '********', masked)] }]);
    expect(difference).toMatchObject({ change: 'same', encrypted: true, left: '********', right: '********' });
  });

  it('compares values as JSON, and files by their path in the execution, not by the execution id in their URL', () => {
    const left = results([], [output('a', 'n', 1), output('a', 'list', [1, 2]), output('a', 'note', '/builder/v1/executions/7/files/a/note.txt')]);
    const right = results([], [output('a', 'n', 2), output('a', 'list', [1, 2]), output('a', 'note', '/builder/v1/executions/8/files/a/note.txt')]);
    expect(diffOutputs(left, right, new Map()).map(({ key, change, comparedBy }) => [key, change, comparedBy])).toEqual([
      ['n', 'changed', 'value'],
      ['list', 'same', 'value'],
      ['note', 'same', 'file'],
    ]);
  });

  it('compares rasters by their statistics and gives the difference of the means', () => {
    const leftUrl = '/builder/v1/executions/7/files/ndvi/ndvi.tif';
    const rightUrl = '/builder/v1/executions/8/files/ndvi/ndvi.tif';
    const left = results([], [output('ndvi', 'ndvi', leftUrl)]);
    const right = results([], [output('ndvi', 'ndvi', rightUrl)]);
    expect(rasterUrls(left, 7)).toEqual([leftUrl]);

    const [changed] = diffOutputs(
      left,
      right,
      new Map([
        [leftUrl, { b1: band(0.25) }],
        [rightUrl, { b1: band(0.5) }],
      ]),
    );
    expect(changed).toMatchObject({ change: 'changed', comparedBy: 'raster', raster: { bands: [{ band: 'b1', meanDifference: 0.25 }] } });
    const [same] = diffOutputs(
      left,
      right,
      new Map([
        [leftUrl, { b1: band(0.25) }],
        [rightUrl, { b1: band(0.25) }],
      ]),
    );
    expect(same).toMatchObject({ change: 'same', raster: { bands: [{ band: 'b1', meanDifference: 0 }] } });
  });

  it('does not call two rasters the same when the statistics of one could not be read', () => {
    const leftUrl = '/builder/v1/executions/7/files/a/big.tif';
    const rightUrl = '/builder/v1/executions/8/files/a/big.tif';
    const statistics = new Map<string, ReturnType<typeof bandSummaries> | string>([
      [leftUrl, { b1: band(1) }],
      [rightUrl, 'The file is over the pixel budget.'],
    ]);
    const [difference] = diffOutputs(results([], [output('a', 'big', leftUrl)]), results([], [output('a', 'big', rightUrl)]), statistics);
    expect(difference).toMatchObject({ change: 'changed', raster: { error: 'The file is over the pixel budget.' } });
  });

  it('reads only the rasters of the execution itself: a value naming another execution file is not read, nor called the same', () => {
    const foreign = '/builder/v1/executions/99/files/secret/scene.tif';
    const left = results([], [output('a', 'scene', foreign)]);
    const right = results([], [output('a', 'scene', foreign)]);
    expect(rasterUrls(left, 7)).toEqual([]);
    const [difference] = diffOutputs(left, right, new Map());
    expect(difference).toMatchObject({
      change: 'changed',
      comparedBy: 'raster',
      raster: { bands: [], error: 'Not read: the output names a file of another execution.' },
    });
  });

  it('keeps of the tile service statistics the min, max, mean, std and valid share of each band', () => {
    const full = {
      ...band(0.5),
      count: 4,
      sum: 2,
      median: 0.5,
      majority: 0,
      minority: 1,
      unique: 2,
      histogram: [[1], [0, 1]] as [number[], number[]],
      masked_pixels: 0,
      valid_pixels: 4,
      percentile_2: 0,
      percentile_98: 1,
    };
    expect(bandSummaries({ b1: full })).toEqual({ b1: band(0.5) });
  });

  it('gives each task its state and duration in both, and the difference of the durations', () => {
    const left = results([task('scene', 'success', 2), task('ndvi', 'success', 4.04), task('old', 'success', 1)], []);
    const right = results([task('scene', 'success', 3.5), task('ndvi', 'failed', 1), task('summary', 'no_status', null)], []);
    expect(
      diffTasks(left, right).map(({ task_id, change, left: l, right: r, durationDifference }) => [
        task_id,
        change,
        l?.duration,
        r?.duration,
        durationDifference,
      ]),
    ).toEqual([
      ['scene', 'same', 2, 3.5, 1.5],
      ['ndvi', 'changed', 4, 1, -3],
      ['old', 'removed', 1, undefined, null],
      ['summary', 'added', undefined, null, null],
    ]);
  });

  it('compares executions that have not started (no results) as having no outputs and no tasks', () => {
    expect(diffOutputs(null, null, new Map())).toEqual([]);
    expect(diffTasks(null, results([task('a', 'queued', null)], []))).toMatchObject([{ task_id: 'a', change: 'added' }]);
  });

  it('takes exactly two different ids, comma separated or repeated, and says so otherwise', () => {
    expect(comparedIds('12,13')).toEqual(['12', '13']);
    expect(comparedIds(' 12 , 13 ')).toEqual(['12', '13']);
    expect(comparedIds(['12', '13'])).toEqual(['12', '13']);
    for (const [ids, got] of [
      ['', 'Got none.'],
      ['12', 'Got 1.'],
      ['1,2,3', 'Got 3.'],
      [['1,2', '3'], 'Got 3.'],
    ] as const) {
      expect(() => comparedIds(ids as string | string[])).toThrow(`Compare takes exactly two execution ids: ids=12,13. ${got}`);
    }
    expect(() => comparedIds('12,12')).toThrow('Both are 12: choose two different executions.');
  });
});
