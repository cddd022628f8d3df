import { describe, expect, it } from 'vitest';
import { executionTaskGraph, type ExecutionResults, type TaskState } from '@asb/contracts';
import { layoutTaskGraph, TASK_NODE_SIZE } from './task-graph-layout';

const task = (task_id: string, state: TaskState) => ({ task_id, task_label: task_id, state, start_date: null, end_date: null, try_number: 0, run: '' });
const results: ExecutionResults = {
  info: { data: { streams: { scene: ['ndvi'], ndvi: ['mask', 'stats'], mask: [], stats: [] } } },
  tasks: [task('scene', 'success'), task('ndvi', 'failed'), task('mask', 'upstream_failed'), task('stats', 'upstream_failed')],
  data: [],
};

describe('layoutTaskGraph', () => {
  it('places each task after the tasks that feed it: rightwards Left to Right, downwards Top to Bottom', () => {
    const graph = executionTaskGraph(results);
    const byId = (placed: ReturnType<typeof layoutTaskGraph>) => new Map(placed.tasks.map((task) => [task.id, task]));
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
    const placed = layoutTaskGraph(executionTaskGraph(results), 'LR').tasks;
    expect(placed.find((task) => task.id === 'ndvi')).toMatchObject({ state: 'failed', color: '#e53935' });
    expect(placed.find((task) => task.id === 'scene')).toMatchObject({ state: 'success', color: '#1b5e20' });
  });

  it('routes an edge that skips a layer beside the task of that layer, clear of its border, in both layouts', () => {
    // the demo's shape: ndvi feeds threshold and summary, threshold feeds summary
    const demo: ExecutionResults = {
      info: { data: { streams: { scene: ['ndvi'], ndvi: ['threshold', 'summary'], threshold: ['summary'], summary: [] } } },
      tasks: ['scene', 'ndvi', 'threshold', 'summary'].map((id) => task(id, 'success')),
      data: [],
    };
    for (const direction of ['LR', 'TB'] as const) {
      const { tasks, edges } = layoutTaskGraph(executionTaskGraph(demo), direction);
      const threshold = tasks.find((placed) => placed.id === 'threshold')!;
      const skipping = edges.find((edge) => edge.source === 'ndvi' && edge.target === 'summary')!;
      expect(skipping.bends.length).toBeGreaterThan(0);
      const clearance = 10;
      for (const bend of skipping.bends) {
        const isInside =
          bend.x > threshold.x - clearance &&
          bend.x < threshold.x + TASK_NODE_SIZE.width + clearance &&
          bend.y > threshold.y - clearance &&
          bend.y < threshold.y + TASK_NODE_SIZE.height + clearance;
        expect(isInside, `${direction}: bend ${bend.x},${bend.y}`).toBe(false);
      }
      expect(edges.find((edge) => edge.source === 'scene')!.bends).toEqual([]);
    }
  });
});
