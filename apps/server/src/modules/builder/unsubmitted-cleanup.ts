import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { resourceWorkspaces } from '../../platform/db/schema.js';
import { executions } from './executions.schema.js';

/** The cleanup's idea of now: the system clock in production, a controlled one in tests. */
export interface CleanupClock {
  now(): Date;
}

/** Rows deleted per statement: a long-abandoned backlog goes in several short transactions. */
const BATCH = 500;

/**
 * Executions created but never submitted (docs/engine.md "Unsubmitted executions") are
 * deleted once they are older than ASB_UNSUBMITTED_EXECUTION_HOURS: they never ran, so
 * they record nothing. Executions of a schedule are left alone: one still 'created' is a
 * crash between its commit and its submission, which the scheduler submits again.
 */
export class UnsubmittedCleanup {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    private readonly maxAgeMs: number,
    private readonly clock: CleanupClock = { now: () => new Date() },
  ) {}

  /** Deletes the expired unsubmitted executions; how many. */
  async runOnce(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.maxAgeMs);
    let deleted = 0;
    for (;;) {
      const count = await this.ctx.db.transaction(async (tx) => {
        const expired = await tx
          .select({ id: executions.id })
          .from(executions)
          .where(and(eq(executions.status, 'created'), isNull(executions.scheduleId), lt(executions.createdAt, cutoff)))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        const ids = expired.map((row) => row.id);
        if (ids.length === 0) return 0;
        await tx.delete(resourceWorkspaces).where(and(eq(resourceWorkspaces.resourceType, 'executions'), inArray(resourceWorkspaces.resourceId, ids)));
        // the status again: a submission since the select keeps its execution
        const gone = await tx
          .delete(executions)
          .where(and(inArray(executions.id, ids), eq(executions.status, 'created')))
          .returning({ id: executions.id });
        return gone.length;
      });
      deleted += count;
      if (count < BATCH) return deleted;
    }
  }

  /** Looks every `intervalMs`; one run at a time. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) => {
          this.ctx.log.warn({ err: error }, 'unsubmitted executions: the cleanup failed');
          return 0;
        })
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
