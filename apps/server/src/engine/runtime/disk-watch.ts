import type { TaskJob } from '../executors/executor.js';
import { diskUsage } from '../sandbox/folder-checks.js';
import { writableFolders } from '../sandbox/task-sandbox.js';

/** How often a running attempt's folders are measured against its disk limit. */
const DISK_CHECK_MS = 2_000;

/**
 * The disk quota of a task run on this machine (python and cwl runtimes alike): its outputs
 * and scratch folders are measured while it runs, and `onExceeded` is called once they hold
 * more than it may use (the executor then ends it). Answers the function that stops watching.
 */
export function watchDiskUse(
  job: Pick<TaskJob, 'outDir' | 'diskMb'>,
  scratchDir: string,
  options: { intervalMs?: number; ended: () => boolean; onExceeded: () => void },
): () => void {
  const limit = job.diskMb * 1024 * 1024;
  if (!(limit > 0)) return () => undefined;
  const folders = writableFolders(job, scratchDir).slice(0, 2);
  let measuring = false;
  const timer = setInterval(() => {
    if (measuring || options.ended()) return;
    measuring = true;
    void diskUsage(folders, limit)
      .then((used) => {
        if (used > limit && !options.ended()) options.onExceeded();
      })
      .finally(() => (measuring = false));
  }, options.intervalMs ?? DISK_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
