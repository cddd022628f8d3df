/**
 * What the HTTP benchmarks (bench/api, bench/catalogue) share: the command line, the server
 * child process (the real app on loopback, on PGlite or a fresh PostgreSQL database), the
 * autocannon (or wrk) run with per-response latencies, and the figures and lines they print.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPostgres } from '../../apps/server/test/helpers/fresh-postgres.js';
import { startPortal, type Portal } from './portal-processes.js';
import { wrkLoad } from './wrk.js';

export type DbKind = 'pglite' | 'postgres';

/** `--name value` pairs of the command line. */
export const benchArgs = (): Map<string, string> =>
  new Map(process.argv.slice(2).flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1] ?? '']] : [])));

/** The databases to run on (--db, else PGlite and, when BENCH_DATABASE_URL names a server, PostgreSQL). */
export function dbKinds(args: Map<string, string>): DbKind[] {
  const kinds = (args.get('db') ?? (process.env.BENCH_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',').filter(Boolean) as DbKind[];
  if (kinds.includes('postgres') && !process.env.BENCH_DATABASE_URL)
    throw new Error('--db postgres needs BENCH_DATABASE_URL (e.g. $(scripts/postgres.sh start))');
  return kinds;
}

/**
 * `--processes 1,2`: after the seeding, the portal serves as an operator starts it, `main.ts` with
 * ASB_HTTP_PROCESSES set to each value in turn (docs/operations.md "All cores"); PostgreSQL only.
 * Unset: the seeding process's own app serves, as before.
 */
export function processCounts(args: Map<string, string>): (number | undefined)[] {
  const raw = args.get('processes');
  if (!raw) return [undefined];
  const counts = raw.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error(`--processes takes whole numbers (got ${raw})`);
  if (dbKinds(args).includes('pglite')) throw new Error('--processes needs --db postgres: PGlite lives inside one process');
  return counts;
}

// ---------------------------------------------------------------------------------------------
// The server side (a child process: its own event loop, as in production)
// ---------------------------------------------------------------------------------------------

/** The real app with its admin, in a temporary data directory; on PostgreSQL in a fresh database. */
export async function benchApp(kind: DbKind, password: string, tmpPrefix: string) {
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  const pgDb = kind === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL!, 'asb_bench') : undefined;
  const config = loadConfig(
    { ASB_ADMIN_USERNAME: 'admin', ASB_ADMIN_PASSWORD: password, ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ASB_DEMO: 'false', ASB_ENGINE: 'false' },
    { dataDir, databaseUrl: pgDb?.url },
  );
  const app = await buildApp(config, {});
  await app.users.ensureAdmin();
  return { app, pgDb, dataDir, password };
}

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

let portal: Portal | undefined;

/**
 * Listens on a free loopback port; with `--serving-processes N` (set by startServer for one value of
 * --processes) the portal's own processes listen instead, on the seeded database (portal-processes.ts).
 */
export async function listen({ app, pgDb, dataDir, password }: BenchApp): Promise<number> {
  const processes = benchArgs().get('serving-processes');
  if (processes) {
    if (!pgDb) throw new Error('--processes needs PostgreSQL');
    portal = await startPortal({ databaseUrl: pgDb.url, dataDir: path.join(dataDir, 'portal'), processes: Number(processes), password });
    return portal.port;
  }
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.server.address() as { port: number }).port;
}

/** Tells the load side it is ready; on its 'stop', or when it is gone (an error, Ctrl-C), leaves no server or database behind. */
export function serveUntilStopped({ app, pgDb, dataDir }: BenchApp, ready: object): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await portal?.stop();
    await app.close();
    await pgDb?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send!(ready);
}

// ---------------------------------------------------------------------------------------------
// The load side
// ---------------------------------------------------------------------------------------------

/** Forks `script` (the bench's own file) as the server of `kind` and waits for what it sends when ready. */
export async function startServer<Ready>(script: string, kind: DbKind, processes?: number): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = forkServer(script, kind, processes === undefined ? [] : ['--serving-processes', String(processes)]);
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited ${code} before it was ready`)));
  });
  return { child, ready };
}

/** BENCH_CPU_PROF=dir: the server child writes a CPU profile there when it ends (node --cpu-prof; seeding included, so seed little). */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export const forkServer = (script: string, kind: DbKind, extra: string[] = []): ChildProcess =>
  fork(script, ['--serve', kind, ...process.argv.slice(2), ...extra], { execArgv: ['--import', 'tsx', ...profiling], stdio: 'inherit' });

export async function stopServer(child: ChildProcess): Promise<void> {
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** The figures of latencies sorted in place (an unanswered request counts as Infinity, not as answered). */
export function figures(latencies: number[], seconds: number, errors: number): Figures {
  latencies.sort((a, b) => a - b);
  const answered = latencies.filter(Number.isFinite).length;
  return {
    requests: answered,
    rps: answered / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    errors,
  };
}

/**
 * One run of a fixed number of connections (or autocannon's overallRate); latencies per response
 * (autocannon's own summary has no p95). `--load wrk` has Debian's wrk drive the fixed-connections
 * runs instead (wrk.ts: `bodies` are its requests' bodies in turn, as `setupRequest` gives autocannon).
 */
export async function load({ bodies, ...options }: autocannon.Options & { duration: number; bodies?: string[] }): Promise<Figures> {
  if (benchArgs().get('load') === 'wrk' && options.overallRate === undefined)
    return wrkLoad({
      url: String(options.url),
      connections: options.connections ?? 10,
      duration: options.duration,
      method: options.requests?.[0]?.method ?? options.method,
      headers: { ...(options.headers as Record<string, string> | undefined), ...(options.requests?.[0]?.headers as Record<string, string> | undefined) },
      bodies,
    });
  const latencies: number[] = [];
  let errors = 0;
  // without a callback the instance is also a promise of the result (the types know only one of the two)
  const instance = autocannon(options);
  const events = instance as unknown as autocannon.Instance;
  events.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) errors += 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  return figures(latencies, result.duration || options.duration, errors + result.errors + result.timeouts);
}

export const fmt = (value: number) => (value === Infinity ? '> 10 s' : value >= 100 ? value.toFixed(0) : value.toFixed(1));

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const machineLine = () =>
  `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}, Node ${process.version}, load average ${loadAverage()}`;
