import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli.js';
import { openDatabase } from '../src/platform/db/client.js';
import { testdata } from './helpers/testdata.js';
import { freePort } from './helpers/free-port.js';

/**
 * PGlite is one process's database (docs/security.md "The data directory"): while the portal
 * runs on a data directory, `asb catalogue ingest` and the other commands refuse and change
 * nothing, the portal keeps all its data, and a portal does not start on a database another
 * process holds. A real server process on a real data directory.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { username: 'admin', password: 'lock-test-password' };
const COLLECTION = testdata('stac', 'collection-only', 'collection.json');

/** the portal as an operator starts it, PGlite in `dataDir` */
class Portal {
  child!: ChildProcess;
  output = '';
  base = '';
  exit!: Promise<number | null>;

  constructor(private readonly dataDir: string) {}

  async spawn(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!/^(ASB_|DATABASE_URL$|TEST_DATABASE_URL$)/.test(name)) env[name] = value;
    }
    Object.assign(env, portalEnv(this.dataDir), { PORT: String(port), HOST: '127.0.0.1', ASB_ENGINE: 'false' });
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exit = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
  }

  /** waits until it signs the administrator in (one that exited says so with its output, at the limit) */
  async ready(): Promise<void> {
    let exitCode: number | null | undefined;
    void this.exit.then((code) => (exitCode = code));
    await vi.waitFor(
      async () => {
        if (exitCode !== undefined) throw new Error(`the portal exited (${exitCode}):\n${this.output}`);
        expect(await this.signIn(ADMIN.password).catch(() => 0)).toBe(200);
      },
      { timeout: 90_000, interval: 200 },
    );
  }

  async signIn(password: string): Promise<number> {
    const response = await fetch(`${this.base}/usermgr/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password }),
    });
    return response.status;
  }

  async collectionIds(): Promise<string[]> {
    const response = await fetch(`${this.base}/resource-catalogue/stac/collections`);
    return ((await response.json()) as { collections: { id: string }[] }).collections.map((collection) => collection.id);
  }

  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exit;
  }
}

function portalEnv(dataDir: string): Record<string, string> {
  return {
    ASB_DATA_DIR: dataDir,
    ASB_ADMIN_USERNAME: ADMIN.username,
    ASB_ADMIN_PASSWORD: ADMIN.password,
    ASB_DEMO: 'false',
    ASB_WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  };
}

/** `asb ...` in this process, as the operator would type it: its exit code and what it wrote */
async function asb(dataDir: string, ...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(capture);
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  for (const [name, value] of Object.entries(portalEnv(dataDir))) vi.stubEnv(name, value);
  vi.stubEnv('DATABASE_URL', '');
  try {
    return { code: await runCli(argv), output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    vi.unstubAllEnvs();
  }
}

// each test starts the portal as a process, the second one twice (node with tsx transpiling the server:
// 10–40 s on a busy 2-core machine): limits for a stuck start, not timings
describe('the embedded database has one owner', { timeout: 180_000 }, () => {
  let dataDir = '';
  const portals: Portal[] = [];
  const portal = async () => {
    const started = new Portal(dataDir);
    portals.push(started);
    await started.spawn();
    return started;
  };

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-lock-'));
  });
  afterAll(async () => {
    for (const started of portals) await started.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a portal does not start on a database another process holds', async () => {
    const held = await openDatabase({ dataDir, holder: 'asb catalogue ingest' });
    try {
      const refused = await portal();
      expect(await refused.exit).toBe(1);
      expect(refused.output).toContain(`asb catalogue ingest (pid ${process.pid}) holds the database in ${dataDir}: stop it first`);
    } finally {
      await held.close();
    }
  });

  it('commands refuse while the portal runs and change nothing; after it stops they work and the portal sees their work', async () => {
    const running = await portal();
    await running.ready();
    const before = await running.collectionIds();
    expect(before).not.toContain('sentinel-2');

    const ingest = await asb(dataDir, 'catalogue', 'ingest', COLLECTION, '--public');
    expect(ingest).toEqual({
      code: 1,
      output:
        `The portal (pid ${running.child.pid}) holds the database in ${dataDir}: stop it first, ` +
        'or ingest a catalogue by its URL through the running portal (POST /resource-catalogue/ingest, staff). Nothing was changed.',
    });
    const reset = await asb(dataDir, 'reset-password', ADMIN.username, '--password', 'another-password');
    expect(reset).toEqual({ code: 1, output: `The portal (pid ${running.child.pid}) holds the database in ${dataDir}: stop it first. Nothing was changed.` });

    // the portal goes on with all its data, the refused commands changed nothing
    expect(await running.signIn(ADMIN.password)).toBe(200);
    expect(await running.collectionIds()).toEqual(before);
    expect(await running.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const ingested = await asb(dataDir, 'catalogue', 'ingest', COLLECTION, '--public');
    expect(ingested.code).toBe(0);

    // the next start opens the same folder and sees both the portal's data and the command's
    const restarted = await portal();
    await restarted.ready();
    expect((await restarted.collectionIds()).sort()).toEqual([...before, 'sentinel-2'].sort());
  });
});
