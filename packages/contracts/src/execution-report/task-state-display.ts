import { TASK_STATE_COLORS } from '../tasks.js';

/** Spec 1 §4: a task state's colour; an unknown state takes the colour of 'no_status'. */
export function taskStateColor(state: string): string {
  return (TASK_STATE_COLORS as Record<string, string>)[state] ?? TASK_STATE_COLORS.no_status;
}

/** A task state as the report writes it: underscores as spaces (spec 1 §4). */
export function taskStateText(state: string): string {
  return state.replace(/_/g, ' ');
}

/** A child task '{node}[{i}]' runs node {node}; a main-DAG task id is its node id. */
export function taskNodeId(taskId: string): string {
  return taskId.replace(/\[\d+\]$/, '');
}
