/**
 * Soak test (issue 31 §7; README.md beside this file). Starts, on loopback, PostgreSQL, Redis,
 * an S3 store (s3rver), portal replicas and workers as separate processes from deploy/Procfile,
 * submits executions at a steady rate for a fixed time while it kills a worker (SIGKILL) every
 * `--kill-every` seconds and a replica once, then checks that nothing was lost or done twice.
 * Exits 1 when a check fails.
 *
 * Usage: npm run bench:soak -- [--short] [--executions 200] [--minutes 1.5] [--replicas 2]
 *        [--workers 3] [--kill-every 60] [--kill-replica-at 0.5] [--rest 0.2]
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server when set, else a server of its own.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchArgs, machineLine } from '../shared/harness.js';
import { openDatabase } from '../../apps/server/src/platform/db/client.js';
import { unmountUnder } from '../../apps/server/test/helpers/host-processes.js';
import { AnswerLostError, Portals } from './api.js';
import { runChecks, untilSettled, type Check, type Ledger } from './checks.js';
import { nodeChildren, REPO, rssMb, startMember, stopMember, untilReady, type Kind, type Member } from './cluster.js';
import { flatness, FLAT, mb, ms, percentile, seconds, type RssSeries } from './figures.js';
import { sharedEnv, startShared } from './infra.js';
import { containerFilesDrift, readProcfile } from './procfile.js';
import { recoveries, runningExecutions, type Kill } from './recovery.js';
import { seedWorkflows } from './seed.js';
import { kindOf, submit, untilDemo } from './work.js';

const args = benchArgs();
const isShort = process.argv.includes('--short');
const option = (name: string, short: number, long: number) => Number(args.get(name) ?? (isShort ? short : long));
const EXECUTIONS = option('executions', 200, 10_000);
const MINUTES = option('minutes', 1.5, 60);
const REPLICAS = option('replicas', 2, 2);
const WORKERS = option('workers', 3, 3);
const KILL_EVERY_S = option('kill-every', 45, 60);
/** the replica is killed once, at this fraction of the submission window (0: never) */
const KILL_REPLICA_AT = option('kill-replica-at', 0.6, 0.5);
/** what a supervisor (systemd Restart=, Compose restart:) takes to start a killed process again */
const RESTART_AFTER_S = option('restart-after', 10, 10);
const REST_S = option('rest', 0.2, 0.2);
/** of the executions, this many come from single-execution schedules due during the run */
const SCHEDULED = Math.max(1, Math.round(EXECUTIONS / 40));
const SAMPLE_MS = 10_000;
const PASSWORD = 'soak-password';
const BUILT_SERVER = 'apps/server/dist/main.js';

const began = Date.now();
const elapsed = () => (Date.now() - began) / 1000;
const say = (message: string) => console.log(`[${elapsed().toFixed(0).padStart(4)} s] ${message}`);

async function main(): Promise<number> {
  const procfile = await readProcfile(path.join(REPO, 'deploy/Procfile'));
  const drift = await containerFilesDrift(procfile, path.join(REPO, 'deploy'));
  if (drift.length) throw new Error(`the container files do not run deploy/Procfile's commands:\n${drift.join('\n')}`);
  // ASB_SOAK_SERVER: a second build to run instead (as ASB_E2E_SERVER for the e2e tests), when the tree's dist is others'
  const server = process.env.ASB_SOAK_SERVER ?? BUILT_SERVER;
  const command = (kind: Kind) => {
    const line = procfile.get(kind);
    if (!line) throw new Error(`deploy/Procfile has no '${kind}' line`);
    return line.map((word) => (word === BUILT_SERVER ? server : word));
  };
  if (!(await fs.stat(path.resolve(REPO, server)).catch(() => null))) throw new Error(`${server} is missing: npm run build`);

  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-soak-'));
  const dataDir = path.join(runDir, 'data');
  const logDir = path.join(runDir, 'logs');
  await fs.mkdir(logDir, { recursive: true });
  say(`${machineLine()}; logs in ${logDir}`);
  const shared = await startShared(process.env.BENCH_DATABASE_URL);
  const members: Member[] = [];
  const rss = new Map<string, RssSeries>();
  const timers: NodeJS.Timeout[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let isPassing = false;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(members.map((member) => stopMember(member)));
      await database?.close();
      // attempts' filesystems a killed worker left mounted under the data directory
      await unmountUnder(dataDir);
      await shared.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      // the logs stay when the soak failed (they say why)
      if (isPassing) await fs.rm(runDir, { recursive: true, force: true });
      else console.log(`logs kept in ${logDir}`);
    })());
  onInterrupt = cleanup;
  try {
    const env = {
      ...sharedEnv(shared, dataDir),
      ASB_ADMIN_USERNAME: 'admin',
      ASB_ADMIN_PASSWORD: PASSWORD,
      // the demo's CWL application and model are the soak's applications and models: the first replica seeds them
      ASB_DEMO: 'true',
      ASB_SCHEDULER_TICK_MS: '2000',
      // takeover within the run: a dead worker's task is delivered again after about lock + 2 × check
      ASB_QUEUE_LOCK_MS: '5000',
      ASB_QUEUE_STALLED_CHECK_MS: '2500',
      ASB_WORKER_CPUS: '1',
      // the unit of scale here is the replica: 2 replicas of one HTTP process each on these 2 cores
      // (a replica of several, docs/operations.md "All cores", has its processes sampled as its children)
      ASB_HTTP_PROCESSES: '1',
    };
    database = await openDatabase({ databaseUrl: shared.databaseUrl, dataDir });
    const db = database.db;

    const ledger: Ledger = { submitted: [], schedules: [], workerSuccesses: new Map() };
    /** per worker, the attempts it started and has not ended (its log says so at once; the rows lag behind the reports) */
    const inHand = new Map<string, Set<string>>();
    const onLine = (member: string, line: Record<string, unknown>) => {
      const key = `${String(line.execution)}|${String(line.task)}|${String(line.try)}`;
      const attempts = inHand.get(member) ?? inHand.set(member, new Set()).get(member)!;
      if (line.msg === 'worker: task started') attempts.add(key);
      if (line.msg !== 'worker: task ended') return;
      attempts.delete(key);
      if (line.outcome === 'succeeded') ledger.workerSuccesses.set(key, (ledger.workerSuccesses.get(key) ?? 0) + 1);
    };
    let serial = 0;
    const start = async (kind: Kind) => {
      const member = await startMember({
        name: `${kind}-${++serial}`,
        kind,
        command: command(kind),
        env: { ...env, LOG_LEVEL: kind === 'worker' ? 'info' : 'warn' },
        logDir,
        onLine,
      });
      members.push(member);
      if (kind === 'portal') {
        await untilReady(member, async () => (await fetch(`http://127.0.0.1:${member.port}/usermgr/v1/instance`)).status < 500);
      } else {
        await untilReady(member, () => Promise.resolve(member.tail().includes('worker: taking tasks')));
        member.label = `worker:${os.hostname()}:${member.pid}`;
      }
      return member;
    };
    // the first replica seeds the demo (a first start: nothing in the database yet), then the others start at once
    await start('portal');
    const portals = new Portals(() => members.filter((member) => member.kind === 'portal'));
    await portals.signIn('admin', PASSWORD);
    const demo = await untilDemo(portals, dataDir);
    const flows = await seedWorkflows(db, dataDir, REST_S);
    await Promise.all([...Array.from({ length: REPLICAS - 1 }, () => start('portal')), ...Array.from({ length: WORKERS }, () => start('worker'))]);
    say(`${REPLICAS} portals and ${WORKERS} workers running (deploy/Procfile), the demo seeded`);

    // memory of every portal, worker and the Redis server, every SAMPLE_MS
    const sampleRss = async () => {
      const processes: [string, number][] = [];
      for (const member of members.filter((each) => each.isAlive())) {
        processes.push([`${member.name} (pid ${member.pid})`, member.pid]);
        for (const child of await nodeChildren(member.pid)) processes.push([`${member.name} child (pid ${child})`, child]);
      }
      if (shared.redis.process.pid) processes.push(['redis-server', shared.redis.process.pid]);
      for (const [name, pid] of processes) {
        const mb = await rssMb(pid);
        if (mb !== undefined) rss.set(name, [...(rss.get(name) ?? []), [elapsed(), mb]]);
      }
    };
    await sampleRss();
    timers.push(setInterval(() => void sampleRss(), SAMPLE_MS));

    // the lists' latency, probed 4 times a second, one p95 per SAMPLE_MS window
    const windows: { at: number; p95: number; requests: number; errors: number }[] = [];
    let window: number[] = [];
    let windowErrors = 0;
    let probing = true;
    const probe = async () => {
      const urls = Object.values(Portals.LISTS);
      for (let index = 0; probing; index++) {
        const due = Date.now() + 250;
        await portals.timeList(urls[index % urls.length]!).then(
          (time) => window.push(time),
          () => (windowErrors += 1),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      }
    };
    timers.push(
      setInterval(() => {
        windows.push({ at: elapsed(), p95: percentile(window, 95), requests: window.length, errors: windowErrors });
        window = [];
        windowErrors = 0;
      }, SAMPLE_MS),
    );
    const probing$ = probe();

    // single-execution schedules, due evenly over the window (the scheduler of any replica fires each once)
    const windowMs = MINUTES * 60_000;
    const submitStart = Date.now();
    for (let index = 0; index < SCHEDULED; index++) {
      const at = new Date(submitStart + ((index + 0.5) * windowMs) / SCHEDULED);
      ledger.schedules.push(await portals.schedule(flows.single, `soak ${index}`, at, `scheduled-${index}`));
    }

    // kills: a random worker every KILL_EVERY_S (started again RESTART_AFTER_S later), one replica once
    const kills: Kill[] = [];
    let stopping = false;
    const kill = async (member: Member) => {
      member.child.kill('SIGKILL');
      const at = new Date();
      const attempts = [...(inHand.get(member.name) ?? [])];
      await member.exited;
      kills.push({ at, member: member.name, kind: member.kind, label: member.label, held: member.kind === 'worker' ? attempts : await runningExecutions(db) });
      say(`killed ${member.name} (pid ${member.pid}) with SIGKILL`);
      setTimeout(() => {
        if (!stopping)
          void start(member.kind).then(
            (again) => say(`started ${again.name} in place of ${member.name}`),
            // the cluster goes on with one process fewer; the checks say what that cost
            (error: unknown) => say(`could not start a process in place of ${member.name}: ${String(error)}`),
          );
      }, RESTART_AFTER_S * 1000);
    };
    timers.push(
      setInterval(() => {
        // a random worker among those running a task (a kill of an idle one shows nothing)
        const live = members.filter((member) => member.kind === 'worker' && member.isAlive());
        const busy = live.filter((member) => (inHand.get(member.name)?.size ?? 0) > 0);
        const pool = busy.length ? busy : live;
        const victim = pool[Math.floor(Math.random() * pool.length)];
        if (victim && Date.now() - submitStart < windowMs) kill(victim).catch((error: unknown) => say(`the kill failed: ${String(error)}`));
      }, KILL_EVERY_S * 1000),
    );
    if (KILL_REPLICA_AT > 0 && REPLICAS > 1) {
      timers.push(
        setTimeout(() => {
          const live = members.filter((member) => member.kind === 'portal' && member.isAlive());
          if (live[0]) kill(live[0]).catch((error: unknown) => say(`the kill failed: ${String(error)}`));
        }, KILL_REPLICA_AT * windowMs),
      );
    }

    // the steady rate: one submission every windowMs / submitted, each on its own (a slow answer does not delay the next)
    const toSubmit = EXECUTIONS - SCHEDULED;
    const submissions: Promise<void>[] = [];
    let submitErrors = 0;
    /** creations whose replica was killed before it answered: a user would see an error and find the execution unsubmitted */
    let unanswered = 0;
    const errorSamples: string[] = [];
    const submittedOf = new Map<string, number>();
    say(`submitting ${toSubmit} executions over ${MINUTES} min and ${SCHEDULED} schedules`);
    for (let index = 0; index < toSubmit; index++) {
      const due = submitStart + (index * windowMs) / toSubmit;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const kind = kindOf(index);
      submissions.push(
        submit(portals, kind, index, flows, demo).then(
          (id) => {
            ledger.submitted.push(id);
            submittedOf.set(kind, (submittedOf.get(kind) ?? 0) + 1);
          },
          (error: unknown) => {
            if (error instanceof AnswerLostError) unanswered += 1;
            else submitErrors += 1;
            if (errorSamples.length < 5) errorSamples.push(String(error));
          },
        ),
      );
    }
    await Promise.all(submissions);
    const submittedMs = Date.now() - submitStart;
    say(
      `submitted ${ledger.submitted.length} (${[...submittedOf].map(([kind, count]) => `${count} ${kind}`).join(', ')}; (${submitErrors} refused, ${unanswered} unanswered by a killed replica)) in ${seconds(submittedMs)}; waiting for the cluster to finish`,
    );
    await untilSettled(db, ledger, 180_000, (open) => say(`${open} executions not final yet`));
    const settledMs = Date.now() - submitStart;
    stopping = true;
    probing = false;
    await probing$;
    for (const timer of timers) clearInterval(timer);
    await sampleRss();

    // a check that cannot run fails, and the figures are still printed
    const checks: Check[] = await runChecks(db, shared.s3, ledger).catch((error: unknown) => [{ name: 'the checks ran', ok: false, detail: String(error) }]);
    checks.push({
      name: 'no submission was refused',
      ok: submitErrors === 0,
      detail:
        (submitErrors === 0 ? `${ledger.submitted.length} accepted` : `${submitErrors} refused`) +
        (unanswered ? `, ${unanswered} unanswered by a killed replica` : '') +
        (errorSamples.length ? `: ${errorSamples.join(' | ')}` : ''),
    });
    const memory = [...rss].map(([name, series]) => ({ name, ...flatness(series) }));
    const grown = memory.filter((entry) => entry.isFlat === false);
    checks.push({
      name: 'memory stayed flat',
      ok: grown.length === 0,
      detail: `last third's median ≤ ${FLAT.GROWTH} × first third's + ${FLAT.SLACK_MB} MB after a ${FLAT.WARM_UP * 100} % warm-up; ${
        grown.length ? `grew: ${grown.map((entry) => entry.name).join(', ')}` : `${memory.filter((entry) => entry.isFlat).length} processes judged`
      }`,
    });

    // figures
    const lists = windows.filter((entry) => entry.requests > 0);
    const finished = await recoveries(db, kills, submitStart, windowMs);
    console.log(`\n## Soak ${isShort ? '(short)' : ''}: ${EXECUTIONS} executions over ${MINUTES} min, ${REPLICAS} portals, ${WORKERS} workers\n`);
    console.log(machineLine());
    console.log(`\nsubmitted: ${[...submittedOf].map(([kind, count]) => `${count} ${kind}`).join(', ')} and ${SCHEDULED} schedules`);
    console.log(`submitted in ${seconds(submittedMs)}, all final ${seconds(settledMs)} after the first submission`);
    console.log(
      `executions per minute: ${finished.perMinute.toFixed(1)} sustained (completions over the submission window), ${finished.overall.toFixed(1)} overall`,
    );
    console.log(`\nAPI p95 of the lists (executions, jobs; a 10 s window each): ${lists.map((entry) => ms(entry.p95)).join(', ')}`);
    console.log(
      `worst window ${ms(Math.max(...lists.map((entry) => entry.p95)))}, median window ${ms(
        percentile(
          lists.map((entry) => entry.p95),
          50,
        ),
      )}, errors ${lists.reduce((sum, entry) => sum + entry.errors, 0)} (target under 100 ms)`,
    );
    console.log('\n| kill | at | first task done by another worker / first execution done | its running tasks finished elsewhere |');
    console.log('|---|---|---|---|');
    for (const entry of finished.kills) console.log(`| ${entry.member} | ${entry.at.toFixed(0)} s | ${seconds(entry.firstMs)} | ${entry.takeover} |`);
    console.log('\n| process | samples | RSS first third | last third | max | flat |');
    console.log('|---|---|---|---|---|---|');
    for (const entry of memory) {
      console.log(
        `| ${entry.name} | ${entry.samples} | ${mb(entry.firstMb)} | ${mb(entry.lastMb)} | ${mb(entry.maxMb)} | ${entry.isFlat === undefined ? 'too few samples' : entry.isFlat ? 'yes' : 'NO'} |`,
      );
    }
    console.log('\n| check | result | detail |');
    console.log('|---|---|---|');
    for (const check of checks) console.log(`| ${check.name} | ${check.ok ? 'ok' : 'FAILED'} | ${check.detail} |`);
    isPassing = checks.every((check) => check.ok);
    console.log(`\nsoak ${isPassing ? 'passed' : 'FAILED'} in ${seconds(Date.now() - began)} wall time`);
    return isPassing ? 0 : 1;
  } finally {
    await cleanup();
  }
}

// Ctrl-C, or the suite stopped: no process, database or folder of the soak stays behind
let onInterrupt: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the soak`);
    void (onInterrupt?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(process.exitCode ?? code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
