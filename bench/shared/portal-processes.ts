/**
 * The portal as an operator starts it (`node apps/server/src/main.ts` through tsx), with
 * ASB_HTTP_PROCESSES HTTP processes on one port, the engine off, on a database the bench seeded
 * (docs/operations.md "All cores"). Ready once every process answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Portal {
  port: number;
  stop(): Promise<void>;
}

/** One request on a connection of its own (the primary hands each new connection to the next process). */
function get(port: number, url: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: body ? 'POST' : 'GET',
        agent: false,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPortal(options: { databaseUrl: string; dataDir: string; processes: number; password: string }): Promise<Portal> {
  await fs.mkdir(options.dataDir, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(ASB_|DATABASE_URL$|REDIS_URL$)/.test(name)) env[name] = value;
  Object.assign(env, {
    DATABASE_URL: options.databaseUrl,
    ASB_HTTP_PROCESSES: String(options.processes),
    PORT: String(port),
    HOST: '127.0.0.1',
    ASB_DATA_DIR: options.dataDir,
    ASB_ADMIN_USERNAME: 'admin',
    ASB_ADMIN_PASSWORD: options.password,
    ASB_ENGINE: 'false',
    ASB_DEMO: 'false',
    ASB_WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  let token = '';
  const pids = new Set<number>();
  while (pids.size < options.processes) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`the portal's ${options.processes} processes did not all answer within 120 s`);
    try {
      if (!token) {
        const signIn = await get(port, '/usermgr/v1/token/', {}, JSON.stringify({ username: 'admin', password: options.password }));
        if (signIn.status === 200) token = (JSON.parse(signIn.text) as { token: string }).token;
      } else {
        const health = await get(port, '/api/health', { authorization: `Bearer ${token}` });
        const pid = (JSON.parse(health.text) as { process?: { pid: number } }).process?.pid;
        if (pid) pids.add(pid);
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
