import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';
import { isLiveMessage } from './cluster-messages.js';
import { answerMetricsRequests } from './primary-metrics.js';

type Role = 'designated' | 'http';

/** A process that dies this soon after its start is started again only after a pause: a crash loop must not spin. */
const QUICK_DEATH_MS = 10_000;
const RESTART_PAUSE_MS = 2_000;

interface Log {
  info(message: string): void;
  error(message: string): void;
}

const stderrLog: Log = {
  info: (message) => console.log(`asb primary: ${message}`),
  error: (message) => console.error(`asb primary: ${message}`),
};

/**
 * The primary of `count` HTTP processes on one port (node:cluster; docs/operations.md "All cores").
 * The designated process starts first and alone: it migrates the database, seeds, and runs the
 * engine, the scheduler and the sweeps; the others start once it listens and serve the API only.
 * A process that dies is started again in its role (the designated one's replacement is the new
 * designated one). Live events without Redis go from any process to all through here, and so do
 * the metrics, summed over the processes. SIGTERM or SIGINT stops every process gracefully, then
 * the primary; it ends with 1 when the designated process could not start at all.
 */
export async function runHttpProcesses(count: number, log: Log = stderrLog): Promise<number> {
  const roles = new Map<Worker, { role: Role; startedAt: number }>();
  let stopping = false;
  let stopped: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (stopped = resolve));
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the HTTP processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    let left = workers.length;
    if (left === 0) stopped(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) stopped(0);
      });
      // each one closes as a single process does on SIGTERM (main.ts)
      worker.process.kill('SIGTERM');
    }
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  const aggregator = new AggregatorRegistry<PrometheusContentType>();

  const fork = (role: Role): Worker => {
    const worker = cluster.fork({ ASB_PROCESS_ROLE: role });
    roles.set(worker, { role, startedAt: Date.now() });
    return worker;
  };

  cluster.on('message', (_worker, message: unknown) => {
    if (isLiveMessage(message)) {
      for (const worker of Object.values(cluster.workers ?? {})) {
        // a process on its way out misses the event, as a closed Redis subscriber would
        if (worker?.isConnected()) worker.send(message, undefined, undefined, () => undefined);
      }
    }
  });
  answerMetricsRequests(aggregator);

  // the designated process first: its migrations and seeding are done before any other process reads the database
  const designated = fork('designated');
  const firstStart = await new Promise<boolean>((resolve) => {
    designated.once('listening', () => resolve(true));
    designated.once('exit', () => resolve(false));
  });
  if (stopping) return done;
  if (!firstStart) {
    log.error('the designated HTTP process ended before it listened: nothing else is started');
    return 1;
  }
  for (let index = 1; index < count; index++) fork('http');
  log.info(`${count} HTTP processes (pid ${designated.process.pid} designated)`);

  cluster.on('exit', (worker, code, signal) => {
    const known = roles.get(worker);
    roles.delete(worker);
    if (stopping || !known) return;
    const lived = Date.now() - known.startedAt;
    log.error(`HTTP process ${worker.process.pid} (${known.role}) ended (${signal ?? `exit code ${code}`}): starting another`);
    const restart = () => {
      if (!stopping) fork(known.role);
    };
    if (lived < QUICK_DEATH_MS) setTimeout(restart, RESTART_PAUSE_MS);
    else restart();
  });

  return done;
}
