/**
 * Catalogue benchmark (issue 14; README.md beside this file). For each database (PGlite in a
 * temporary data directory; PostgreSQL when BENCH_DATABASE_URL names a server, where a fresh
 * database is created and dropped at the end) a child process loads synthetic STAC items into
 * one public collection — the first ones through the store's bulk path (CatalogueStore.upsertItems,
 * batches of 1 000: the ingest figure), the rest with one set-based INSERT … SELECT
 * generate_series writing the same rows for the next numbers — and serves the real
 * app on loopback; this process drives /search with autocannon, signed out:
 *   - POST /resource-catalogue/stac/search with bbox + datetime;
 *   - the same with a CQL2-JSON property filter (eo:cloud_cover <= 20);
 * each at 1 and 16 connections, p50 and p95.
 * Usage: npx tsx bench/catalogue/run.ts [--items 1000000] [--pglite-items 100000] [--store-items 50000] [--duration 10] [--db pglite,postgres] [--processes 1,2]
 * --processes: the portal's own HTTP processes serve (main.ts, ASB_HTTP_PROCESSES) on PostgreSQL, each count in turn.
 *        npx tsx bench/catalogue/run.ts --db postgres --seed-only 1   (seeds, keeps the database and prints its URL: for EXPLAIN ANALYZE)
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  benchApp,
  benchArgs,
  dbKinds,
  fmt,
  forkServer,
  listen,
  load,
  loadAverage,
  machineLine,
  processCounts,
  serveUntilStopped,
  startServer,
  stopServer,
  type DbKind,
} from '../shared/harness.js';
import { COLLECTION, insertSyntheticSql, SYNTHETIC_COLLECTION, syntheticItem } from './synthetic.js';

const args = benchArgs();
const ITEMS = { postgres: Number(args.get('items') ?? 1_000_000), pglite: Number(args.get('pglite-items') ?? 100_000) };
const STORE_ITEMS = Number(args.get('store-items') ?? 50_000);
const DURATION = Number(args.get('duration') ?? 10);
const BATCH = 1000;
const PASSWORD = 'bench-password';

interface Ready {
  port: number;
  items: number;
  storeItems: number;
  storeMs: number;
  sqlItems: number;
  sqlMs: number;
}

/** The search areas, one per request in turn: 5° × 5° over land, one month each. */
const QUERIES = Array.from({ length: 16 }, (_, index) => {
  const [w, s] = [-10 + (index % 8) * 10, 35 + Math.floor(index / 8) * 10];
  const month = String(1 + (index % 12)).padStart(2, '0');
  return { bbox: [w, s, w + 5, s + 5], datetime: `2024-${month}-01T00:00:00Z/2024-${month}-28T23:59:59Z`, limit: 10 };
});
const FILTER = { 'filter-lang': 'cql2-json', filter: { op: '<=', args: [{ property: 'eo:cloud_cover' }, 20] } };

// ---------------------------------------------------------------------------------------------
// The server side (a child process: its own event loop, as in production)
// ---------------------------------------------------------------------------------------------

async function serve(kind: DbKind): Promise<void> {
  const server = await benchApp(kind, PASSWORD, 'asb-bench-catalogue-');
  const { app, pgDb, dataDir } = server;
  const admin = (await app.ctx.users.findByUsername('admin'))!;
  const store = app.ctx.catalogue;
  const total = ITEMS[kind];
  const storeItems = Math.min(total, STORE_ITEMS);

  await store.upsertCollection(SYNTHETIC_COLLECTION, { ownerId: admin.id, isPublic: true });

  // the store's bulk path: what ingest and POST …/items use
  let started = performance.now();
  for (let first = 0; first < storeItems; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, storeItems - first) }, (_, index) => syntheticItem(first + index));
    await store.upsertItems(COLLECTION, batch);
  }
  const storeMs = performance.now() - started;

  // the rest in one statement per 100 000: the rows the store writes for syntheticItem(n), made in SQL
  started = performance.now();
  for (let first = storeItems; first < total; first += 100_000) {
    const last = Math.min(total, first + 100_000) - 1;
    await app.ctx.db.execute(sql.raw(insertSyntheticSql(first, last)));
  }
  const sqlMs = performance.now() - started;
  await app.ctx.db.execute(sql`ANALYZE`);
  if (args.has('seed-only')) {
    // for EXPLAIN ANALYZE by hand: the database stays (drop it yourself)
    console.log(`seeded ${total} items (store ${rate(storeItems, storeMs)}, SQL ${rate(total - storeItems, sqlMs)}); database kept: ${pgDb?.url ?? dataDir}`);
    await app.close();
    process.exit(0);
  }

  const port = await listen(server);
  const ready: Ready = { port, items: total, storeItems, storeMs, sqlItems: total - storeItems, sqlMs };
  serveUntilStopped(server, ready);
}

// ---------------------------------------------------------------------------------------------
// The load side (this process)
// ---------------------------------------------------------------------------------------------

/** One autocannon run over the queries in turn. */
const searchLoad = (url: string, bodies: string[], connections: number, duration: number) => {
  let next = 0;
  return load({
    url,
    connections,
    duration,
    bodies,
    requests: [
      { method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) },
    ],
  });
};

/** How many items each query finds (numberMatched), to say what the search did. */
async function matched(url: string, bodies: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const body of bodies) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { numberMatched?: number; features: unknown[] };
    counts.push(page.numberMatched ?? page.features.length);
  }
  return counts;
}

const rate = (items: number, ms: number) => (items === 0 ? '–' : `${Math.round(items / (ms / 1000))} items/s (${items} in ${(ms / 1000).toFixed(1)} s)`);

async function main() {
  if (args.has('seed-only')) {
    const child = forkServer(fileURLToPath(import.meta.url), (args.get('db') || 'postgres') as DbKind);
    await new Promise((resolve) => child.once('exit', resolve));
    return;
  }
  const kinds = dbKinds(args);
  console.log(machineLine());
  console.log(`${DURATION} s per run; latencies in ms`);
  const searches = [
    { name: 'bbox + datetime', bodies: QUERIES.map((query) => JSON.stringify({ ...query, collections: [COLLECTION] })) },
    { name: 'bbox + datetime + filter', bodies: QUERIES.map((query) => JSON.stringify({ ...query, collections: [COLLECTION], ...FILTER })) },
  ];
  for (const [kind, processes] of kinds.flatMap((kind) => processCounts(args).map((count) => [kind, count] as const))) {
    const { child, ready } = await startServer<Ready>(fileURLToPath(import.meta.url), kind, processes);
    const url = `http://127.0.0.1:${ready.port}/resource-catalogue/stac/search`;
    console.log(`\n${kind}${processes === undefined ? '' : `, ${processes} HTTP process(es) (load average ${loadAverage()})`}: ${ready.items} items`);
    console.log(`  store path (upsertItems, batches of ${BATCH}): ${rate(ready.storeItems, ready.storeMs)}`);
    console.log(`  set-based INSERT … SELECT generate_series: ${rate(ready.sqlItems, ready.sqlMs)}`);
    for (const search of searches) {
      const counts = await matched(url, search.bodies);
      console.log(`  ${search.name}: each query matches ${Math.min(...counts)}–${Math.max(...counts)} items (limit 10)`);
    }
    console.log('\n| search | connections | requests/s | p50 | p95 | p99 | max | errors |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const search of searches) {
      await searchLoad(url, search.bodies, 4, 2); // warm-up
      for (const connections of [1, 16]) {
        await matched(url, search.bodies.slice(0, 1)); // what the previous run left queued is answered first
        const f = await searchLoad(url, search.bodies, connections, DURATION);
        console.log(`| ${search.name} | ${connections} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f.errors} |`);
      }
    }
    // the server answers what the last run left queued before it stops
    await matched(url, searches[0]!.bodies.slice(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopServer(child);
    if (processes !== undefined) console.log(`load average: ${loadAverage()}`);
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
}

if (args.has('serve')) await serve(args.get('serve') as DbKind);
else await main();
