import { describe, expect, it } from 'vitest';
import type { ExecutionResults } from '../execution-results.js';
import type { ExecutionInputGroup, WorkflowExecutionOrder } from '../executions.js';
import { TASK_STATE_COLORS } from '../tasks.js';
import {
  ENCRYPTED_VALUE_MASK,
  executionInputRows,
  executionOutputRows,
  executionSummaryRows,
  executionTaskGraph,
  executionTaskRows,
  outputValueText,
  reportResults,
  type ReportSummarySource,
} from './index.js';

const RESULTS = {
  info: { data: { streams: { split: ['shout[0]', 'shout[1]'], 'shout[0]': ['sum'], 'shout[1]': ['sum'], sum: [] } } },
  tasks: [
    { task_id: 'split', task_label: 'Split', state: 'success', start_date: '2024-01-01T00:00:01Z', end_date: '2024-01-01T00:00:02Z', try_number: 1, run: '' },
    { task_id: 'sum', task_label: 'Sum', state: 'upstream_failed', start_date: null, end_date: null, try_number: 0, run: '' },
    {
      task_id: 'shout[1]',
      task_label: 'Shout',
      state: 'success',
      start_date: '2024-01-01T00:00:03Z',
      end_date: '2024-01-01T00:00:04.5Z',
      try_number: 1,
      run: 'split[1]',
    },
    {
      task_id: 'shout[0]',
      task_label: 'Shout',
      state: 'failed',
      start_date: '2024-01-01T00:00:02.5Z',
      end_date: '2024-01-01T00:00:05Z',
      try_number: 2,
      run: 'split[0]',
    },
  ],
  data: [
    { task_id: 'shout[1]', key: 'text', value: 'B', type: 'string', type_label: 'String', label: 'text' },
    { task_id: 'shout[1]', key: 'stats', value: { mean: 0.3 }, type: 'json', type_label: 'JSON', label: 'stats' },
    { task_id: 'shout[1]', key: 'count', value: 3, type: 'integer', type_label: 'Integer', label: 'count' },
  ],
  child_dags: { 'split[0]': ['shout[0]'], 'split[1]': ['shout[1]'] },
  error: 'Something broke.',
} satisfies ExecutionResults;
const ORDER: WorkflowExecutionOrder = {
  tasks: [
    { task_slug_id: 'shout', worker_selectors: { gpu: 'yes', zone: 'eu' }, identifier: 'echo', version: '1' },
    { task_slug_id: 'sum', worker_selectors: {}, identifier: 'sum', version: '1' },
  ],
  workflow: { identifier: 'fan', version: 3, 'dag-type': 'dynamic-list-splitter' },
};

describe('reportResults', () => {
  it('reads nothing before the engine wrote results', () => {
    for (const value of [null, undefined]) {
      expect(reportResults(value)).toEqual({ streams: {}, tasks: [], data: [], childDags: {}, error: undefined });
    }
  });

  it('reads streams, tasks, data, child runs and the error', () => {
    const results = reportResults(RESULTS);
    expect(results.tasks).toHaveLength(4);
    expect(results.streams.split).toEqual(['shout[0]', 'shout[1]']);
    expect(results.childDags).toEqual(RESULTS.child_dags);
    expect(results.error).toBe('Something broke.');
  });
});

describe('executionSummaryRows', () => {
  const execution: ReportSummarySource = {
    identifier: 'fan-20240101000000-ab12',
    ownerId: 'olga',
    createdAt: '2024-01-01T00:00:00Z',
    processorLabel: 'Fan out',
    processorIdentifier: 'fan',
    processorVersion: 3,
    workflowExecutionId: 'local:fan-20240101000000-ab12',
    startTime: '2024-01-01T00:00:01Z',
    endTime: '2024-01-01T00:00:05Z',
    datastore: 'Local datastore: olga/executions/fan-20240101000000-ab12/',
    executionResults: RESULTS,
  };

  it('lists the spec rows in order with their values', () => {
    expect(executionSummaryRows(execution).map((row) => [row.label, row.value])).toEqual([
      ['Identifier', 'fan-20240101000000-ab12'],
      ['Executed by', 'olga'],
      ['Created at', '2024-01-01 00:00:00'],
      ['Workflow', 'Fan out'],
      ['Workflow version', '3'],
      ['Engine reference', 'local:fan-20240101000000-ab12'],
      ['Start time', '2024-01-01 00:00:01'],
      ['End time', '2024-01-01 00:00:05'],
      ['Duration', '4.0 s'],
      ['Datastore', 'Local datastore: olga/executions/fan-20240101000000-ab12/'],
    ]);
  });

  it('shows n/a for what is not known yet, and the S3 location when there is one', () => {
    const created = { ...execution, processorLabel: '', workflowExecutionId: null, startTime: null, endTime: null, datastore: null, executionResults: null };
    const rows = Object.fromEntries(executionSummaryRows(created).map((row) => [row.key, row.value]));
    expect(rows).toMatchObject({ workflow: 'fan', engineReference: 'n/a', startTime: 'n/a', endTime: 'n/a', duration: 'n/a', datastore: 'n/a' });
    const s3 = executionSummaryRows({ ...execution, executionResults: { ...RESULTS, S3OutputsPath: 's3://bucket/olga/x/' } });
    expect(s3.find((row) => row.key === 'datastore')?.value).toBe('s3://bucket/olga/x/');
  });
});

describe('executionTaskRows', () => {
  it('sorts by start (tasks that never started last), with workers, times, durations and colours', () => {
    const rows = executionTaskRows({ executionResults: RESULTS, workflowExecutionOrder: ORDER }, new Map([['shout[0]', 'local:host:42']]));
    expect(rows.map((row) => row.taskId)).toEqual(['split', 'shout[0]', 'shout[1]', 'sum']);
    expect(rows[1]).toMatchObject({
      taskId: 'shout[0]',
      run: 'split[0]',
      state: 'failed',
      color: '#e53935',
      worker: 'gpu=yes, zone=eu / local:host:42',
      start: '2024-01-01 00:00:02',
      end: '2024-01-01 00:00:05',
      durationSeconds: 2.5,
      duration: '2.5 s',
      tryNumber: 2,
    });
    expect(rows[2]?.worker).toBe('gpu=yes, zone=eu');
    expect(rows[0]?.worker).toBe('');
    expect(rows[3]).toMatchObject({ start: 'n/a', end: 'n/a', duration: 'n/a', startMs: undefined, color: TASK_STATE_COLORS.upstream_failed });
  });

  it('carries why a queued task waits (no worker offers what it needs)', () => {
    const waiting = { task_id: 'app', task_label: 'App', state: 'queued' as const, start_date: null, end_date: null, try_number: 1, run: '' };
    const results = { ...RESULTS, tasks: [{ ...waiting, status_message: 'Waiting: no worker offers cwltool.' }] };
    expect(executionTaskRows({ executionResults: results, workflowExecutionOrder: ORDER })[0]?.statusMessage).toBe('Waiting: no worker offers cwltool.');
  });

  it('has no rows before the engine wrote results', () => {
    expect(executionTaskRows({ executionResults: null, workflowExecutionOrder: ORDER })).toEqual([]);
  });
});

describe('executionTaskGraph', () => {
  it('has a node per task, child-run tasks included, and an edge per stream', () => {
    const graph = executionTaskGraph(RESULTS);
    expect(graph.nodes.map((node) => [node.id, node.state])).toEqual([
      ['split', 'success'],
      ['sum', 'upstream_failed'],
      ['shout[1]', 'success'],
      ['shout[0]', 'failed'],
    ]);
    expect(graph.nodes[3]?.color).toBe('#e53935');
    expect(graph.edges).toEqual([
      { source: 'split', target: 'shout[0]' },
      { source: 'split', target: 'shout[1]' },
      { source: 'shout[0]', target: 'sum' },
      { source: 'shout[1]', target: 'sum' },
    ]);
  });

  it('adds tasks only named by streams or child runs, and drops self and repeated edges', () => {
    const graph = executionTaskGraph({ info: { data: { streams: { a: ['b', 'b', 'a'] } } }, tasks: [], data: [], child_dags: { 'x[0]': ['c'] } });
    expect(graph.nodes).toEqual([
      { id: 'a', state: 'no_status', color: TASK_STATE_COLORS.no_status },
      { id: 'b', state: 'no_status', color: TASK_STATE_COLORS.no_status },
      { id: 'c', state: 'no_status', color: TASK_STATE_COLORS.no_status },
    ]);
    expect(graph.edges).toEqual([{ source: 'a', target: 'b' }]);
  });
});

describe('executionInputRows', () => {
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

  it("shows an enum input's label of its value, not the raw value", () => {
    const inputs: ExecutionInputGroup[] = [{ node_id: 'scene', items: [item('mission', 's2', { value_label: 'Sentinel-2' }), item('band', 'B04')] }];
    expect(executionInputRows(inputs).map((row) => [row.label, row.value])).toEqual([
      ['MISSION', 'Sentinel-2'],
      ['BAND', 'B04'],
    ]);
  });

  it('lists user-visible inputs only, masks secrets and tells equal labels apart by node', () => {
    const inputs: ExecutionInputGroup[] = [
      {
        node_id: 'scene',
        items: [
          item('bbox', '4.3,51.1,4.5,51.3'),
          item('hidden', 'secret-default', { user_visible: false }),
          item('token', 'cipher==', { data_type: 'password', encrypted: true }),
          item('key', 'clear-default', { data_type: 'password' }),
          item('size', '', { label: '' }),
        ],
      },
      { node_id: 'ndvi', items: [item('bbox', '1,2,3,4')] },
    ];
    expect(executionInputRows(inputs).map((row) => [row.label, row.value])).toEqual([
      ['BBOX (scene)', '4.3,51.1,4.5,51.3'],
      ['TOKEN', ENCRYPTED_VALUE_MASK],
      ['KEY', ENCRYPTED_VALUE_MASK],
      ['size', ''],
      ['BBOX (ndvi)', '1,2,3,4'],
    ]);
    expect(executionInputRows(null)).toEqual([]);
  });

  it('treats an item without the flag as visible (the settings default)', () => {
    const legacy = { identifier: 'x', label: 'X', value: '1', description: '', data_type: 'string' } as unknown as ExecutionInputGroup['items'][number];
    expect(executionInputRows([{ node_id: 'n', items: [legacy] }])).toHaveLength(1);
  });
});

describe('executionOutputRows', () => {
  it('lists output records with their values as text', () => {
    expect(executionOutputRows(RESULTS)).toEqual([
      { taskId: 'shout[1]', key: 'text', type: 'string', typeLabel: 'String', value: 'B' },
      { taskId: 'shout[1]', key: 'stats', type: 'json', typeLabel: 'JSON', value: '{"mean":0.3}' },
      { taskId: 'shout[1]', key: 'count', type: 'integer', typeLabel: 'Integer', value: '3' },
    ]);
    expect(executionOutputRows(undefined)).toEqual([]);
  });

  it.each([
    [null, ''],
    [undefined, ''],
    [false, 'false'],
    [[1, 'a'], '[1,"a"]'],
  ])('writes %j as %j', (value, text) => {
    expect(outputValueText(value)).toBe(text);
  });
});
