import { describe, expect, it } from 'vitest';
import { executionTaskGraph, type ExecutionResults, type TaskState } from '@asb/contracts';
import { layoutTaskGraph } from './task-graph-layout';

const task = (task_id: string, state: TaskState) => ({ task_id, task_label: task_id, state, start_date: null, end_date: null, try_number: 0, run: '' });
const results: ExecutionResults = {
  info: { data: { streams: { scene: ['ndvi'], ndvi: ['mask', 'stats'], mask: [], stats: [] } } },
  tasks: [task('scene', 'success'), task('ndvi', 'failed'), task('mask', 'upstream_failed'), task('stats', 'upstream_failed')],
  data: [],
};

describe('layoutTaskGraph', () => {
  it('places each task after the tasks that feed it: rightwards Left to Right, downwards Top to Bottom', () => {
    const graph = executionTaskGraph(results);
    const byId = (placed: ReturnType<typeof layoutTaskGraph>) => new Map(placed.map((task) => [task.id, task]));
    const lr = byId(layoutTaskGraph(graph, 'LR'));
    expect(lr.get('scene')!.x).toBeLessThan(lr.get('ndvi')!.x);
    expect(lr.get('ndvi')!.x).toBeLessThan(lr.get('mask')!.x);
    expect(lr.get('mask')!.x).toBe(lr.get('stats')!.x);
    expect(lr.get('mask')!.y).not.toBe(lr.get('stats')!.y);
    const tb = byId(layoutTaskGraph(graph, 'TB'));
    expect(tb.get('scene')!.y).toBeLessThan(tb.get('ndvi')!.y);
    expect(tb.get('ndvi')!.y).toBeLessThan(tb.get('mask')!.y);
    expect(tb.get('mask')!.y).toBe(tb.get('stats')!.y);
  });

  it('keeps the state colours of spec 1 §4 on the nodes', () => {
    const placed = layoutTaskGraph(executionTaskGraph(results), 'LR');
    expect(placed.find((task) => task.id === 'ndvi')).toMatchObject({ state: 'failed', color: '#e53935' });
    expect(placed.find((task) => task.id === 'scene')).toMatchObject({ state: 'success', color: '#1b5e20' });
  });
});
