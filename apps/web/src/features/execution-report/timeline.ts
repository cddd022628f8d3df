import { formatDuration, taskStateText, type ExecutionEstimate, type ReportTaskRow } from '@asb/contracts';

/** Spec 1 §2: the timeline is 50 px high per task plus 50. */
const TIMELINE_ROW_PX = 50;
const TIMELINE_EXTRA_PX = 50;

export interface TimelineBar {
  taskId: string;
  state: string;
  color: string;
  startMs: number;
  endMs: number;
  /** not ended yet: the bar runs to now */
  isOpen: boolean;
  /** not started yet: the bar is the estimate's plan (docs/estimates.md) */
  isPlanned: boolean;
  /** on the estimate's critical path */
  isCritical: boolean;
}

/**
 * The timeline's bars: tasks that have started, in the order of the tasks table (by
 * start), a task still running reaching `nowMs`; then, with an estimate, the tasks not started
 * yet as planned bars, by planned start.
 */
export function timelineBars(rows: ReportTaskRow[], nowMs: number, estimate?: ExecutionEstimate | null): TimelineBar[] {
  const critical = new Set(estimate?.criticalPath ?? []);
  const started = rows
    .filter((row): row is ReportTaskRow & { startMs: number } => row.startMs !== undefined)
    .map((row) => ({
      taskId: row.taskId,
      state: row.state,
      color: row.color,
      startMs: row.startMs,
      endMs: row.endMs ?? Math.max(nowMs, row.startMs),
      isOpen: row.endMs === undefined,
      isPlanned: false,
      isCritical: critical.has(row.taskId),
    }));
  const colors = new Map(rows.map((row) => [row.taskId, row]));
  const startedIds = new Set(started.map((bar) => bar.taskId));
  const planned = (estimate?.plannedTasks ?? [])
    .filter((task) => !startedIds.has(task.taskId))
    .map((task) => ({
      taskId: task.taskId,
      state: colors.get(task.taskId)?.state ?? 'no_status',
      color: colors.get(task.taskId)?.color ?? '#616161',
      startMs: Date.parse(task.plannedStart),
      endMs: Date.parse(task.plannedEnd),
      isOpen: false,
      isPlanned: true,
      isCritical: critical.has(task.taskId),
    }))
    .sort((a, b) => a.startMs - b.startMs);
  return [...started, ...planned];
}

/** The axis never spans less than this: a task that has just started shows on a readable scale. */
export const MIN_TIMELINE_SPAN_MS = 1000;

/**
 * The time axis, from the first start to the last end. Given to the chart rather than
 * left to it: an ECharts time axis whose data span nothing (the first second of the
 * first task, start = end) widens itself to a day either side.
 */
export function timelineExtent(bars: TimelineBar[]): { min: number; max: number } | undefined {
  if (bars.length === 0) return undefined;
  const min = Math.min(...bars.map((bar) => bar.startMs));
  const max = Math.max(...bars.map((bar) => bar.endMs));
  return { min, max: Math.max(max, min + MIN_TIMELINE_SPAN_MS) };
}

export function timelineHeight(barCount: number): number {
  return TIMELINE_ROW_PX * barCount + TIMELINE_EXTRA_PX;
}

/** The tooltip of a bar: task, state and how long it took (or runs, or should take). */
export function barTooltip(bar: TimelineBar): string {
  const took = formatDuration((bar.endMs - bar.startMs) / 1000);
  const path = bar.isCritical ? ' (critical path)' : '';
  if (bar.isPlanned) return `${bar.taskId}: planned, about ${took}${path}`;
  return `${bar.taskId}: ${taskStateText(bar.state)}, ${bar.isOpen ? `running for ${took}` : took}${path}`;
}
