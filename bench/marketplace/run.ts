/**
 * Marketplace benchmark (issue 16; README.md beside this file). For each database (PGlite in a
 * temporary data directory; PostgreSQL when BENCH_DATABASE_URL names a server) a child process
 * seeds N published resources — models and datasets in public collections, applications in
 * public `{owner}:published` collections, published workflows — with titles, descriptions and
 * keywords drawn from an EO vocabulary, and serves the real app on loopback; this process asks
 * GET published_resources (no words; one word; two words; words and a facet) and
 * resource-filter-types with autocannon, signed out as the marketplace is, at 1 and 8 connections.
 * Usage: npx tsx bench/marketplace/run.ts [--resources 10000] [--duration 10] [--db pglite,postgres]
 */
import { fileURLToPath } from 'node:url';
import {
  benchApp,
  benchArgs,
  dbKinds,
  fmt,
  listen,
  load,
  loadAverage,
  machineLine,
  serveUntilStopped,
  startServer,
  stopServer,
  type DbKind,
} from '../shared/harness.js';
import { PUBLISHED_PROPERTY } from '@asb/contracts';

const args = benchArgs();
const RESOURCES = Number(args.get('resources') ?? 10_000);
const DURATION = Number(args.get('duration') ?? 10);
const PUBLISHERS = 20;

const THEMES = [
  'flood',
  'land cover',
  'burned area',
  'snow',
  'water quality',
  'urban heat',
  'crop type',
  'forest change',
  'coastline',
  'wildfire',
  'drought',
  'soil moisture',
  'sea ice',
  'air quality',
  'glacier',
  'wetland',
];
const SENSORS = ['Sentinel-1', 'Sentinel-2', 'Sentinel-3', 'Landsat 8', 'MODIS', 'PlanetScope'];
const WORDS = ['mapping', 'classification', 'detection', 'segmentation', 'monitoring', 'index', 'composite', 'change', 'time series', 'estimation'];
const LICENCES = ['MIT', 'CC-BY-4.0', 'Apache-2.0', 'proprietary'];
const INPUT_TYPES = ['image', 'raster', 'tabular', 'vector'];

interface Ready {
  port: number;
  seedMs: number;
  counts: Record<string, number>;
}

const pick = <T>(values: readonly T[], n: number) => values[n % values.length]!;

function text(n: number) {
  const theme = pick(THEMES, n);
  const sensor = pick(SENSORS, Math.floor(n / THEMES.length));
  const word = pick(WORDS, Math.floor(n / 7));
  return {
    title: `${sensor} ${theme} ${word} ${n}`,
    description: `Produces ${theme} ${word} products from ${sensor} acquisitions over Europe; resource ${n} of the benchmark, with a longer description as publishers write them, naming bands, resolution and the validation done.`,
    keywords: [
      theme,
      sensor,
      `FILTER:licence:${pick(LICENCES, n)}`,
      `FILTER:input-type:${pick(INPUT_TYPES, Math.floor(n / 3))}`,
      `softwareVersion:1.${n % 10}`,
    ],
  };
}

async function serve(kind: DbKind): Promise<void> {
  const { workflows } = await import('../../apps/server/src/db-schema.js');
  const server = await benchApp(kind, 'bench-password', 'asb-bench-marketplace-');
  const { app } = server;
  const admin = (await app.ctx.users.findByUsername('admin'))!;
  const started = performance.now();
  const counts = { model: 0, dataset: 0, application: 0, workflow: 0 };
  // 40 % models, 40 % datasets, 10 % applications, 10 % workflows
  const items = new Map<string, object[]>();
  const workflowRows: (typeof workflows.$inferInsert)[] = [];
  for (let n = 0; n < RESOURCES; n++) {
    const publisher = `publisher-${n % PUBLISHERS}`;
    const { title, description, keywords } = text(n);
    const datetime = new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString();
    const slot = n % 10;
    if (slot === 9) {
      counts.workflow += 1;
      workflowRows.push({
        identifier: `wf-${n}`,
        slug: `wf-${n}`,
        label: title,
        shortDescription: description.slice(0, 80),
        description: JSON.stringify({ description, thumbnail_url: '' }),
        ownerId: publisher,
        isPublished: true,
        publishedAt: new Date(datetime),
        graph: { nodes: [], edges: [] },
      });
      continue;
    }
    const type = slot === 8 ? 'application' : slot % 2 === 0 ? 'model' : 'dataset';
    counts[type] += 1;
    const collection = type === 'application' ? `${publisher}:published` : `${publisher}:${type}s`;
    const properties: Record<string, unknown> =
      type === 'application'
        ? {
            datetime,
            title,
            description,
            keywords,
            'asb:type': 'application',
            'asb:application': {
              identifier: `app-${n}`,
              title,
              abstract: description,
              keywords,
              softwareVersion: '1.0.0',
              license: 'https://spdx.org/licenses/MIT',
              author: [],
            },
          }
        : { datetime, type, title, description, keywords, license: pick(LICENCES, n), [PUBLISHED_PROPERTY]: true };
    const list = items.get(collection) ?? [];
    list.push({ type: 'Feature', stac_version: '1.0.0', id: `${type}-${n}`, geometry: null, properties, assets: {}, links: [] });
    items.set(collection, list);
  }
  for (const [collection, list] of items) {
    await app.ctx.catalogue.upsertCollection({ type: 'Collection', id: collection, title: collection, description: collection, links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    await app.ctx.catalogue.upsertItems(collection, list as never);
  }
  for (let index = 0; index < workflowRows.length; index += 500) await app.ctx.db.insert(workflows).values(workflowRows.slice(index, index + 500));
  const port = await listen(server);
  serveUntilStopped(server, { port, seedMs: performance.now() - started, counts } satisfies Ready);
}

async function main() {
  const kinds = dbKinds(args);
  console.log(machineLine());
  console.log(`${RESOURCES} published resources, ${DURATION} s per run, signed out; latencies in ms`);
  for (const kind of kinds) {
    const { child, ready } = await startServer<Ready>(fileURLToPath(import.meta.url), kind);
    const base = `http://127.0.0.1:${ready.port}/backend/v1`;
    const resources = (query: Record<string, string>) => `${base}/catalogue-collections/published_resources?${new URLSearchParams(query)}`;
    const check = await (await fetch(resources({ query: 'flood' }))).json();
    const matched = (check as { data: { total: number } }).data.total;
    console.log(`\n${kind}: seeded in ${(ready.seedMs / 1000).toFixed(1)} s: ${JSON.stringify(ready.counts)}; "flood" matches ${matched}`);
    // typo tolerance: the first misspelt query after a change builds the vocabulary (ts_stat over every resource)
    const coldStart = performance.now();
    const corrected = (await (await fetch(resources({ query: 'glaceir' }))).json()) as { data: { total: number; corrected_query?: string } };
    console.log(
      `"glaceir" (vocabulary cold): ${(performance.now() - coldStart).toFixed(0)} ms, searched as "${corrected.data.corrected_query}", ${corrected.data.total} matches`,
    );
    const scenarios = [
      { name: 'first page, no words', url: resources({}) },
      { name: 'one word ("flood")', url: resources({ query: 'flood' }) },
      { name: 'two words ("sentinel land")', url: resources({ query: 'sentinel land' }) },
      { name: 'a prefix ("classif")', url: resources({ query: 'classif' }) },
      { name: 'a misspelt word ("glaceir")', url: resources({ query: 'glaceir' }) },
      { name: 'a misspelt prefix ("clasif")', url: resources({ query: 'clasif' }) },
      { name: 'words and a facet (type model)', url: resources({ query: 'sentinel', filters: JSON.stringify({ type: ['model'] }) }) },
      { name: 'resource-filter-types', url: `${base}/resource-filter-types` },
    ];
    console.log('| scenario | connections | requests/s | p50 | p95 | p99 | max | errors |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const scenario of scenarios) {
      await load({ url: scenario.url, connections: 4, duration: 2 }); // warm-up
      for (const connections of [1, 8]) {
        const f = await load({ url: scenario.url, connections, duration: DURATION });
        console.log(`| ${scenario.name} | ${connections} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f.errors} |`);
      }
    }
    await stopServer(child);
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
}

if (args.has('serve')) await serve(args.get('serve') as DbKind);
else await main();
