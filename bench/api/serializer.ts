/**
 * What writing one answer costs (issue 32 §2; README.md beside this file, "Serializing an
 * answer"). The real app on PGlite, seeded with 20 executions and 20 STAC items, answers a
 * list page of 20 executions (a preSerialization hook keeps what the handler returned, Dates
 * and all, and the route's response schema) and a STAC search of 20 items (its JSON, with the
 * contract's ItemCollection schema: the search writes its text itself). Each answer is written, in
 * turn, for --ms milliseconds each:
 *   - zod round trip: JSON.stringify → JSON.parse → zod parse → JSON.stringify (the serializer
 *     before issue 32, without the strict mode's checks);
 *   - compiled: the route's fast-json-stringify function (compiled-answer.ts, what answers use now);
 *   - JSON.stringify alone (what no contract costs; it would send undeclared fields).
 * Usage: npx tsx bench/api/serializer.ts [--ms 3000]
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { listQueryParams, stacItemCollectionSchema } from '@asb/contracts';
import fastJson from 'fast-json-stringify';
import { compileAnswer, serializingSchemaOf } from '../../apps/server/src/platform/http/compiled-answer.js';
import { COLLECTION, syntheticItem } from '../catalogue/synthetic.js';
import { benchApp, benchArgs, fmt, machineLine } from '../shared/harness.js';

const args = benchArgs();
const MS = Number(args.get('ms') ?? 3000);
const PASSWORD = 'bench-password';

interface Captured {
  data: unknown;
  schema: z.ZodType;
}

async function answers(): Promise<{ name: string; answer: Captured }[]> {
  const { workflows, workflowVersions } = await import('../../apps/server/src/db-schema.js');
  const server = await benchApp('pglite', PASSWORD, 'asb-bench-serializer-');
  const { app } = server;
  const captured = new Map<string, Captured>();
  app.server.addHook('preSerialization', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<number, z.ZodType> | undefined)?.[reply.statusCode];
    if (schema) captured.set(`${request.method} ${request.routeOptions.url}`, { data: payload, schema });
    return payload;
  });
  try {
    const admin = (await app.ctx.users.findByUsername('admin'))!;
    // executions as bench/api seeds them (run.ts): inputs and workflow execution order as the API writes them
    const graph = { nodes: [], edges: [] };
    const [flow] = await app.ctx.db
      .insert(workflows)
      .values({ identifier: 'flood-extent', slug: 'wf-0', label: 'Flood extent mapping', ownerId: 'admin', graph })
      .returning();
    await app.ctx.db.insert(workflowVersions).values({ workflowId: flow!.id, version: 1, graph, createdBy: 'admin' });
    await app.ctx.db.execute(sql`
      INSERT INTO executions (identifier, label, owner_id, created_at, updated_at, processor_id, processor_version, status, progress, inputs, workflow_execution_order, submitted_at, start_time, end_time)
      SELECT 'flood-extent-' || g, 'Flood extent mapping', 'admin', now() - g * interval '30 seconds', now(), ${flow!.id}, 1,
             (ARRAY['success', 'failed'])[1 + g % 2], 1,
             jsonb_build_array(jsonb_build_object('node_id', 'n1', 'items', jsonb_build_array(jsonb_build_object(
               'identifier', 'aoi', 'label', 'Area of interest', 'value', 'POLYGON((10 45, 11 45, 11 46, 10 46, 10 45))',
               'user_visible', true, 'user_editable', true, 'description', '', 'data_type', 'wkt')))),
             jsonb_build_object('tasks', jsonb_build_array(jsonb_build_object('task_slug_id', 'n1', 'worker_selectors', '{}'::jsonb, 'identifier', 'ndvi', 'version', '1')),
                                'workflow', jsonb_build_object('identifier', 'flood-extent', 'version', 1, 'dag-type', 'standard')),
             now(), now(), now()
      FROM generate_series(1, 20) AS g
    `);
    await app.ctx.catalogue.upsertCollection(
      {
        type: 'Collection',
        stac_version: '1.0.0',
        id: COLLECTION,
        description: 'Synthetic scenes',
        license: 'CC0-1.0',
        extent: { spatial: { bbox: [[-180, -60, 180, 76]] }, temporal: { interval: [['2023-01-01T00:00:00Z', '2024-12-31T23:59:59Z']] } },
        links: [],
      },
      { ownerId: admin.id, isPublic: true },
    );
    await app.ctx.catalogue.upsertItems(
      COLLECTION,
      Array.from({ length: 20 }, (_, n) => syntheticItem(n)),
    );

    const signIn = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'admin', password: PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
    const list = await app.server.inject({ url: `/builder/v1/executions?${listQueryParams({ sort: '-createdAt', pageSize: 20 })}`, headers });
    const search = await app.server.inject({ method: 'POST', url: '/resource-catalogue/stac/search', payload: { collections: [COLLECTION], limit: 20 } });
    for (const response of [list, search]) if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    const answer = (key: string) => {
      const found = captured.get(key);
      if (!found) throw new Error(`${key} was not answered through a response schema (answered: ${[...captured.keys()].join(', ')})`);
      return found;
    };
    return [
      { name: 'executions list, page of 20', answer: answer('GET /builder/v1/executions') },
      // the search writes its JSON text itself (stac-search-answer.ts); the item lists of a collection answer the same schema through the serializer
      { name: 'STAC item collection, 20 items', answer: { data: search.json(), schema: stacItemCollectionSchema } },
    ];
  } finally {
    await app.close();
  }
}

/** Microseconds per call: the median of ten slices of the time given. */
function perCall(write: () => string, ms: number): number {
  const slices: number[] = [];
  for (let slice = 0; slice < 10; slice++) {
    const until = performance.now() + ms / 10;
    let calls = 0;
    const started = performance.now();
    while (performance.now() < until) {
      write();
      calls++;
    }
    slices.push(((performance.now() - started) * 1000) / calls);
  }
  return slices.sort((a, b) => a - b)[5]!;
}

async function main() {
  console.log(machineLine());
  console.log(`${MS} ms per serializer; µs per answer (median of 10 slices)\n`);
  const written = await answers();
  console.log('| answer | bytes | zod round trip | compiled | JSON.stringify alone | compiled vs round trip |');
  console.log('|---|---|---|---|---|---|');
  const firsts: string[] = [];
  for (const { name, answer } of written) {
    const compiled = compileAnswer(answer.schema);
    if ('reason' in compiled) throw new Error(`${name}: not compiled: ${compiled.reason}`);
    const roundTrip = () => JSON.stringify(answer.schema.parse(JSON.parse(JSON.stringify(answer.data))));
    const text = compiled.stringify(answer.data);
    // the same answer either way (key order aside)
    if (JSON.stringify(sorted(JSON.parse(text))) !== JSON.stringify(sorted(JSON.parse(roundTrip())))) throw new Error(`${name}: the compiled answer differs`);
    // what a route's first answer adds once: compiling its schema, then the first write (ajv compiles a union's validators then)
    let started = performance.now();
    const made = serializingSchemaOf(answer.schema);
    if ('reason' in made) throw new Error(made.reason);
    const fresh = fastJson(made.schema as never) as (data: unknown) => string;
    const compileMs = performance.now() - started;
    started = performance.now();
    fresh(answer.data);
    const firstMs = performance.now() - started;
    firsts.push(`${name}: compiled in ${fmt(compileMs)} ms, first write ${fmt(firstMs)} ms`);
    const before = perCall(roundTrip, MS);
    const after = perCall(() => compiled.stringify(answer.data), MS);
    const floor = perCall(() => JSON.stringify(answer.data), MS);
    console.log(`| ${name} | ${text.length} | ${fmt(before)} | ${fmt(after)} | ${fmt(floor)} | ${(after / before).toFixed(2)}× |`);
  }
  console.log(`\nOnce per route and process: ${firsts.join('; ')}`);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}

await main();
