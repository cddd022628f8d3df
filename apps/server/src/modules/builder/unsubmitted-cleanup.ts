import type { AppContext } from '../../app-context.js';
import { ExecutionsRepository } from './executions.repository.js';

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
  private readonly executions: ExecutionsRepository;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    private readonly maxAgeMs: number,
    private readonly clock: CleanupClock = { now: () => new Date() },
  ) {
    this.executions = new ExecutionsRepository(ctx.db);
  }

  /** Deletes the expired unsubmitted executions; how many. */
  async runOnce(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.maxAgeMs);
    let deleted = 0;
    for (;;) {
      const count = await this.executions.deleteUnsubmitted(cutoff, BATCH);
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
