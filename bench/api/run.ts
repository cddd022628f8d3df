/**
 * API benchmark (issue 12; README.md beside this file). For each database (PGlite in a
 * temporary data directory; PostgreSQL when BENCH_DATABASE_URL names a server, where a fresh
 * database is created and dropped at the end) a child process seeds 100 000 executions and
 * serves the real app on loopback; this process drives it with autocannon as a user signed in
 * through POST /usermgr/v1/token/:
 *   - the executions list, newest first, a page of 20, without and with a search, and its own (filter[ownerId]);
 *   - one execution;
 *   - the task manager's tasks list (one task per execution), newest first, a page of 20;
 * each at 1 and 32 connections for a fixed time, and at a fixed rate (200 requests/s): autocannon's
 * overallRate (bursts at each second's start) and an even pace (one request every 5 ms).
 * Usage: npx tsx bench/api/run.ts [--rows 100000] [--duration 10] [--rate 200] [--db pglite,postgres] [--processes 1,2]
 * --processes: the portal's own HTTP processes serve (main.ts, ASB_HTTP_PROCESSES), at 1, 16 and 32 connections and the paced rate.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { listQueryParams } from '@asb/contracts';
import { drained, idleProbeMs, type Probe } from './drained.js';
import {
  benchApp,
  benchArgs,
  dbKinds,
  figures,
  fmt,
  listen,
  load,
  loadAverage,
  machineLine,
  processCounts,
  serveUntilStopped,
  startServer,
  stopServer,
  type DbKind,
  type Figures,
} from '../shared/harness.js';

const args = benchArgs();
const ROWS = Number(args.get('rows') ?? 100_000);
const DURATION = Number(args.get('duration') ?? 10);
const RATE = Number(args.get('rate') ?? 200);
const USERS = 20;
const WORKSPACES = 10;
const PASSWORD = 'bench-password';
/** the signed-in user: owns 1/USERS of the executions and sees those shared with its two workspaces */
const BENCH_USER = 'bench-user-00';
/** workflow labels; the search matches one of them (about 1/LABELS.length of the rows) */
const LABELS = [
  'Sentinel-2 NDVI composite',
  'Flood extent mapping',
  'Burned area index',
  'Land cover classification',
  'Snow cover monthly',
  'Water quality Sentinel-3',
  'Urban heat island',
  'Crop type map',
  'Forest change detection',
  'Coastline extraction',
];
const SEARCH = 'flood';

interface Ready {
  port: number;
  token: string;
  executionId: number;
  /** as the list counts them: exact, or 'n+' past the count's cap */
  visible: string;
  matching: string;
  seedMs: number;
}

// ---------------------------------------------------------------------------------------------
// The server side (a child process: its own event loop, as in production)
// ---------------------------------------------------------------------------------------------

async function serve(kind: DbKind): Promise<void> {
  const { hashPassword } = await import('../../apps/server/src/platform/auth/passwords.js');
  const { workspaces, workspaceRoles, workflows, workflowVersions } = await import('../../apps/server/src/db-schema.js');

  const server = await benchApp(kind, PASSWORD, 'asb-bench-api-');
  const { app } = server;
  const db = app.ctx.db;

  const seedStarted = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  const users: Awaited<ReturnType<typeof app.ctx.users.insert>>[] = [];
  for (let index = 0; index < USERS; index++) {
    users.push(await app.ctx.users.insert({ username: `bench-user-${String(index).padStart(2, '0')}`, passwordHash }));
  }
  const spaces = await db
    .insert(workspaces)
    .values(Array.from({ length: WORKSPACES }, (_, index) => ({ identifier: `bench-ws-${index}`, label: `Bench workspace ${index}`, ownerId: 'admin' })))
    .returning();
  // the bench user is a member of the first two workspaces; every user of one
  await db
    .insert(workspaceRoles)
    .values([
      ...users.map((user, index) => ({ userId: user.id, workspaceId: spaces[index % WORKSPACES]!.id, role: 'user' })),
      { userId: users[0]!.id, workspaceId: spaces[1]!.id, role: 'developer' },
    ]);
  const graph = { nodes: [], edges: [] };
  const flows = await db
    .insert(workflows)
    .values(
      LABELS.map((label, index) => ({
        identifier: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        slug: `wf-${index}`,
        label,
        ownerId: users[index % USERS]!.username,
        graph,
      })),
    )
    .returning();
  await db.insert(workflowVersions).values(flows.map((flow) => ({ workflowId: flow.id, version: 1, graph, createdBy: flow.ownerId })));

  // 100 000 executions in one statement: owner g % USERS, workflow (g / USERS) % LABELS, one every 30 s back from now
  await db.execute(sql`
    INSERT INTO executions (identifier, label, owner_id, created_at, updated_at, processor_id, processor_version, status, progress, inputs, workflow_execution_order, submitted_at, start_time, end_time)
    SELECT w.identifier || '-' || to_char(t.created, 'YYYYMMDDHH24MISS') || '-' || lpad(to_hex(g), 5, '0'),
           w.label,
           'bench-user-' || lpad((g % ${USERS})::text, 2, '0'),
           t.created, t.created + interval '2 minutes',
           w.id, 1,
           (ARRAY['success', 'success', 'failed', 'stopped'])[1 + g % 4],
           1,
           jsonb_build_array(jsonb_build_object('node_id', 'n1', 'items', jsonb_build_array(jsonb_build_object(
             'identifier', 'aoi', 'label', 'Area of interest', 'value', 'POLYGON((10 45, 11 45, 11 46, 10 46, 10 45))',
             'user_visible', true, 'user_editable', true, 'description', '', 'data_type', 'wkt')))),
           jsonb_build_object('tasks', jsonb_build_array(jsonb_build_object('task_slug_id', 'n1', 'worker_selectors', '{}'::jsonb, 'identifier', 'ndvi', 'version', '1')),
                              'workflow', jsonb_build_object('identifier', w.identifier, 'version', 1, 'dag-type', 'standard')),
           t.created, t.created + interval '5 seconds', t.created + interval '95 seconds'
    FROM generate_series(1, ${ROWS}) AS g
    CROSS JOIN LATERAL (SELECT now() - g * interval '30 seconds' AS created) AS t
    JOIN (SELECT id, identifier, label, row_number() OVER (ORDER BY id) - 1 AS n FROM workflows) AS w ON w.n = (g / ${USERS}) % ${LABELS.length}
  `);
  // a fifth of them shared with one workspace each
  await db.execute(sql`
    INSERT INTO resource_workspaces (resource_type, resource_id, workspace_id)
    SELECT 'executions', e.id, ws.id
    FROM executions e
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM workspaces WHERE identifier LIKE 'bench-ws-%') AS ws ON ws.n = (e.id / 5) % ${WORKSPACES}
    WHERE e.id % 5 = 0
  `);
  // one task per execution, as the engine writes a finished one: its outputs (file links and a value) and times
  await db.execute(sql`
    INSERT INTO execution_tasks (identifier, label, owner_id, created_at, updated_at, execution_id, task_id, node_id, state, try_number,
                                 process_version, outputs, start_date, end_date, worker_label)
    SELECT e.identifier || '.n1', 'ndvi', e.owner_id, e.created_at + interval '1 second', e.end_time, e.id, 'n1', 'n1',
           (ARRAY['success', 'success', 'failed', 'skipped'])[1 + e.id % 4], 1, 'ndvi:1',
           jsonb_build_object('ndvi', '/builder/v1/executions/' || e.id || '/files/n1/ndvi.tif',
                              'mask', '/builder/v1/executions/' || e.id || '/files/n1/mask.tif',
                              'mean_ndvi', 0.42, 'histogram', (SELECT jsonb_agg(i * 7 % 101) FROM generate_series(1, 64) AS i)),
           e.start_time, e.end_time, 'local'
    FROM executions e
  `);
  await db.execute(sql`ANALYZE`);
  const seedMs = performance.now() - seedStarted;

  const port = await listen(server);
  const signIn = await fetch(`http://127.0.0.1:${port}/usermgr/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USER, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const list = async (search?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/builder/v1/executions?${listQueryParams({ sort: '-createdAt', pageSize: 20, search })}`, {
      headers,
    });
    if (response.status !== 200) throw new Error(`list: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { id: string; attributes: { ownerId: string } }[]; meta: { pagination: { count: number; capped?: boolean } } };
  };
  const all = await list();
  const matching = await list(SEARCH);
  // one the bench user may see without owning it (shared with its workspace): the access check does its work
  const executionId = Number(all.data.find((row) => row.attributes.ownerId !== BENCH_USER)?.id ?? all.data[0]!.id);
  const counted = ({ count, capped }: { count: number; capped?: boolean }) => `${count}${capped ? '+' : ''}`;
  const ready: Ready = { port, token, executionId, visible: counted(all.meta.pagination), matching: counted(matching.meta.pagination), seedMs };
  serveUntilStopped(server, ready);
}

// ---------------------------------------------------------------------------------------------
// The load side (this process)
// ---------------------------------------------------------------------------------------------

/** An autocannon run as the signed-in user. */
const loadOptions = (url: string, token: string, options: { connections: number; overallRate?: number; duration: number }) => ({
  url,
  headers: { authorization: `Bearer ${token}` },
  connections: options.connections,
  overallRate: options.overallRate,
  duration: options.duration,
});

/**
 * An open-loop run at `rate` requests/s, one request every 1000/rate ms whatever the answers do,
 * each timed from the moment it was due (queueing included). autocannon's overallRate sends each
 * connection's share of a second back to back at the start of the second, then waits: bursts.
 */
async function paced(url: string, token: string, rate: number, duration: number): Promise<Figures> {
  const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const total = Math.round(rate * duration);
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      // unanswered 10 s after it was due (queueing included), a request is given up: an error, as autocannon's timeout
      request(url, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(Math.max(1, Math.round(due + 10_000 - performance.now()))),
      })
        .then(async (response) => {
          await response.body.dump();
          if (response.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          // given up: slower than any answer, so the percentiles count it (shown as "> 10 s")
          errors += 1;
          latencies.push(Infinity);
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return figures(latencies, elapsed, errors);
}

/** Waits for the previous run's backlog to clear (drained.ts); says so when it did not. */
async function settle(probe: Probe): Promise<void> {
  if (!(await drained(probe))) console.log(`| (the server was still busy 5 min after the previous run: the next row measures its backlog too) |`);
}

async function main() {
  const kinds = dbKinds(args);
  console.log(machineLine());
  console.log(`${ROWS} executions, ${DURATION} s per run, fixed rate ${RATE} requests/s; latencies in ms`);
  for (const [kind, processes] of kinds.flatMap((kind) => processCounts(args).map((count) => [kind, count] as const))) {
    const { child, ready } = await startServer<Ready>(fileURLToPath(import.meta.url), kind, processes);
    const base = `http://127.0.0.1:${ready.port}/builder/v1/executions`;
    const probeUrl = `${base}/${ready.executionId}`;
    const probe: Probe = { url: probeUrl, token: ready.token, idleMs: await idleProbeMs(probeUrl, ready.token) };
    const scenarios = [
      { name: 'list', url: `${base}?${listQueryParams({ sort: '-createdAt', pageSize: 20 })}` },
      { name: `list search "${SEARCH}"`, url: `${base}?${listQueryParams({ sort: '-createdAt', pageSize: 20, search: SEARCH })}` },
      // the filter box's ownerId:{me} (spec 1 §5): its own executions
      { name: 'list ownerId', url: `${base}?${listQueryParams({ sort: '-createdAt', pageSize: 20, filters: { ownerId: BENCH_USER } })}` },
      { name: 'one execution', url: `${base}/${ready.executionId}` },
      // one task per execution: the task manager's list reads its visibility through the task's execution
      { name: 'tasks list', url: `http://127.0.0.1:${ready.port}/taskmgr/v1/tasks?${listQueryParams({ sort: '-createdAt', pageSize: 20 })}` },
    ];
    console.log(
      `\n${kind}${processes === undefined ? '' : `, ${processes} HTTP process(es) (load average ${loadAverage()})`}: seeded in ${(ready.seedMs / 1000).toFixed(1)} s; ${BENCH_USER} sees ${ready.visible} executions, ${ready.matching} match "${SEARCH}"`,
    );
    console.log('| scenario | run | requests/s | p50 | p95 | p99 | max | errors |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const scenario of scenarios) {
      await load(loadOptions(scenario.url, ready.token, { connections: 8, duration: 2 })); // warm-up
      await settle(probe);
      const runs: { label: string; connections: number; overallRate?: number; paced?: boolean }[] =
        processes === undefined
          ? [
              { label: 'c=1', connections: 1 },
              { label: 'c=32', connections: 32 },
              { label: `${RATE}/s overallRate`, connections: 32, overallRate: RATE },
              { label: `${RATE}/s paced`, connections: 0, paced: true },
            ]
          : // issue 31 §5: requests/s at 16 connections against the number of processes; issue 32 §1: 32 connections and the paced rate
            [
              { label: 'c=1', connections: 1 },
              { label: 'c=16', connections: 16 },
              { label: 'c=32', connections: 32 },
              { label: `${RATE}/s paced`, connections: 0, paced: true },
            ];
      for (const run of runs) {
        const f = run.paced
          ? await paced(scenario.url, ready.token, RATE, DURATION)
          : await load(loadOptions(scenario.url, ready.token, { ...run, duration: DURATION }));
        console.log(`| ${scenario.name} | ${run.label} | ${fmt(f.rps)} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f.errors} |`);
        await settle(probe);
      }
    }
    await stopServer(child);
    if (processes !== undefined) console.log(`load average: ${loadAverage()}`);
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
}

if (args.has('serve')) await serve(args.get('serve') as DbKind);
else await main();
