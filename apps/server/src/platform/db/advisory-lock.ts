import { sql } from 'drizzle-orm';
import { KeyedQueue } from '../keyed-queue.js';
import type { Db } from './client.js';

/**
 * What each lock guards: the first half of a two-part advisory lock key, so that locks of
 * different kinds never meet (the migrations' one-part lock lives in another key space).
 */
export const LOCKS = {
  /** a bucket's size check and the move of an upload into it (the bucket's id) */
  bucketFiles: 1,
  /** a user's running dataset orders counted and one more recorded (the user's id) */
  datasetOrders: 2,
  /** the marketplace's change marks read and applied (0) */
  marketplaceChanges: 3,
  /** the portal's running model services counted and one more recorded (0: the limits are per user and for the whole portal) */
  modelServices: 4,
} as const;

export type LockKey = readonly [kind: (typeof LOCKS)[keyof typeof LOCKS], id: number];

/** one queue per database object: two servers of one process on one PGlite (tests) share it */
const queues = new WeakMap<Db, KeyedQueue<string>>();

function queueOf(db: Db): KeyedQueue<string> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new KeyedQueue()));
  return queue;
}

/**
 * Runs `work` while no other holder of `key` — in this process or any replica on the same
 * database — runs; holders wait in turn. On PostgreSQL: `pg_advisory_xact_lock` in a transaction
 * on its own connection, released when the work ends (a replica that dies releases it with its
 * connection). `work` gets that transaction: its queries go there, so a pool whose connections
 * all hold locks still serves them. PGlite is one process's database, and a transaction there
 * stops every other query: an in-process lock is the same, and `work` gets the database itself.
 * Waiters of one key in one process queue here first, holding no connection while they wait.
 */
export function withAdvisoryLock<T>(target: { db: Db; dbKind: 'pglite' | 'postgres' }, key: LockKey, work: (db: Db) => Promise<T>): Promise<T> {
  const [kind, id] = key;
  if (!Number.isInteger(id) || id < -2_147_483_648 || id > 2_147_483_647) throw new RangeError(`advisory lock id ${id} is not a 32-bit integer`);
  return queueOf(target.db).run(`${kind}:${id}`, () => {
    if (target.dbKind === 'pglite') return work(target.db);
    return target.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${kind}::int, ${id}::int)`);
      return work(tx);
    });
  });
}
