import fs from 'node:fs';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { datasetOrders } from './dataset-orders.schema.js';

type OrderRow = typeof datasetOrders.$inferSelect;

/** How often a copying order is marked alive. */
export const ORDER_HEARTBEAT_MS = 20_000;
/** An order not marked alive for this long lost its copier (a replica that died or stopped). */
const STALE_MS = 90_000;
const SWEEP_MS = 30_000;
const INTERRUPTED = 'The portal stopped while the order was copied: order the dataset again.';

/**
 * Orders do not survive the process that copies them. At start every running order failed with
 * its copier when the database is this process's own (PGlite); on a shared PostgreSQL only those
 * whose copier stopped renewing them, at start and then regularly (another replica may die while
 * this one runs); their partial files go.
 */
export class DatasetOrderRecovery {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly folderOf: (row: OrderRow) => string,
  ) {}

  async start(): Promise<void> {
    await this.sweep(this.ctx.dbKind === 'pglite' ? 'all' : 'stale');
    this.timer = setInterval(
      () => void this.sweep('stale').catch((error: unknown) => this.ctx.log.error({ err: error }, 'dataset order sweep failed')),
      SWEEP_MS,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async sweep(scope: 'all' | 'stale'): Promise<void> {
    const running = eq(datasetOrders.status, 'running');
    // the database's clock: replicas' clocks may disagree
    const abandoned = scope === 'all' ? running : and(running, lt(datasetOrders.heartbeatAt, sql`now() - make_interval(secs => ${STALE_MS / 1000})`));
    const rows = await this.ctx.db
      .update(datasetOrders)
      .set({ status: 'failed', files: [], error: INTERRUPTED, endedAt: new Date() })
      .where(abandoned)
      .returning();
    for (const row of rows) {
      try {
        fs.rmSync(this.folderOf(row), { recursive: true, force: true });
      } catch (error) {
        this.ctx.log.warn({ err: error, order: row.id }, 'dataset order: its folder could not be removed');
      }
    }
  }
}
