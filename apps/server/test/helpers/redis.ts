import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

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
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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

  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`redis-server exited with ${child.exitCode}: ${output}`);
    }
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      // ours, not another test file's server that took the port first (ours then exits)
      if (/process_id:(\d+)/.exec(await probe.info('server'))?.[1] === String(child.pid)) break;
    } catch {
      // not listening yet
    } finally {
      probe.disconnect();
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, process: child, stop };
}
