import type { TaskState, WorkflowGraph, WorkflowNode } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { DagPlan, splitItems } from './dag-plan.js';
import { afterFailure, decide, executionOutcome, progressOf, type TaskView } from './transitions.js';

const node = (id: string, kind: WorkflowNode['kind'] = 'process'): WorkflowNode => ({
  id,
  kind,
  processVersion: kind === 'process' ? `${id}:1` : undefined,
  position: { x: 0, y: 0 },
  inputs: {},
});
const edge = (source: string, target: string, sourceOutput = 'out', targetInput = 'in') => ({ source, sourceOutput, target, targetInput });

// a → b → d, a → c → d (diamond)
const diamond: WorkflowGraph = {
  nodes: ['a', 'b', 'c', 'd'].map((id) => node(id)),
  edges: [edge('a', 'b'), edge('a', 'c'), edge('b', 'd', 'out', 'x'), edge('c', 'd', 'out', 'y')],
};

function views(states: Record<string, TaskState>, extra: Partial<TaskView> = {}): TaskView[] {
  return Object.entries(states).map(([taskId, state], index) => ({
    id: index + 1,
    taskId,
    nodeId: taskId.replace(/\[\d+\]$/, ''),
    itemIndex: /\[(\d+)\]$/.exec(taskId) ? Number(/\[(\d+)\]$/.exec(taskId)![1]) : null,
    state,
    nextAttemptAt: null,
    ...extra,
  }));
}
const kinds = (plan: DagPlan, states: Record<string, TaskState>, now = new Date()) =>
  decide(plan, views(states), now).actions.map((action) => `${action.kind}:${action.task.taskId}`);

describe('the task state machine', () => {
  const plan = new DagPlan(diamond);

  it('starts the roots, then a task as soon as all its upstream tasks succeeded', () => {
    expect(kinds(plan, { a: 'no_status', b: 'no_status', c: 'no_status', d: 'no_status' })).toEqual(['dispatch:a']);
    expect(kinds(plan, { a: 'success', b: 'no_status', c: 'no_status', d: 'no_status' })).toEqual(['dispatch:b', 'dispatch:c']);
    expect(kinds(plan, { a: 'success', b: 'success', c: 'running', d: 'no_status' })).toEqual([]);
    expect(kinds(plan, { a: 'success', b: 'success', c: 'success', d: 'no_status' })).toEqual(['dispatch:d']);
  });

  it('marks everything downstream of a failure upstream_failed, step by step', () => {
    expect(kinds(plan, { a: 'failed', b: 'no_status', c: 'no_status', d: 'no_status' })).toEqual(['upstream_failed:b', 'upstream_failed:c']);
    expect(kinds(plan, { a: 'success', b: 'upstream_failed', c: 'success', d: 'no_status' })).toEqual(['upstream_failed:d']);
  });

  it('skips below a skipped task, and a failure wins over a skip', () => {
    expect(kinds(plan, { a: 'success', b: 'skipped', c: 'success', d: 'no_status' })).toEqual(['skipped:d']);
    expect(kinds(plan, { a: 'success', b: 'skipped', c: 'failed', d: 'no_status' })).toEqual(['upstream_failed:d']);
  });

  it('runs a retry when its time has come and tells when to wake up otherwise', () => {
    const now = new Date('2026-01-01T00:00:10Z');
    const later = new Date('2026-01-01T00:00:20Z');
    const waiting = decide(plan, views({ a: 'retry' }, { nextAttemptAt: later }), now);
    expect(waiting).toEqual({ actions: [], wakeAt: later });
    expect(decide(plan, views({ a: 'retry' }, { nextAttemptAt: now }), now).actions.map((a) => a.kind)).toEqual(['dispatch']);
  });

  it('retries while tries are left, with the delay, then fails', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(afterFailure({ tryNumber: 1, maxTries: 3, retryDelayMs: 5000 }, now)).toEqual({ state: 'retry', nextAttemptAt: new Date('2026-01-01T00:00:05Z') });
    expect(afterFailure({ tryNumber: 3, maxTries: 3, retryDelayMs: 5000 }, now)).toEqual({ state: 'failed', nextAttemptAt: null });
  });

  it('ends the execution when every task ended: success only if all succeeded or were skipped', () => {
    expect(executionOutcome(views({ a: 'success', b: 'running' }))).toBeNull();
    expect(executionOutcome(views({ a: 'success', b: 'retry' }))).toBeNull();
    expect(executionOutcome(views({ a: 'success', b: 'skipped' }))).toBe('success');
    expect(executionOutcome(views({ a: 'failed', b: 'upstream_failed' }))).toBe('failed');
    expect(progressOf(views({ a: 'success', b: 'running', c: 'upstream_failed', d: 'no_status' }))).toBe(0.5);
  });
});

describe('dynamic-list-splitter plans', () => {
  // search → split → load → ndvi, and search → report (outside the fan-out)
  const graph: WorkflowGraph = {
    nodes: [node('search'), node('split', 'dynamic-list-splitter'), node('load'), node('ndvi'), node('report')],
    edges: [
      edge('search', 'split', 'out', 'items'),
      edge('split', 'load', 'item', 'in'),
      edge('load', 'ndvi'),
      edge('search', 'ndvi', 'out', 'aux'),
      edge('search', 'report'),
    ],
  };
  const plan = new DagPlan(graph);

  it('keeps the fanned-out nodes out of the main DAG and makes one child run per item', () => {
    expect(plan.mainTasks().map((task) => task.taskId)).toEqual(['search', 'split', 'report']);
    expect(plan.childTasks('split', 2)).toEqual([
      { taskId: 'load[0]', nodeId: 'load', run: 'split[0]', itemIndex: 0 },
      { taskId: 'ndvi[0]', nodeId: 'ndvi', run: 'split[0]', itemIndex: 0 },
      { taskId: 'load[1]', nodeId: 'load', run: 'split[1]', itemIndex: 1 },
      { taskId: 'ndvi[1]', nodeId: 'ndvi', run: 'split[1]', itemIndex: 1 },
    ]);
  });

  it('feeds a child task from its own run and from the main DAG', () => {
    expect(plan.incoming({ nodeId: 'ndvi', itemIndex: 1 }).map((e) => e.sourceTaskId)).toEqual(['load[1]', 'search']);
    expect(kinds(plan, { search: 'success', split: 'no_status', report: 'no_status' })).toEqual(['split:split', 'dispatch:report']);
    expect(
      kinds(plan, {
        search: 'success',
        split: 'success',
        report: 'success',
        'load[0]': 'success',
        'ndvi[0]': 'no_status',
        'load[1]': 'failed',
        'ndvi[1]': 'no_status',
      }),
    ).toEqual(['dispatch:ndvi[0]', 'upstream_failed:ndvi[1]']);
    expect(plan.outgoing({ nodeId: 'split', itemIndex: null }, () => 2)).toEqual(['load[0]', 'load[1]']);
    expect(plan.outgoing({ nodeId: 'load', itemIndex: 1 }, () => 2)).toEqual(['ndvi[1]']);
  });

  it('refuses nested fan-outs', () => {
    const nested: WorkflowGraph = {
      nodes: [node('s1', 'dynamic-list-splitter'), node('s2', 'dynamic-list-splitter'), node('x')],
      edges: [edge('s1', 's2', 'item', 'items'), edge('s2', 'x', 'item', 'in')],
    };
    expect(() => new DagPlan(nested)).toThrow(/nested fan-outs are not supported/);
  });

  it('reads a list from JSON, JSON text, or separated text', () => {
    expect(splitItems(['a', 'b'])).toEqual(['a', 'b']);
    expect(splitItems('["a", 2]')).toEqual(['a', 2]);
    expect(splitItems('a, b\nc')).toEqual(['a', 'b', 'c']);
    expect(splitItems('')).toEqual([]);
  });
});
