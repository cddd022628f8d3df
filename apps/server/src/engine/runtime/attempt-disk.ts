import type { AttemptDisk, ClaimedDisk } from '../sandbox/disk-quota.js';
import { attemptLogLines } from './task-files.js';
import type { TaskExit } from './task-runtime.js';

/** The attempt's own filesystem as the sandbox took it (bubblewrap-sandbox.ts), ready; nothing without one. */
export function openAttemptDisk(disk: ClaimedDisk | undefined): Promise<AttemptDisk | undefined> {
  return disk ? disk.open() : Promise.resolve(undefined);
}

/** What a process says when a write found its filesystem full (python's OSError, node's, the C library's). */
const NO_SPACE = /No space left on device|ENOSPC|\[Errno 28\]/;

/**
 * After the task's end (nothing of it runs any more): a failed task whose filesystem is full,
 * or that said a write found it full (cwltool removes its folders before it exits), failed at
 * its disk limit; the outputs are copied out and the filesystem removed. A copy that fails
 * fails the attempt, with the reason in its log.
 */
export async function finishAttemptDisk(
  disk: AttemptDisk | undefined,
  exit: TaskExit,
  job: { diskMb: number; logPath?: string; logOffset: number },
  log: (line: string) => void,
): Promise<TaskExit> {
  if (!disk) return exit;
  const saidFull = async () => job.logPath !== undefined && ((await attemptLogLines(job.logPath, job.logOffset)) ?? []).some((line) => NO_SPACE.test(line));
  let ended = exit;
  try {
    if (!exit.limit && exit.code !== 0 && ((await disk.isFull()) || (await saidFull()))) ended = { ...exit, limit: { limit: 'disk', of: job.diskMb } };
  } finally {
    try {
      await disk.finish();
    } catch (error) {
      log(`the outputs could not be kept: ${error instanceof Error ? error.message : String(error)}`);
      ended = { ...ended, code: ended.code === 0 ? 1 : ended.code };
    }
  }
  return ended;
}
