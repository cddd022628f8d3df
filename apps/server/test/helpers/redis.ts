import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
/** a limit for a stuck start on a busy machine, not a timing */
const START_LIMIT_MS = 30_000;

export interface TestRedis {
  /** redis://127.0.0.1:{port} */
  url: string;
  /** the redis-server process (tests kill it to see a lost connection) */
  process: ChildProcess;
  /** stops the server (SIGTERM, SIGKILL after 5 s) and removes its folder; safe to call twice */
  stop(): Promise<void>;
}

/**
 * A throw-away redis-server for one test file: loopback only, nothing persisted
 * (`--save ''`, `--appendonly no`), its working folder under the system temp dir.
 */
export async function startRedis(): Promise<TestRedis> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce();
    } catch (error) {
      // another process may have taken the free port in between: try another one
      if (attempt >= 3) throw error;
    }
  }
}

async function startOnce(): Promise<TestRedis> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-redis-'));
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'notice'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // a test run that dies without afterAll must not leave the server behind
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  // redis-server says when it listens (a notice); one that could not bind the port (another
  // process took it first) exits instead. The limit only ends a stuck start.
  const started = await new Promise<'ready' | 'exited' | 'stuck'>((resolve) => {
    const limit = setTimeout(() => resolve('stuck'), START_LIMIT_MS);
    const settle = (state: 'ready' | 'exited') => {
      clearTimeout(limit);
      resolve(state);
    };
    const onOutput = () => /ready to accept connections/i.test(output) && settle('ready');
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    void exited.then(() => settle('exited'));
  });
  if (started !== 'ready') {
    await stop();
    throw new Error(started === 'exited' ? `redis-server exited with ${child.exitCode}: ${output}` : `redis-server did not start: ${output}`);
  }
  return { url: `redis://127.0.0.1:${port}`, process: child, stop };
}
