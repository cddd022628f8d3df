import { LOCAL_TARGET } from '@asb/contracts';
import type { TaskExecutor } from '../executors/executor.js';
import type { ExecutionRow } from '../ports.js';
import type { TasksRepository } from '../store/tasks.repository.js';
import { STRANDED_AFTER_MS } from './stranded-attempts.js';

/** How often the queue is asked about long-unchanged attempts; an attempt is lost when two looks this far apart find it so. */
const LOST_CHECK_MS = 5_000;

const LOST = 'Interrupted: the task’s job left the queue and no worker reported its end; it runs again.';

type AttemptRef = { taskRowId: number; tryNumber: number };
const keyOf = (attempt: AttemptRef) => `${attempt.taskRowId}-${attempt.tryNumber}`;

/**
 * Attempts in flight on their rows whose job left Redis without a report that will ever be
 * handled (a job BullMQ failed and removed while its worker could not report, a report that
 * could not be sent): without this, such a row stays queued or running for ever. Every replica's
 * sweep looks, at most every LOST_CHECK_MS, at queue attempts unchanged for STRANDED_AFTER_MS;
 * the executor says which have no job and no pending report; one found so twice, a check apart
 * (a worker fails a job before it reports it: the report may be on its way at the first look),
 * goes back to 'retry' without using up a try (the loss is the cluster's, not the task's), as
 * stranded-attempts.ts does for attempts that never reached the queue. ADES applications are
 * left out: they run in their server's own executor, not in Redis.
 */
export class LostAttempts {
  private lastCheck = 0;
  /** attempts found lost at the last check */
  private seen = new Set<string>();

  constructor(
    private readonly tasks: TasksRepository,
    private readonly executor: TaskExecutor,
    private readonly executionOf: (id: number) => Promise<Pick<ExecutionRow, 'application'> | undefined>,
  ) {}

  /** The executions whose attempts went back to 'retry' (to advance). */
  async requeue(now = new Date()): Promise<number[]> {
    if (!this.executor.unreported || now.getTime() - this.lastCheck < LOST_CHECK_MS) return [];
    this.lastCheck = now.getTime();
    const candidates = [];
    for (const task of await this.tasks.queueAttemptsBefore(new Date(now.getTime() - STRANDED_AFTER_MS))) {
      const execution = await this.executionOf(task.executionId);
      if (!execution || (execution.application && execution.application.target !== LOCAL_TARGET.value)) continue;
      candidates.push(task);
    }
    const lost = candidates.length > 0 ? await this.executor.unreported(candidates.map((task) => ({ taskRowId: task.id, tryNumber: task.tryNumber }))) : [];
    const previously = this.seen;
    this.seen = new Set(lost.map(keyOf));
    const moved = new Set<number>();
    for (const task of candidates) {
      const key = keyOf({ taskRowId: task.id, tryNumber: task.tryNumber });
      if (!this.seen.has(key) || !previously.has(key)) continue;
      const row = await this.tasks.transition(
        task.id,
        ['queued', 'running'],
        { state: 'retry', maxTries: task.maxTries + 1, nextAttemptAt: now, error: LOST, pid: null },
        { tryNumber: task.tryNumber },
      );
      if (row) moved.add(task.executionId);
    }
    return [...moved];
  }
}
