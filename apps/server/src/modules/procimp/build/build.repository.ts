import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { processBuckets } from '../../knowledge/processes.schema.js';
import type { BucketRow } from '../buckets/bucket.repository.js';

export type BuildKind = 'dry-run' | 'release';

/** A running build touches its bucket at least this often (updated_at is its heartbeat)... */
export const HEARTBEAT_MS = 15_000;
/** ...so one silent for this long died with its server. */
const STALE_SECONDS = 60;

const isStale = () => lt(processBuckets.updatedAt, sql`now() - interval '${sql.raw(String(STALE_SECONDS))} seconds'`);

/** The build columns of process_buckets: every change is persisted as it happens. */
export class BuildRepository {
  constructor(private readonly db: Db) {}

  /**
   * Starts a build if none runs: one conditional UPDATE, so two requests (or two
   * replicas) cannot both start one. A build whose heartbeat stopped is taken over.
   */
  async claim(bucketId: number, kind: BuildKind, firstEntry: string): Promise<BucketRow | undefined> {
    const [row] = await this.db
      .update(processBuckets)
      .set({ buildStatus: 'importing', buildKind: kind, buildLog: firstEntry, buildStartedAt: sql`now()`, buildEndedAt: null, updatedAt: sql`now()` })
      .where(and(eq(processBuckets.id, bucketId), eq(processBuckets.released, false), or(ne(processBuckets.buildStatus, 'importing'), isStale())))
      .returning();
    return row;
  }

  async append(bucketId: number, entry: string): Promise<void> {
    await this.db
      .update(processBuckets)
      .set({ buildLog: sql`${processBuckets.buildLog} || ${entry}`, updatedAt: sql`now()` })
      .where(eq(processBuckets.id, bucketId));
  }

  async heartbeat(bucketId: number): Promise<void> {
    await this.db
      .update(processBuckets)
      .set({ updatedAt: sql`now()` })
      .where(eq(processBuckets.id, bucketId));
  }

  async finish(bucketId: number, status: 'succeeded' | 'failed', entry: string): Promise<void> {
    await this.db
      .update(processBuckets)
      .set({ buildStatus: status, buildLog: sql`${processBuckets.buildLog} || ${entry}`, buildEndedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(processBuckets.id, bucketId));
  }

  /**
   * Fails builds that no server runs any more. With PGlite only one server can
   * use the database, so at its start every 'importing' bucket is such a build; on
   * PostgreSQL other replicas may be building, so only silent builds are taken.
   */
  async failAbandoned(scope: 'all' | 'stale', entry: string): Promise<BucketRow[]> {
    const importing = eq(processBuckets.buildStatus, 'importing');
    return this.db
      .update(processBuckets)
      .set({ buildStatus: 'failed', buildLog: sql`${processBuckets.buildLog} || ${entry}`, buildEndedAt: sql`now()`, updatedAt: sql`now()` })
      .where(scope === 'all' ? importing : and(importing, isStale()))
      .returning();
  }
}
