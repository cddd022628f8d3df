import { statusText } from '../status.js';
import { TASK_STATE_COLORS } from '../tasks.js';

/** Spec 1 §4: a task state's colour; an unknown state takes the colour of 'no_status'. */
export function taskStateColor(state: string): string {
  return (TASK_STATE_COLORS as Record<string, string>)[state] ?? TASK_STATE_COLORS.no_status;
}

/** A task state as everything writes it: the one status rule (statusText: 'upstream_failed' reads 'Upstream failed'). */
export function taskStateText(state: string): string {
  return statusText(state);
}

/** A child task '{node}[{i}]' runs node {node}; a main-DAG task id is its node id. */
export function taskNodeId(taskId: string): string {
  return taskId.replace(/\[\d+\]$/, '');
}
