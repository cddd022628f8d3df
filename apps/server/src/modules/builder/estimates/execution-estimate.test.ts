import { describe, expect, it } from 'vitest';
import { estimateExecution, median, type EstimateTask, type RunHistory } from './execution-estimate.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const S = 1000;

const history = (runs: number, durations: Record<string, number[]>): RunHistory => ({ runs, durations: new Map(Object.entries(durations)) });
const task = (taskId: string, state: string, startMs: number | null = null, endMs: number | null = null): EstimateTask => ({
  taskId,
  nodeId: taskId.replace(/\[\d+\]$/, ''),
  state,
  startMs,
  endMs,
});

describe('median', () => {
  it('is the middle duration, or the mean of the two middle ones', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });
});

describe('estimateExecution', () => {
  it('has no estimate without an earlier successful run', () => {
    const estimate = estimateExecution({ tasks: [task('a', 'running', NOW - 5 * S)], downstream: { a: [] }, history: history(0, {}), nowMs: NOW });
    expect(estimate).toBeUndefined();
  });

  it('plans a chain from now when nothing has started, each task taking its median', () => {
    const estimate = estimateExecution({
      tasks: [task('a', 'no_status'), task('b', 'no_status')],
      downstream: { a: ['b'], b: [] },
      history: history(2, { a: [8 * S, 12 * S], b: [20 * S, 20 * S] }),
      nowMs: NOW,
    });
    expect(estimate).toEqual({
      estimatedEndMs: NOW + 30 * S,
      basedOnRuns: 2,
      plannedTasks: [
        { taskId: 'a', plannedStartMs: NOW, plannedEndMs: NOW + 10 * S },
        { taskId: 'b', plannedStartMs: NOW + 10 * S, plannedEndMs: NOW + 30 * S },
      ],
      criticalPath: ['a', 'b'],
    });
  });

  it('goes through the longer branch of a diamond: the join waits for the branch that ends last', () => {
    // a ended; b runs and should take 30 s (median of 20, 30, 100); c (5 s) has not started
    const estimate = estimateExecution({
      tasks: [task('a', 'success', NOW - 15 * S, NOW - 5 * S), task('b', 'running', NOW - 5 * S), task('c', 'no_status'), task('d', 'no_status')],
      downstream: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] },
      history: history(3, { a: [10 * S, 10 * S, 11 * S], b: [20 * S, 30 * S, 100 * S], c: [4 * S, 6 * S], d: [10 * S, 9 * S, 12 * S] }),
      nowMs: NOW,
    });
    expect(estimate?.estimatedEndMs).toBe(NOW + 35 * S);
    expect(estimate?.criticalPath).toEqual(['a', 'b', 'd']);
    expect(estimate?.plannedTasks).toEqual([
      { taskId: 'b', plannedStartMs: NOW - 5 * S, plannedEndMs: NOW + 25 * S },
      { taskId: 'c', plannedStartMs: NOW, plannedEndMs: NOW + 5 * S },
      { taskId: 'd', plannedStartMs: NOW + 25 * S, plannedEndMs: NOW + 35 * S },
    ]);
  });

  it('makes the other branch critical when it is the longer one', () => {
    const estimate = estimateExecution({
      tasks: [task('a', 'no_status'), task('b', 'no_status'), task('c', 'no_status'), task('d', 'no_status')],
      downstream: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] },
      history: history(1, { a: [S], b: [2 * S], c: [9 * S], d: [S] }),
      nowMs: NOW,
    });
    expect(estimate?.criticalPath).toEqual(['a', 'c', 'd']);
    expect(estimate?.estimatedEndMs).toBe(NOW + 11 * S);
  });

  it('lets a task that runs past its median end now, not in the past', () => {
    const estimate = estimateExecution({
      tasks: [task('a', 'running', NOW - 100 * S), task('b', 'no_status')],
      downstream: { a: ['b'], b: [] },
      history: history(1, { a: [10 * S], b: [5 * S] }),
      nowMs: NOW,
    });
    expect(estimate?.plannedTasks).toEqual([
      { taskId: 'a', plannedStartMs: NOW - 100 * S, plannedEndMs: NOW },
      { taskId: 'b', plannedStartMs: NOW, plannedEndMs: NOW + 5 * S },
    ]);
  });

  it("plans a task waiting to retry from now: its failed attempt's times do not count", () => {
    const estimate = estimateExecution({
      tasks: [task('a', 'retry', NOW - 50 * S, NOW - 40 * S)],
      downstream: { a: [] },
      history: history(1, { a: [10 * S] }),
      nowMs: NOW,
    });
    expect(estimate?.plannedTasks).toEqual([{ taskId: 'a', plannedStartMs: NOW, plannedEndMs: NOW + 10 * S }]);
  });

  it('makes nothing up: a task still to run whose node never ran before gives no estimate', () => {
    const estimate = estimateExecution({
      tasks: [task('a', 'running', NOW - S), task('new', 'no_status')],
      downstream: { a: ['new'], new: [] },
      history: history(4, { a: [2 * S] }),
      nowMs: NOW,
    });
    expect(estimate).toBeUndefined();
  });

  it("waits for a splitter's child runs: their count is unknown until it has run", () => {
    const earlier = history(1, { split: [S], shout: [3 * S, 3 * S], sum: [S] });
    const before = estimateExecution({
      tasks: [task('split', 'running', NOW - S), task('sum', 'no_status')],
      downstream: { split: [], sum: [] },
      history: earlier,
      nowMs: NOW,
    });
    expect(before).toBeUndefined();
    const after = estimateExecution({
      tasks: [task('split', 'success', NOW - 2 * S, NOW - S), task('shout[0]', 'running', NOW - S), task('shout[1]', 'no_status'), task('sum', 'no_status')],
      downstream: { split: ['shout[0]', 'shout[1]'], 'shout[0]': ['sum'], 'shout[1]': ['sum'], sum: [] },
      history: earlier,
      nowMs: NOW,
    });
    expect(after?.estimatedEndMs).toBe(NOW + 4 * S);
    expect(after?.criticalPath).toEqual(['split', 'shout[1]', 'sum']);
  });
});
