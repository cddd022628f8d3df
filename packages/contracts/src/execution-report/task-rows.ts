import type { ExecutionAttributes } from '../executions.js';
import { durationSeconds, formatDuration, formatReportDate, reportDateMs } from './report-dates.js';
import { reportResults } from './report-results.js';
import { taskNodeId, taskStateColor } from './task-state-display.js';

/** One row of the tasks table (spec 1 §2: task_id, worker selectors, start, end, duration in seconds, state). */
export interface ReportTaskRow {
  taskId: string;
  label: string;
  /** the child run of a dynamic-list-splitter it belongs to ('' in the main DAG) */
  run: string;
  state: string;
  /** spec 1 §4 colour of the state */
  color: string;
  /** the node's worker selectors as `key=value, ...`, then where the task ran when known; '' when neither is */
  worker: string;
  /** formatted by formatReportDate */
  start: string;
  end: string;
  /** undefined when start or end shows n/a */
  startMs: number | undefined;
  endMs: number | undefined;
  durationSeconds: number | undefined;
  /** formatted by formatDuration */
  duration: string;
  tryNumber: number;
  /** why a queued task has not started ('Waiting: no worker offers cwltool.') */
  statusMessage?: string;
}

/** The attributes the task rows read. */
export type ReportTaskRowsSource = Pick<ExecutionAttributes, 'executionResults' | 'workflowExecutionOrder'>;

function selectorsText(selectors: Record<string, string> | undefined): string {
  return Object.entries(selectors ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
}

/**
 * Orders tasks as the timeline does: by start, the tasks that have not started after
 * the others in their original order (Array.prototype.sort is stable).
 */
export function sortByStart<T extends { startMs: number | undefined }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.startMs ?? Infinity) - (b.startMs ?? Infinity) || 0);
}

/**
 * The tasks table (and the timeline's bars), sorted by start like the timeline. The
 * worker column shows the node's worker selectors (workflowExecutionOrder) and, when the
 * caller knows it (the server's execution_tasks.worker_label), where the task ran.
 */
export function executionTaskRows(execution: ReportTaskRowsSource, workerLabels: ReadonlyMap<string, string> = new Map()): ReportTaskRow[] {
  const order = execution.workflowExecutionOrder as ReportTaskRowsSource['workflowExecutionOrder'] | null | undefined;
  const selectors = new Map((order?.tasks ?? []).map((task) => [task.task_slug_id, task.worker_selectors]));
  const rows = reportResults(execution.executionResults).tasks.map((task): ReportTaskRow => {
    const startMs = reportDateMs(task.start_date);
    const endMs = reportDateMs(task.end_date);
    const seconds = durationSeconds(task.start_date, task.end_date);
    const worker = [selectorsText(selectors.get(taskNodeId(task.task_id))), workerLabels.get(task.task_id) ?? ''].filter(Boolean).join(' / ');
    return {
      taskId: task.task_id,
      label: task.task_label,
      run: task.run,
      state: task.state,
      color: taskStateColor(task.state),
      worker,
      start: formatReportDate(startMs),
      end: formatReportDate(endMs),
      startMs,
      endMs,
      durationSeconds: seconds,
      duration: formatDuration(seconds),
      tryNumber: task.try_number,
      ...(task.status_message ? { statusMessage: task.status_message } : {}),
    };
  });
  return sortByStart(rows);
}
