/**
 * Sign-in and account benchmark (issue 13; README.md beside this file).
 *   1. Hashing alone, in this process: argon2id hash and verify at the parameters the server
 *      uses and at the OWASP rows, each several times; the event loop's delay meanwhile.
 *   2. The real app in a child process (its own event loop, as in production; PGlite in a
 *      temporary data directory), driven over loopback HTTP: POST sign-in, the calls that
 *      hash (change password, new datastore credentials, a user created by an admin), and a
 *      call that does not (GET the own user) to compare; the server's event-loop delay during
 *      each scenario, measured in the server.
 * Usage: npx tsx bench/auth/run.ts [--runs 15] [--params current,owasp]
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { hashPassword, HASH_PARAMETERS, verifyPassword, type HashParameters } from '../../apps/server/src/platform/auth/passwords.js';

const args = new Map(process.argv.slice(2).flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1] ?? '']] : [])));
const RUNS = Number(args.get('runs') ?? 15);
const PASSWORD = 'bench-password-1';
const OTHER_PASSWORD = 'bench-password-2';

interface Summary {
  median: number;
  min: number;
  max: number;
}

const summary = (values: number[]): Summary => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const fmt = (s: Summary) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A histogram of the event loop's delay at 1 ms resolution; its max is the longest stall in ms. */
function loopMonitor(): IntervalHistogram {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  return histogram;
}
const stallMs = (histogram: IntervalHistogram) => histogram.max / 1e6;

// ---------------------------------------------------------------------------------------------
// 1. Hashing alone
// ---------------------------------------------------------------------------------------------

const PARAMETER_SETS: { name: string; options: HashParameters }[] = [
  { name: "argon2's defaults (m=64 MiB, t=3, p=4)", options: { memoryCost: 65536, timeCost: 3, parallelism: 4 } },
  { name: 'OWASP m=19 MiB, t=2, p=1', options: { memoryCost: 19456, timeCost: 2, parallelism: 1 } },
  { name: 'OWASP m=12 MiB, t=3, p=1', options: { memoryCost: 12288, timeCost: 3, parallelism: 1 } },
  { name: 'OWASP m=9 MiB, t=4, p=1', options: { memoryCost: 9216, timeCost: 4, parallelism: 1 } },
  { name: 'OWASP m=7 MiB, t=5, p=1', options: { memoryCost: 7168, timeCost: 5, parallelism: 1 } },
];

async function hashing(serverOptions: string): Promise<void> {
  console.log(`\n## Hashing alone (${RUNS} runs each; ms, median (min–max))\n`);
  console.log(`the server hashes with: ${serverOptions}\n`);
  console.log('| parameters | hash | verify | event-loop stall, max | 4 hashes at once, wall |');
  console.log('|---|---|---|---|---|');
  for (const set of PARAMETER_SETS) {
    await hashPassword(PASSWORD, set.options); // warm-up
    const hashes: number[] = [];
    const verifies: number[] = [];
    let hash = '';
    const monitor = loopMonitor();
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      hash = await hashPassword(PASSWORD, set.options);
      hashes.push(performance.now() - started);
      started = performance.now();
      if (!(await verifyPassword(hash, PASSWORD))) throw new Error('verify failed');
      verifies.push(performance.now() - started);
    }
    monitor.disable();
    // four sign-ins arriving together on this machine's cores (libuv's pool has four threads)
    const together: number[] = [];
    for (let run = 0; run < Math.max(3, Math.floor(RUNS / 3)); run++) {
      const started = performance.now();
      await Promise.all(Array.from({ length: 4 }, () => verifyPassword(hash, PASSWORD)));
      together.push(performance.now() - started);
    }
    console.log(`| ${set.name} | ${fmt(summary(hashes))} | ${fmt(summary(verifies))} | ${ms(stallMs(monitor))} | ${fmt(summary(together))} |`);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The server (a child process)
// ---------------------------------------------------------------------------------------------

type Message = { kind: 'ready'; port: number; options: string } | { kind: 'stall'; ms: number };

async function serve(): Promise<void> {
  const { buildApp } = await import('../../apps/server/src/app.js');
  const { loadConfig } = await import('../../apps/server/src/config.js');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-bench-auth-'));
  const config = loadConfig(
    { ASB_ADMIN_USERNAME: 'admin', ASB_ADMIN_PASSWORD: PASSWORD, ASB_WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ASB_DEMO: 'false', ASB_ENGINE: 'false' },
    { dataDir },
  );
  const app = await buildApp(config, {});
  await app.users.ensureAdmin();
  // accounts whose hashes are older (argon2's defaults): each signs in once, and is rehashed on the way
  const oldHash = await hashPassword(PASSWORD, PARAMETER_SETS[0]!.options);
  for (let index = 0; index <= RUNS; index++) await app.ctx.users.insert({ username: `bench-old-${index}`, passwordHash: oldHash });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  let monitor = loopMonitor();
  process.on('message', (message) => {
    if (message === 'reset') {
      monitor.disable();
      monitor = loopMonitor();
    } else if (message === 'stall') {
      process.send!({ kind: 'stall', ms: stallMs(monitor) } satisfies Message);
    } else if (message === 'stop') {
      void app
        .close()
        .then(() => fs.rm(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({
    kind: 'ready',
    port: (app.server.server.address() as { port: number }).port,
    options: JSON.stringify(HASH_PARAMETERS),
  });
}

async function server(): Promise<{ port: number; options: string; ask: (message: 'reset' | 'stall' | 'stop') => Promise<number> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', 'yes'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const ready = await new Promise<Extract<Message, { kind: 'ready' }>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Extract<Message, { kind: 'ready' }>));
    child.once('exit', (code) => reject(new Error(`the server exited ${code} before it was ready`)));
  });
  const ask = async (message: 'reset' | 'stall' | 'stop') => {
    if (message === 'stall') {
      const answer = new Promise<number>((resolve) => child.once('message', (m) => resolve((m as Extract<Message, { kind: 'stall' }>).ms)));
      child.send(message);
      return answer;
    }
    child.send(message);
    if (message === 'stop') await new Promise((resolve) => child.once('exit', resolve));
    return 0;
  };
  return { port: ready.port, options: ready.options, ask };
}

async function call(base: string, method: string, route: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function timed(
  step: () => Promise<{ status: number; json: Record<string, unknown> }>,
  expected: number,
): Promise<{ ms: number; json: Record<string, unknown> }> {
  const started = performance.now();
  const answer = await step();
  const elapsed = performance.now() - started;
  if (answer.status !== expected) throw new Error(`expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.json)}`);
  return { ms: elapsed, json: answer.json };
}

async function endpoints(): Promise<string> {
  const { port, options, ask } = await server();
  const base = `http://127.0.0.1:${port}`;
  const signIn = (username: string, password: string) => call(base, 'POST', '/usermgr/v1/token/', { username, password });
  const admin = (await timed(() => signIn('admin', PASSWORD), 200)).json.token as string;
  await timed(() => call(base, 'POST', '/usermgr/v1/users/', { username: 'bench-user', password: PASSWORD }, admin), 201);
  let token = (await timed(() => signIn('bench-user', PASSWORD), 200)).json.token as string;
  let password = PASSWORD;
  let created = 0;
  let unknown = 0;
  let old = 0;

  const scenarios: { name: string; step: () => Promise<number> }[] = [
    {
      name: 'GET /usermgr/v1/users/self/ (no hashing)',
      step: async () => (await timed(() => call(base, 'GET', '/usermgr/v1/users/self/', undefined, token), 200)).ms,
    },
    { name: 'POST /usermgr/v1/token/ (sign-in)', step: async () => (await timed(() => signIn('bench-user', password), 200)).ms },
    {
      name: 'POST /usermgr/v1/token/, a hash of argon2 defaults (rehashed)',
      step: async () => (await timed(() => signIn(`bench-old-${old++}`, PASSWORD), 200)).ms,
    },
    { name: 'POST /usermgr/v1/token/, wrong password', step: async () => (await timed(() => signIn('bench-user', 'wrong'), 400)).ms },
    { name: 'POST /usermgr/v1/token/, unknown user', step: async () => (await timed(() => signIn(`nobody-${unknown++}`, password), 400)).ms },
    {
      name: 'PATCH /usermgr/v1/change_password/',
      step: async () => {
        const next = password === PASSWORD ? OTHER_PASSWORD : PASSWORD;
        const body = { current_password: password, new_password: next, confirm_new_password: next };
        const answer = await timed(() => call(base, 'PATCH', '/usermgr/v1/change_password/', body, token), 200);
        password = next;
        token = answer.json.token as string;
        return answer.ms;
      },
    },
    {
      name: 'POST /usermgr/v1/datastore_credentials/',
      step: async () => (await timed(() => call(base, 'POST', '/usermgr/v1/datastore_credentials/', { password }, token), 200)).ms,
    },
    {
      name: 'POST /usermgr/v1/users/ (by an admin)',
      step: async () =>
        (await timed(() => call(base, 'POST', '/usermgr/v1/users/', { username: `bench-new-${created++}`, password: PASSWORD }, admin), 201)).ms,
    },
  ];
  console.log(`\n## The server (${RUNS} calls each, one at a time; ms from the client, median (min–max))\n`);
  console.log(`the server hashes with: ${options}\n`);
  console.log('| call | time | server event-loop stall, max |');
  console.log('|---|---|---|');
  for (const scenario of scenarios) {
    await scenario.step(); // warm-up
    // wrong passwords: four a round, then a sign-in that clears the throttle (the fifth failure would lock)
    const isWrong = scenario.name.includes('wrong');
    await ask('reset');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (isWrong && run % 3 === 2) await signIn('bench-user', password);
      times.push(await scenario.step());
    }
    console.log(`| ${scenario.name} | ${fmt(summary(times))} | ${ms(await ask('stall'))} |`);
    if (isWrong) await signIn('bench-user', password);
  }
  await ask('stop');
  return options;
}

async function main() {
  console.log(`machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}, Node ${process.version}, load average ${load()}`);
  const options = await endpoints();
  await hashing(options);
  console.log(`\nload average at the end: ${load()}`);
}

if (args.has('serve')) await serve();
else await main();
