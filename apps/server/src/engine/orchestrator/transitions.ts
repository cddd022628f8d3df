import { isTerminalTaskState, type TaskState } from '@asb/contracts';
import type { DagPlan } from './dag-plan.js';

/** What the state machine needs of a task (docs/engine.md). */
export interface TaskView {
  id: number;
  taskId: string;
  nodeId: string;
  itemIndex: number | null;
  state: TaskState;
  nextAttemptAt: Date | null;
}

export type TaskAction =
  { kind: 'dispatch'; task: TaskView } | { kind: 'split'; task: TaskView } | { kind: 'upstream_failed'; task: TaskView } | { kind: 'skipped'; task: TaskView };

/**
 * The next step of every task that is waiting (no_status, or retry whose time has come):
 * a task starts as soon as all its upstream tasks succeeded; a failed (or upstream_failed)
 * upstream marks it upstream_failed; a skipped upstream skips it. `wakeAt` is the earliest
 * retry still to come, for the caller's timer.
 */
export function decide(plan: DagPlan, tasks: TaskView[], now: Date): { actions: TaskAction[]; wakeAt: Date | null } {
  const byTaskId = new Map(tasks.map((task) => [task.taskId, task]));
  const actions: TaskAction[] = [];
  let wakeAt: Date | null = null;
  for (const task of tasks) {
    if (task.state === 'retry' && task.nextAttemptAt && task.nextAttemptAt > now) {
      if (!wakeAt || task.nextAttemptAt < wakeAt) wakeAt = task.nextAttemptAt;
      continue;
    }
    if (task.state !== 'no_status' && task.state !== 'retry') continue;
    const upstream = [...new Set(plan.incoming(task).map((edge) => edge.sourceTaskId))].map((id) => byTaskId.get(id));
    if (upstream.some((source) => source === undefined)) continue;
    const states = upstream.map((source) => source!.state);
    if (states.some((state) => state === 'failed' || state === 'upstream_failed')) actions.push({ kind: 'upstream_failed', task });
    else if (states.some((state) => state === 'skipped')) actions.push({ kind: 'skipped', task });
    else if (states.every((state) => state === 'success')) {
      actions.push({ kind: plan.node(task.nodeId).kind === 'dynamic-list-splitter' ? 'split' : 'dispatch', task });
    }
  }
  return { actions, wakeAt };
}

/** success when every task succeeded or was skipped, failed when any other ended, null while some have not ended. */
export function executionOutcome(tasks: Pick<TaskView, 'state'>[]): 'success' | 'failed' | null {
  if (tasks.some((task) => !isTerminalTaskState(task.state))) return null;
  return tasks.every((task) => task.state === 'success' || task.state === 'skipped') ? 'success' : 'failed';
}

/** Share of tasks that ended, 0..1. */
export function progressOf(tasks: Pick<TaskView, 'state'>[]): number {
  if (tasks.length === 0) return 0;
  return tasks.filter((task) => isTerminalTaskState(task.state)).length / tasks.length;
}

/** After a failed attempt: retry while tries are left, else failed. */
export function afterFailure(
  task: { tryNumber: number; maxTries: number; retryDelayMs: number },
  now: Date,
): { state: 'retry' | 'failed'; nextAttemptAt: Date | null } {
  if (task.tryNumber < task.maxTries) return { state: 'retry', nextAttemptAt: new Date(now.getTime() + task.retryDelayMs) };
  return { state: 'failed', nextAttemptAt: null };
}
