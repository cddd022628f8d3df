import { describe, expect, it } from 'vitest';
import { executionResultsSchema } from './execution-results.js';
import { executionAttributesSchema } from './executions.js';

/**
 * A results document as the engine writes it (apps/server/src/engine/orchestrator/
 * execution-results.ts, with the S3 location of the orchestrator) for a dynamic-list-splitter
 * run whose child task failed: file outputs are datastore URLs, unstarted tasks have null dates.
 */
const ENGINE_DOCUMENT = {
  info: { data: { streams: { split: ['shout[0]', 'shout[1]'], 'shout[0]': ['sum'], 'shout[1]': ['sum'], sum: [] } } },
  tasks: [
    {
      task_id: 'split',
      task_label: 'Split',
      state: 'success',
      start_date: '2024-01-01T00:00:01.000Z',
      end_date: '2024-01-01T00:00:02.000Z',
      try_number: 1,
      run: '',
    },
    {
      task_id: 'shout[0]',
      task_label: 'Shout',
      state: 'failed',
      start_date: '2024-01-01T00:00:02.500Z',
      end_date: '2024-01-01T00:00:05.000Z',
      try_number: 2,
      run: 'split[0]',
    },
    {
      task_id: 'shout[1]',
      task_label: 'Shout',
      state: 'success',
      start_date: '2024-01-01T00:00:03.000Z',
      end_date: '2024-01-01T00:00:04.500Z',
      try_number: 1,
      run: 'split[1]',
    },
    { task_id: 'sum', task_label: 'Sum', state: 'upstream_failed', start_date: null, end_date: null, try_number: 0, run: '' },
  ],
  data: [
    { task_id: 'shout[1]', key: 'text', value: 'B', type: 'string', type_label: 'String', label: 'text' },
    { task_id: 'shout[1]', key: 'stats', value: { mean: 0.3, bands: [1, 2] }, type: 'json', type_label: 'JSON', label: 'stats' },
    {
      task_id: 'shout[1]',
      key: 'image',
      value: '/builder/v1/executions/7/files/shout%5B1%5D/out/ndvi.tif',
      type: 'geotiff',
      type_label: 'GeoTIFF',
      label: 'image',
    },
  ],
  child_dags: { 'split[0]': ['shout[0]'], 'split[1]': ['shout[1]'] },
  S3BucketName: 'asb-datastore',
  S3OutputsPath: 's3://asb-datastore/olga/executions/fan-20240101000000-ab12/',
};

describe('executionResultsSchema', () => {
  it('reads a results document of the engine as it is, nothing dropped', () => {
    const wire = JSON.parse(JSON.stringify(ENGINE_DOCUMENT)) as unknown;
    expect(executionResultsSchema.parse(wire)).toEqual(ENGINE_DOCUMENT);
  });

  it('reads the document of an execution that failed before its tasks ran', () => {
    const failed = { info: { data: { streams: {} } }, tasks: [], data: [], error: 'Process version 12 no longer exists.' };
    expect(executionResultsSchema.parse(failed)).toEqual(failed);
  });

  it.each([
    ['an unknown task state', { ...ENGINE_DOCUMENT, tasks: [{ ...ENGINE_DOCUMENT.tasks[0], state: 'exploded' }] }],
    ['a task without its id', { ...ENGINE_DOCUMENT, tasks: [{ ...ENGINE_DOCUMENT.tasks[0], task_id: undefined }] }],
    ['a stream that is not a list of ids', { ...ENGINE_DOCUMENT, info: { data: { streams: { split: 'sum' } } } }],
    ['an output record without its key', { ...ENGINE_DOCUMENT, data: [{ ...ENGINE_DOCUMENT.data[0], key: undefined }] }],
    ['no tasks list', { info: ENGINE_DOCUMENT.info, data: [] }],
  ])('refuses %s', (_what, document) => {
    expect(executionResultsSchema.safeParse(document).success).toBe(false);
  });

  it('is what the execution attributes carry: null until the engine starts the execution', () => {
    const results = executionAttributesSchema.shape.executionResults;
    expect(results.parse(null)).toBeNull();
    expect(results.parse(ENGINE_DOCUMENT)).toEqual(ENGINE_DOCUMENT);
  });
});
