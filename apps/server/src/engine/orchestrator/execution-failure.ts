import type { ExecutionFailure } from '@asb/contracts';
import type { TaskRow } from '../store/tasks.repository.js';

/** Lines of the failed task's log the report shows. */
export const LOG_TAIL_LINES = 12;
/** The end of the log read for them: a chatty task's log is never read whole. */
export const LOG_TAIL_BYTES = 16 * 1024;

/** The executor's own lines ('[2026-…] attempt 1 of task …', '… ended: …') and the runner's summary: the reason says them already. */
const BOOKKEEPING = /^(\[\d{4}-\d\d-\d\dT[^\]]*\] attempt \d+ |asb_runner: )/;

/** The runner's prefix says nothing to the author: 'ValueError: west (4.5) …' reads better. */
export function failureReason(error: string | null): string {
  if (!error) return 'The task failed without a reason.';
  return error.replace(/^asb_runner: (execute\(\) failed: )?/, '');
}

/** The task the execution failed on: the failed task that ended first (the others are often its consequences). */
export function firstFailedTask(tasks: TaskRow[]): TaskRow | undefined {
  const failed = tasks.filter((task) => task.state === 'failed');
  return failed.sort((a, b) => (a.endDate?.getTime() ?? Infinity) - (b.endDate?.getTime() ?? Infinity))[0];
}

/** The last lines of a log's end (`partial`: the text starts mid-file, its first line is cut), without the bookkeeping lines. */
export function logTail(text: string, partial: boolean): string[] {
  const lines = text.split(/\r?\n/);
  if (partial) lines.shift();
  return (
    lines
      // the report is stored as jsonb, which holds no U+0000: a task printing one must not stop its execution from ending
      .map((line) => line.replaceAll('\0', '').trimEnd())
      .filter((line) => line !== '' && !BOOKKEEPING.test(line))
      .slice(-LOG_TAIL_LINES)
  );
}

/**
 * Why the execution failed (docs/engine.md "Failures"): the failing task, its reason and
 * the end of its log; `readTail` answers the end of a task's last log and whether it
 * was cut, `hide` takes the server's paths out of any text.
 */
export async function executionFailure(
  tasks: TaskRow[],
  readTail: (task: TaskRow) => Promise<{ text: string; partial: boolean } | undefined>,
  hide: (text: string) => string,
): Promise<ExecutionFailure | undefined> {
  const task = firstFailedTask(tasks);
  if (!task) return undefined;
  const log = task.tryNumber > 0 ? await readTail(task).catch(() => undefined) : undefined;
  return {
    taskId: task.taskId,
    taskLabel: task.label,
    reason: hide(failureReason(task.error)),
    logTail: log ? logTail(hide(log.text), log.partial) : [],
  };
}
