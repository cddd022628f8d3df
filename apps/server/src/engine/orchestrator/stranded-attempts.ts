import { LOCAL_TARGET } from '@asb/contracts';
import type { TaskExecutor } from '../executors/executor.js';
import type { ExecutionRow } from '../ports.js';
import type { TasksRepository } from '../store/tasks.repository.js';

/**
 * How long an attempt claimed for the queue may wait without reaching it before it counts as
 * stranded: far longer than a live server takes to hand it over (resolving products, saving a
 * package), so a hand-over in progress on another replica is never taken for one.
 */
export const STRANDED_AFTER_MS = 120_000;

const STRANDED = 'Interrupted: the server stopped before the task reached the queue; it runs again.';

/**
 * Attempts a server claimed for the queue ('queue' on the row) and died before handing over
 * (found by the soak test: a replica killed between the claim and the job's add left its
 * execution running for ever). Every replica's sweep looks; the executor says whether the
 * attempt ever reached Redis; the row goes back to 'retry' (the interruption is the server's:
 * no try used up) and the orchestrator claims it again. Applications on an ADES are left alone:
 * they wait in their server's own executor, not in Redis. Answers the executions to advance.
 */
export async function requeueStranded(
  tasks: TasksRepository,
  executor: TaskExecutor,
  executionOf: (id: number) => Promise<Pick<ExecutionRow, 'application'> | undefined>,
  now = new Date(),
): Promise<number[]> {
  if (!executor.neverQueued) return [];
  const moved = new Set<number>();
  for (const task of await tasks.queuedUnder(executor.workerLabel, new Date(now.getTime() - STRANDED_AFTER_MS))) {
    const execution = await executionOf(task.executionId);
    if (!execution || (execution.application && execution.application.target !== LOCAL_TARGET.value)) continue;
    if (!(await executor.neverQueued({ taskRowId: task.id, tryNumber: task.tryNumber }))) continue;
    const row = await tasks.transition(
      task.id,
      ['queued'],
      { state: 'retry', maxTries: task.maxTries + 1, nextAttemptAt: now, error: STRANDED },
      { tryNumber: task.tryNumber },
    );
    if (row) moved.add(task.executionId);
  }
  return [...moved];
}
