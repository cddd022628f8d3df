import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ExecutionRow } from '../builder/executions.resource.js';
import { executions } from '../builder/executions.schema.js';
import { hasEnded } from './job-status.js';

/** How often the row is read besides the executionUpdate events (an event of another replica may be missed). */
const POLL_MS = 1000;

/**
 * Waits for executions to end, for synchronous execute requests (docs/ogcapi.md):
 * woken by executionUpdate live events, with a poll beside them, bounded by `limitMs`. Every
 * wait ends (undefined) when the server closes.
 */
export class SyncWaits {
  private readonly open = new Set<() => void>();

  constructor(private readonly ctx: AppContext) {}

  /** The execution's row once it has ended, or undefined when it has not within `limitMs`. */
  until(id: number, limitMs: number): Promise<ExecutionRow | undefined> {
    if (limitMs <= 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      let done = false;
      const finish = (row: ExecutionRow | undefined) => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(poll);
        clearTimeout(timer);
        this.open.delete(abandon);
        resolve(row);
      };
      const abandon = () => finish(undefined);
      const check = async () => {
        try {
          const [row] = await this.ctx.db.select().from(executions).where(eq(executions.id, id));
          if (!row || hasEnded(row.status)) finish(row);
        } catch {
          finish(undefined);
        }
      };
      const unsubscribe = this.ctx.bus.subscribe((event) => {
        if (event.type === 'executionUpdate' && event.payload.id === String(id)) void check();
      });
      const poll = setInterval(() => void check(), POLL_MS);
      const timer = setTimeout(abandon, limitMs);
      poll.unref();
      timer.unref();
      this.open.add(abandon);
      void check();
    });
  }

  close(): void {
    for (const abandon of [...this.open]) abandon();
  }
}
