import { describe, expect, it } from 'vitest';
import {
  ENCRYPTED_VALUE_MASK,
  durationSeconds,
  executionInputRows,
  executionOutputRows,
  executionSummaryRows,
  executionTaskGraph,
  executionTaskRows,
  formatDuration,
  formatReportDate,
  formatReportDuration,
  outputValueText,
  reportDateMs,
  reportResults,
  taskNodeId,
  taskStateColor,
  taskStateText,
  type ReportSummarySource,
} from './execution-report.js';
import type { ExecutionInputGroup, WorkflowExecutionOrder } from './executions.js';
import { TASK_STATE_COLORS } from './tasks.js';

const NINE_E12_ISO = new Date(9e12).toISOString();

describe('formatReportDate', () => {
  it.each([
    ['an ISO string', '2024-03-05T07:08:09.500Z', '2024-03-05 07:08:09'],
    ['an ISO string with an offset', '2024-03-05T09:08:09+02:00', '2024-03-05 07:08:09'],
    ['an ISO string without an offset, read as UTC', '2024-03-05T07:08:09', '2024-03-05 07:08:09'],
    ['ms as a number', Date.UTC(2023, 11, 31, 23, 59, 59), '2023-12-31 23:59:59'],
    ['ms as a numeric string', String(Date.UTC(2023, 0, 2, 3, 4, 5)), '2023-01-02 03:04:05'],
    ['a Date', new Date(Date.UTC(2020, 1, 29, 12, 0, 0)), '2020-02-29 12:00:00'],
  ])('shows %s as YYYY-MM-DD HH:mm:ss UTC', (_what, value, expected) => {
    expect(formatReportDate(value)).toBe(expected);
  });

  it.each([
    ['0', 0],
    ['"0"', '0'],
    ['the epoch as ISO', '1970-01-01T00:00:00.000Z'],
    ['9e12', 9e12],
    ['"9000000000000"', '9000000000000'],
    ['9e12 as ISO', NINE_E12_ISO],
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['blanks', '   '],
    ['garbage', 'yesterday'],
    ['NaN', Number.NaN],
    ['beyond the last JavaScript date', 9e15],
  ])('shows %s as n/a', (_what, value) => {
    expect(formatReportDate(value)).toBe('n/a');
    expect(reportDateMs(value)).toBeUndefined();
  });
});

describe('durations', () => {
  it('counts the seconds between two dates', () => {
    expect(durationSeconds('2024-01-01T00:00:00Z', '2024-01-01T00:00:12.345Z')).toBeCloseTo(12.345);
    expect(durationSeconds('2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')).toBe(0);
  });

  it('is n/a when negative or when either date is n/a', () => {
    expect(formatReportDuration('2024-01-01T00:00:10Z', '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration(null, '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', null)).toBe('n/a');
    expect(formatReportDuration(0, '2024-01-01T00:00:00Z')).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', 9e12)).toBe('n/a');
    expect(formatReportDuration('2024-01-01T00:00:00Z', NINE_E12_ISO)).toBe('n/a');
  });

  it.each([
    [0, '0.0 s'],
    [0.04, '0.0 s'],
    [12.345, '12.3 s'],
    [59.94, '59.9 s'],
    [59.96, '1 min 00 s'],
    [60, '1 min 00 s'],
    [245, '4 min 05 s'],
    [3599.4, '59 min 59 s'],
    [3599.6, '1 h 00 min'],
    [3720, '1 h 02 min'],
    [93_600, '26 h 00 min'],
  ])('shows %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])('shows %s seconds as n/a', (seconds) => {
    expect(formatDuration(seconds)).toBe('n/a');
  });

  it('formats the span of two dates', () => {
    expect(formatReportDuration('2024-01-01T10:00:00Z', '2024-01-01T11:02:00Z')).toBe('1 h 02 min');
  });
});

describe('task states', () => {
  it('colours states by spec 1 §4 and unknown ones like no_status', () => {
    expect(taskStateColor('success')).toBe(TASK_STATE_COLORS.success);
    expect(taskStateColor('failed')).toBe('#e53935');
    expect(taskStateColor('upstream_failed')).toBe(TASK_STATE_COLORS.upstream_failed);
    expect(taskStateColor('weird')).toBe(TASK_STATE_COLORS.no_status);
    expect(taskStateText('upstream_failed')).toBe('upstream failed');
  });

  it('names the node of a child task', () => {
    expect(taskNodeId('shout[12]')).toBe('shout');
    expect(taskNodeId('shout')).toBe('shout');
    expect(taskNodeId('a[b]')).toBe('a[b]');
  });
});

const RESULTS = {
  info: { data: { streams: { split: ['shout[0]', 'shout[1]'], 'shout[0]': ['sum'], 'shout[1]': ['sum'], sum: [] } } },
  tasks: [
    { task_id: 'split', task_label: 'Split', state: 'success', start_date: '2024-01-01T00:00:01Z', end_date: '2024-01-01T00:00:02Z', try_number: 1, run: '' },
    { task_id: 'sum', task_label: 'Sum', state: 'upstream_failed', start_date: null, end_date: null, try_number: 0, run: '' },
    { task_id: 'shout[1]', task_label: 'Shout', state: 'success', start_date: '2024-01-01T00:00:03Z', end_date: '2024-01-01T00:00:04.5Z', try_number: 1, run: 'split[1]' },
    { task_id: 'shout[0]', task_label: 'Shout', state: 'failed', start_date: '2024-01-01T00:00:02.5Z', end_date: '2024-01-01T00:00:05Z', try_number: 2, run: 'split[0]' },
  ],
  data: [
    { task_id: 'shout[1]', key: 'text', value: 'B', type: 'string', type_label: 'String', label: 'text' },
    { task_id: 'shout[1]', key: 'stats', value: { mean: 0.3 }, type: 'json', type_label: 'JSON', label: 'stats' },
    { task_id: 'shout[1]', key: 'count', value: 3, type: 'integer', type_label: 'Integer', label: 'count' },
  ],
  child_dags: { 'split[0]': ['shout[0]'], 'split[1]': ['shout[1]'] },
  error: 'Something broke.',
};
const ORDER: WorkflowExecutionOrder = {
  tasks: [
    { task_slug_id: 'shout', worker_selectors: { gpu: 'yes', zone: 'eu' }, identifier: 'echo', version: '1' },
    { task_slug_id: 'sum', worker_selectors: {}, identifier: 'sum', version: '1' },
  ],
  workflow: { identifier: 'fan', version: 3, 'dag-type': 'dynamic-list-splitter' },
};

describe('reportResults', () => {
  it('reads nothing from a missing or malformed record', () => {
    for (const value of [null, undefined, 'text', [], { tasks: 'no', info: 3, data: [null, { key: 1 }] }]) {
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
    datastore: '/data/datastore/olga/executions/fan-20240101000000-ab12',
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
      ['Datastore', '/data/datastore/olga/executions/fan-20240101000000-ab12'],
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
    const graph = executionTaskGraph({ info: { data: { streams: { a: ['b', 'b', 'a'] } } }, tasks: [], child_dags: { 'x[0]': ['c'] } });
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
