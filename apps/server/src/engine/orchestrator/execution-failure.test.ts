import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../store/tasks.repository.js';
import { failureReason, firstFailedTask, LOG_TAIL_LINES, logTail } from './execution-failure.js';

const task = (taskId: string, state: string, endMs: number | null) => ({ taskId, state, endDate: endMs === null ? null : new Date(endMs) }) as TaskRow;

describe('execution failure', () => {
  it("reads the runner's error as the author's exception", () => {
    expect(failureReason('asb_runner: execute() failed: ValueError: west (4.5) must be less than east')).toBe('ValueError: west (4.5) must be less than east');
    expect(failureReason('asb_runner: cannot import process_wrapper.py (traceback above)')).toBe('cannot import process_wrapper.py (traceback above)');
    expect(failureReason('Timed out after 60 s.')).toBe('Timed out after 60 s.');
    expect(failureReason(null)).toBe('The task failed without a reason.');
  });

  it('blames the failed task that ended first', () => {
    expect(firstFailedTask([task('a', 'success', 1), task('c', 'failed', 30), task('b', 'failed', 20), task('d', 'upstream_failed', 40)])?.taskId).toBe('b');
    expect(firstFailedTask([task('a', 'success', 1)])).toBeUndefined();
  });

  it("keeps the log's last lines without the executor's and runner's bookkeeping or a cut first line", () => {
    const log = [
      'cut line',
      '[2026-11-24T22:56:00.364Z] attempt 1 of task a (bad:1) on local:vm:1',
      'Traceback (most recent call last):',
      '  File "process_wrapper.py", line 8, in execute',
      'ValueError: west (2) must be less than east',
      'asb_runner: execute() failed: ValueError: west (2) must be less than east',
      '[2026-11-24T22:56:00.405Z] attempt 1 ended: asb_runner: execute() failed: ValueError: west (2) must be less than east',
      '',
    ].join('\n');
    expect(logTail(log, true)).toEqual([
      'Traceback (most recent call last):',
      '  File "process_wrapper.py", line 8, in execute',
      'ValueError: west (2) must be less than east',
    ]);
    const long = Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n');
    expect(logTail(long, false)).toHaveLength(LOG_TAIL_LINES);
    expect(logTail(long, false).at(-1)).toBe('line 39');
  });
});
