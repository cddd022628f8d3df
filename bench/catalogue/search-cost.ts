/**
 * The server's CPU per STAC search (issue 32 §6; README.md beside this file): the real app on a
 * fresh database seeded in SQL, POST /search answered through `app.server.inject` — no sockets
 * and no load generator in the figure, so it moves little when other work shares the cores
 * (unlike a latency). 20° × 20° boxes over a year, `limit` 10: every page is full (ten items
 * written out, and the count asked). Compare two commits by running it in a checkout of each.
 * Usage: npx tsx bench/catalogue/search-cost.ts [--items 50000] [--requests 2000] [--db postgres|pglite]
 */
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { benchApp, benchArgs, loadAverage, machineLine, type DbKind } from '../shared/harness.js';
import { COLLECTION, insertSyntheticSql, SYNTHETIC_COLLECTION } from './synthetic.js';

const args = benchArgs();
const ITEMS = Number(args.get('items') ?? 50_000);
const REQUESTS = Number(args.get('requests') ?? 2000);
const KIND = (args.get('db') ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite')) as DbKind;

const QUERIES = Array.from({ length: 16 }, (_, index) => {
  const [w, s] = [-10 + (index % 8) * 10, -20 + Math.floor(index / 8) * 40];
  return { bbox: [w, s, w + 20, s + 20], datetime: '2024-01-01T00:00:00Z/2024-12-31T23:59:59Z', limit: 10, collections: [COLLECTION] };
});
const FILTER = { 'filter-lang': 'cql2-json', filter: { op: '<=', args: [{ property: 'eo:cloud_cover' }, 50] } };

const server = await benchApp(KIND, 'bench-password', 'asb-bench-search-cost-');
const { app } = server;
const admin = (await app.ctx.users.findByUsername('admin'))!;
await app.ctx.catalogue.upsertCollection(SYNTHETIC_COLLECTION, { ownerId: admin.id, isPublic: true });
for (let first = 0; first < ITEMS; first += 100_000) await app.ctx.db.execute(sql.raw(insertSyntheticSql(first, Math.min(ITEMS, first + 100_000) - 1)));
await app.ctx.db.execute(sql`ANALYZE`);

/** `n` searches one after the other: the server's CPU (user + system) and the wall time per search. */
async function searches(n: number, filter: boolean) {
  let features = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < n; index++) {
    const response = await app.server.inject({
      method: 'POST',
      url: '/resource-catalogue/stac/search',
      payload: { ...QUERIES[index % QUERIES.length], ...(filter ? FILTER : {}) },
    });
    if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
    features += response.json<{ features: unknown[] }>().features.length;
  }
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000 / n, wall: (performance.now() - started) / n, features: features / n };
}

console.log(machineLine());
console.log(`${KIND}, ${ITEMS} items, ${REQUESTS} searches each, one at a time through inject`);
await searches(300, false); // warm-up: JIT, the statements, the database's caches
await searches(300, true);
for (const filter of [false, true]) {
  const f = await searches(REQUESTS, filter);
  console.log(
    `  ${filter ? 'bbox + datetime + filter' : 'bbox + datetime'}: CPU ${f.cpu.toFixed(3)} ms per search, wall ${f.wall.toFixed(2)} ms, ${f.features.toFixed(1)} items per page`,
  );
}
console.log(`load average: ${loadAverage()}`);
await app.close();
await server.pgDb?.drop();
await fs.rm(server.dataDir, { recursive: true, force: true });
process.exit(0);
