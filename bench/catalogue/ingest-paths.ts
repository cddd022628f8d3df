/**
 * Where the store's ingest time goes (README.md beside this file, "Ingest"): the same items
 * written through CatalogueRepository.upsertItems (since 2026-11-25 itself one INSERT … SELECT
 * FROM jsonb_populate_recordset per 500 rows; before, a multi-row INSERT of 500 rows with 14
 * parameters each), and through one such INSERT per batch of 1 000 written here (the rows
 * itemRow made, sent as one JSON parameter), on a fresh PostgreSQL database;
 * with the server process's own CPU time beside the wall time.
 * Usage: BENCH_DATABASE_URL=… npm run bench:catalogue-ingest -- [--items 50000]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freshPostgres } from '../../apps/server/test/helpers/fresh-postgres.js';
import { syntheticItem, COLLECTION } from './synthetic.js';

const args = new Map(process.argv.slice(2).flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1] ?? '']] : [])));
const ITEMS = Number(args.get('items') ?? 50_000);
const BATCH = 1000;

const { buildApp } = await import('../../apps/server/src/app.js');
const { loadConfig } = await import('../../apps/server/src/config.js');
const { itemRow } = await import('../../apps/server/src/modules/catalogue/item-row.js');

if (!process.env.BENCH_DATABASE_URL) throw new Error('needs BENCH_DATABASE_URL (e.g. $(scripts/postgres.sh start))');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-bench-ingest-'));
const pgDb = await freshPostgres(process.env.BENCH_DATABASE_URL, 'asb_bench');
const app = await buildApp(
  loadConfig({ ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'error', ASB_DEMO: 'false', ASB_ENGINE: 'false' }, { dataDir, databaseUrl: pgDb.url }),
  { logger: false },
);
try {
  const owner = await app.ctx.users.insert({ username: 'bench-owner', passwordHash: 'x' });
  const collection = (id: string) => ({
    type: 'Collection' as const,
    stac_version: '1.0.0',
    id,
    description: 'bench',
    license: 'CC0-1.0',
    extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [[null, null]] } },
    links: [],
  });
  const measure = async (name: string, write: (first: number, count: number) => Promise<void>) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let first = 0; first < ITEMS; first += BATCH) await write(first, Math.min(BATCH, ITEMS - first));
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(
      `${name}: ${Math.round(ITEMS / (wall / 1000))} items/s (${ITEMS} in ${(wall / 1000).toFixed(1)} s; this process's CPU ${((used.user + used.system) / 1000 / 1000).toFixed(1)} s)`,
    );
  };
  const batch = (first: number, count: number) => Array.from({ length: count }, (_, index) => syntheticItem(first + index));

  await app.ctx.catalogue.upsertCollection(collection(COLLECTION), { ownerId: owner.id, isPublic: true });
  await measure('upsertItems (the store)', async (first, count) => {
    await app.ctx.catalogue.upsertItems(COLLECTION, batch(first, count));
  });
  await measure('itemRow only (checks and columns, no database)', async (first, count) => {
    batch(first, count).forEach((item) => itemRow(COLLECTION, item));
  });

  await app.ctx.catalogue.upsertCollection(collection('json-path'), { ownerId: owner.id, isPublic: true });
  await measure('itemRow + one jsonb_populate_recordset INSERT per batch', async (first, count) => {
    const rows = batch(first, count).map((item) => {
      const row = itemRow('json-path', { ...item, collection: 'json-path' });
      return {
        collection_id: row.collectionId,
        id: row.id,
        datetime: row.datetime,
        start_at: row.startAt,
        end_at: row.endAt,
        bbox: row.bbox,
        bbox_wrap: row.bboxWrap,
        footprint: row.footprint,
        bbox_values: row.bboxValues,
        geometry: row.geometry,
        properties: row.properties,
        assets: row.assets,
        links: row.links,
        document: row.document,
      };
    });
    await app.ctx.db.execute(sql`
      INSERT INTO catalogue_items (collection_id, id, datetime, start_at, end_at, bbox, bbox_wrap, footprint, bbox_values, geometry, properties, assets, links, document)
      SELECT collection_id, id, datetime, start_at, end_at, bbox, bbox_wrap, footprint, bbox_values, geometry, properties, assets, links, document
      FROM jsonb_populate_recordset(NULL::catalogue_items, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (collection_id, id) DO UPDATE SET datetime = excluded.datetime, properties = excluded.properties`);
  });
} finally {
  await app.close();
  await pgDb.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
