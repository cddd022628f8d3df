import type { ReachedLimit, TaskCgroup } from '../sandbox/cgroups.js';

/** How often a running attempt's control group is asked whether it reached a limit. */
const CGROUP_CHECK_MS = 2_000;

/**
 * Ends a task at the limit its control group reached, not later: on cgroup v1 an OOM kill
 * takes one process (the task could go on without it), and a fork bomb at pids.max only
 * spins. `onReached` is called once. Answers the function that stops watching.
 */
export function watchCgroup(
  group: TaskCgroup | undefined,
  options: { intervalMs?: number; ended: () => boolean; onReached: (reached: ReachedLimit) => void },
): () => void {
  if (!group) return () => undefined;
  const timer = setInterval(() => {
    if (options.ended()) return;
    let limit: ReachedLimit | undefined;
    try {
      limit = group.limitReached();
    } catch {
      // the group went with its task meanwhile
      return;
    }
    if (!limit) return;
    clearInterval(timer);
    options.onReached(limit);
  }, options.intervalMs ?? CGROUP_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** After the task's end: the limit its group reached, if any, then the group removed (what is left in it killed). */
export async function closeCgroup(group: TaskCgroup | undefined, onError: (error: unknown) => void): Promise<ReachedLimit | undefined> {
  if (!group) return undefined;
  let limit: ReachedLimit | undefined;
  try {
    limit = group.limitReached();
  } catch (error) {
    onError(error);
  }
  await group.remove().catch(onError);
  return limit;
}
