import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from '../../src/platform/db/client.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
/** inside the clone's ignored `.tmp/`: a clone in any folder has its own, removed with it */
const FOLDER = path.resolve(import.meta.dirname, '../../../../.tmp/pglite-template');
/** a template of other migrations is removed once this old: a run that started on it has read it by then */
const STALE_AFTER_MS = 60 * 60_000;

/**
 * An in-memory PGlite database with every migration applied, as `openDatabase` opens one for
 * 'memory://' (with pg_trgm), loaded from a data directory migrated once instead of running
 * initdb and the migrations for each test file (docs/testing.md "Speed").
 */
export async function migratedPglite(): Promise<Database> {
  const tarball = new Blob([await fs.promises.readFile(await ensurePgliteTemplate())]);
  const client = await PGlite.create({ loadDataDir: tarball, extensions: { pg_trgm } });
  return { db: drizzle(client) as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * The migrated data directory as a tarball (PGlite's `dumpDataDir`), made when missing. Its
 * name is a hash of the migrations and PGlite's version, so a changed migration makes a new
 * one. Runs side by side may both make it: each writes its own file and renames it into place,
 * the same bytes whichever comes last.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(FOLDER, `${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(FOLDER, { recursive: true });
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const tarball = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.partial`;
    await fs.promises.writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await fs.promises.rename(partial, file);
  } finally {
    await client.close();
  }
  removeStale(file);
  return file;
}

/** What the migrator reads (the journal and the SQL files) and the PGlite that wrote the files. */
function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const journal = path.join(MIGRATIONS, 'meta', '_journal.json');
  hash.update(fs.readFileSync(journal));
  const migrations = fs.readdirSync(MIGRATIONS).filter((entry) => entry.endsWith('.sql'));
  for (const name of migrations.sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS, name)));
  const pglitePackage = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json');
  hash.update((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 16);
}

/** Templates of earlier migrations, and what a run that died while writing one left. */
function removeStale(current: string): void {
  for (const name of fs.readdirSync(FOLDER)) {
    const file = path.join(FOLDER, name);
    const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (file !== current && modified !== undefined && Date.now() - modified > STALE_AFTER_MS) fs.rmSync(file, { force: true });
  }
}
