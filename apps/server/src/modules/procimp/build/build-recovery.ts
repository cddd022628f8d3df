import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../../app-context.js';
import { processes } from '../../knowledge/processes.schema.js';
import { bucketStatusEvent, formatLogEntry, toBuildStatus } from '../status/status-message.js';
import { INTERRUPTED } from './build-failure.js';
import type { BuildRepository } from './build.repository.js';

const SWEEP_MS = 30_000;

/**
 * Builds do not survive their server. At start, and then regularly (a replica may
 * die while others run), buckets left 'importing' by a dead server are failed
 * with 'Build interrupted by a server restart' and their streams told so.
 */
export class BuildRecovery {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly builds: BuildRepository,
  ) {}

  async start(): Promise<void> {
    await this.sweep(this.ctx.dbKind === 'pglite' ? 'all' : 'stale');
    this.timer = setInterval(() => void this.sweep('stale').catch((error: unknown) => this.ctx.log.error({ err: error }, 'build sweep failed')), SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sweep(scope: 'all' | 'stale'): Promise<void> {
    const failed = await this.builds.failAbandoned(scope, formatLogEntry(INTERRUPTED));
    if (failed.length === 0) return;
    const owners = await this.ctx.db
      .select({ id: processes.id, ownerId: processes.ownerId, label: processes.label })
      .from(processes)
      .where(
        inArray(
          processes.id,
          failed.map((row) => row.processId),
        ),
      );
    const byId = new Map(owners.map((row) => [row.id, row]));
    for (const row of failed) {
      const process = byId.get(row.processId);
      if (!process) continue;
      this.ctx.log.warn({ bucketId: row.id }, INTERRUPTED);
      const state = { status: toBuildStatus(row.buildStatus), log: row.buildLog, startedAt: row.buildStartedAt, processLabel: process.label };
      await this.ctx.bus.publish(bucketStatusEvent(row.id, process.ownerId, state));
    }
  }
}
