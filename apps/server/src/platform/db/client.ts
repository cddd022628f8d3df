import { secureDataDir } from '../data-dir.js';
import fs from 'node:fs';
import path from 'node:path';
import { shippedFile } from '../shipped-file.js';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockPglite } from './pglite-lock.js';
/**
 * The common type of the PGlite and node-postgres drivers: code never knows which one runs.
 * Queries name their tables (each module owns its *.schema.ts; drizzle.config.ts lists them
 * all for the migrations), so the driver is given no schema.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a `db.execute` answer: PGlite answers the rows, node-postgres a result holding them. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the pool's connections now (the metrics'); PGlite has no pool */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Committed migrations live in apps/server/drizzle, beside both src/ and dist/. */
function migrationsFolder(): string {
  return path.dirname(path.dirname(shippedFile(import.meta.url, ['../drizzle', '../../../drizzle'], 'meta/_journal.json')));
}

/**
 * DATABASE_URL selects PostgreSQL; otherwise embedded PGlite stores its files in
 * `{dataDir}/pglite`, or in memory when dataDir is 'memory://' (tests). PGlite's folder is
 * this process's alone while it is open (pglite-lock.ts): `holder` names it in the refusal
 * another process gets.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; holder?: string }): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a terminated backend) is dropped by the
    // pool and replaced on the next query; unhandled, its 'error' event would end the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzlePg(pool) as unknown as Db;
    // Several replicas may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(715517)');
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(715517)').catch(() => undefined);
      client.release();
    }
    const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', pool: stats, close: () => pool.end() };
  }
  const dataDir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pglite');
  if (!dataDir) return openPglite(undefined, folder, () => undefined);
  secureDataDir(options.dataDir);
  const lock = lockPglite(options.dataDir, options.holder ?? 'The portal');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    return await openPglite(dataDir, folder, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string, release: () => void): Promise<Database> {
  // pg_trgm: the list searches' trigram indexes (migration 0028); a database made with them needs it loaded
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
