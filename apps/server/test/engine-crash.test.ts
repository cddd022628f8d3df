import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecutionAttributes, ExecutionResults } from '@asb/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/platform/db/client.js';
import { executions, executionTasks } from '../src/db-schema.js';
import { freePort } from './helpers/free-port.js';
import { isAlive } from './helpers/host-processes.js';
import { unmountUnder } from './helpers/host-processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { username: 'admin', password: 'crash-test-password' };
/** a server start is node with tsx transpiling the server: 10–40 s on a busy 2-core machine; a limit for a stuck one */
const START_TIMEOUT_MS = 90_000;
/** how long the first task sleeps: the orphan would complete this long after its start */
const SLEEP_S = 10;

/**
 * Counts its starts and its completions in its output folder (which the attempts of a task
 * share); sleeps `seconds` in between. `after` only chains the nodes.
 */
const TICK = `
import os
import time

INPUTS = [
    {"name": "seconds", "data_type": "float", "default": 0},
    {"name": "after", "data_type": "integer", "default": 0},
]
OUTPUTS = [{"name": "done", "data_type": "integer"}]


def execute(out_dir, **inputs):
    folder = out_dir
    with open(os.path.join(folder, "starts.txt"), "a") as f:
        f.write("start\\n")
    time.sleep(float(inputs["seconds"]))
    with open(os.path.join(folder, "completions.txt"), "a") as f:
        f.write("done\\n")
    with open(os.path.join(folder, "completions.txt")) as f:
        return {"done": len(f.read().splitlines())}
`;

async function lines(file: string): Promise<string[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

/**
 * pids of the sandboxes running asb_runner.py on this data directory (from /proc): the
 * bubblewrap processes the server started, not their own children of the same command line.
 * Their command line names no host folder (bubblewrap reads its setup from a pipe): the
 * server starts each in its attempt's folder, which the host's /proc shows as its cwd.
 */
async function runnerPids(dataDir: string): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (!args.some((arg) => arg.endsWith('asb_runner.py'))) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (!cwd.startsWith(`${dataDir}/`)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return [...parents].filter(([, parent]) => !parents.has(parent)).map(([pid]) => pid);
}

/** The server as an operator runs it: `node --import tsx apps/server/src/main.ts`, PGlite in the data directory. */
class ServerProcess {
  child?: ChildProcess;
  output = '';
  base = '';
  private token = '';

  constructor(private readonly dataDir: string) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      // PGlite in the data directory, whatever database the test run itself uses
      if (!/^(ASB_|DATABASE_URL$|TEST_DATABASE_URL$)/.test(name)) env[name] = value;
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      ASB_DATA_DIR: this.dataDir,
      ASB_ADMIN_USERNAME: ADMIN.username,
      ASB_ADMIN_PASSWORD: ADMIN.password,
      ASB_DEMO: 'false',
      ASB_WEB_DIST: '/nonexistent',
      ASB_LOCAL_CPUS: '2',
      ASB_ENGINE_SWEEP_MS: '200',
      LOG_LEVEL: 'warn',
    });
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    // until it signs the administrator in (a server that exited says so with its output, at the limit)
    this.token = await vi.waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
        const response = await fetch(`${this.base}/usermgr/v1/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        }).catch(() => undefined);
        if (response?.status !== 200) throw new Error(`the server does not sign in yet (${response?.status ?? 'no answer'}):\n${this.output}`);
        return ((await response.json()) as { token: string }).token;
      },
      { timeout: START_TIMEOUT_MS, interval: 200 },
    );
  }

  get pid(): number {
    return this.child!.pid!;
  }

  /** SIGKILL, as a crash or the OOM killer would end it: nothing of its shutdown runs. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(child.pid!, 'SIGKILL');
    await exited;
  }

  async send<T = unknown>(method: string, url: string, body?: object | FormData): Promise<{ status: number; json: T; text: string }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${url}`, { method, headers, body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined });
    const text = await response.text();
    let json: T = undefined as T;
    try {
      json = JSON.parse(text) as T;
    } catch {
      // not JSON
    }
    return { status: response.status, json, text };
  }

  async expect<T = unknown>(status: number, method: string, url: string, body?: object | FormData): Promise<T> {
    const response = await this.send<T>(method, url, body);
    if (response.status !== status) throw new Error(`${method} ${url}: ${response.status} ${response.text}`);
    return response.json;
  }

  async execution(id: string): Promise<ExecutionAttributes & { executionResults: ExecutionResults }> {
    const { data } = await this.expect<{ data: { attributes: ExecutionAttributes & { executionResults: ExecutionResults } } }>(
      200,
      'GET',
      `/builder/v1/executions/${id}`,
    );
    return data.attributes;
  }

  /** What `probe` answers once it is not undefined; `timeoutMs` only ends a stuck test. */
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    return vi.waitFor(
      async () => {
        const value = await probe();
        if (value === undefined) throw new Error(`still waiting for ${what}\n${this.output}`);
        return value;
      },
      { timeout: timeoutMs, interval: 100 },
    );
  }
}

/**
 * Crash recovery (docs/engine.md "Durable by design") with a real server process ended by
 * SIGKILL: nothing of its shutdown runs. Its sandboxed runners die with it (bubblewrap's
 * --die-with-parent), so the task cannot complete twice. The next start on the same data
 * directory must run the task again without counting the interruption as a failure,
 * finish the execution, and pick up an execution that was submitted but not started.
 */
describe('engine: recovery after the server was killed', () => {
  let dataDir = '';
  let server: ServerProcess;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-crash-'));
    // as an operator might have made it: the server closes it
    await fs.chmod(dataDir, 0o755);
    server = new ServerProcess(dataDir);
    servers.push(server);
    await server.start();
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const each of servers) await each.crash().catch(() => undefined);
    // nothing this test started keeps running
    for (const pid of dataDir ? await runnerPids(dataDir) : []) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (dataDir) await unmountUnder(dataDir);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the data directory to the server: 0700, the database files 0600', async () => {
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if ((await fs.stat(file)).mode & 0o077) open.push(file);
        if (entry.isDirectory()) await walk(file);
      }
    };
    await walk(path.join(dataDir, 'pglite'));
    expect(open).toEqual([]);
  });

  // a restart (START_TIMEOUT_MS) and tasks of SLEEP_S seconds: a limit for a stuck one on a busy machine
  it('runs the interrupted task once more (its attempt died with the server), and starts what was pending', { timeout: 180_000 }, async () => {
    // a released process, through procimp as a developer releases one
    const processDoc = await server.expect<{ data: { id: string; attributes: { identifier: string } } }>(201, 'POST', '/knowledge/v1/processes', {
      data: { type: 'processes', attributes: { label: 'Crash tick' } },
    });
    const bucket = await server.expect<{ data: { id: string } }>(201, 'POST', '/knowledge/v1/process-buckets', {
      data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processDoc.data.id } } } },
    });
    const bucketId = bucket.data.id;
    const form = new FormData();
    form.append('files', new Blob([TICK], { type: 'text/x-python' }), 'process_wrapper.py');
    const upload = await server.send('POST', `/procimp/process/buckets/${bucketId}/files`, form);
    expect(upload.status, upload.text).toBeLessThan(300);
    await server.expect(202, 'GET', `/procimp/process/buckets/${bucketId}/import`);
    const released = await server.waitFor('the release', async () => {
      const { data } = await server.expect<{ data: { attributes: { buildStatus: string; value: string; buildLog?: string } } }>(
        200,
        'GET',
        `/knowledge/v1/process-buckets/${bucketId}`,
      );
      if (data.attributes.buildStatus === 'failed') throw new Error(`build failed: ${JSON.stringify(data.attributes)}`);
      return data.attributes.buildStatus === 'released' ? data.attributes : undefined;
    });
    const version = `${processDoc.data.attributes.identifier}:${released.value}`;

    // a → b; a sleeps 10 s: long enough to be killed in the middle, longer than a restart
    const node = (id: string) => ({ id, kind: 'process', processVersion: version, position: { x: 0, y: 0 }, inputs: {} });
    const graph = { nodes: [node('a'), node('b')], edges: [{ source: 'a', sourceOutput: 'done', target: 'b', targetInput: 'after' }] };
    const workflow = await server.expect<{ data: { id: string } }>(201, 'POST', '/knowledge/v1/workflows', {
      data: { type: 'workflows', attributes: { label: 'Crash flow', graph } },
    });
    const create = async (seconds: number) => {
      const created = await server.expect<{ data: { id: string; attributes: { identifier: string } } }>(201, 'POST', '/builder/v1/executions', {
        processor_id: workflow.data.id,
        inputs: [{ node_id: 'a', items: [{ identifier: 'seconds', value: String(seconds) }] }],
      });
      return created.data;
    };
    // the tasks' output folders hold their marks (datastore-paths.ts: odd characters become '_')
    const outDir = (identifier: string, task: string) =>
      path.join(dataDir, 'datastore', 'admin', 'executions', identifier.replace(/[^A-Za-z0-9._\-[\]]/g, '_'), task);
    const first = await create(SLEEP_S);
    // submitted later: its row says pending when the server dies (see below)
    const later = await create(0);
    const id = first.id;
    const pendingId = later.id;
    const folders = {
      a: outDir(first.attributes.identifier, 'a'),
      b: outDir(first.attributes.identifier, 'b'),
      pendingA: outDir(later.attributes.identifier, 'a'),
    };
    await server.expect(200, 'PATCH', `/builder/v1/executions/${id}/execute`);

    // task a runs, and its wrapper has begun (it counted its start)
    await server.waitFor('task a running', async () => {
      const execution = await server.execution(id);
      return execution.executionResults?.tasks?.find((task) => task.task_id === 'a')?.state === 'running' ? true : undefined;
    });
    await server.waitFor('the first start of a', async () => ((await lines(path.join(folders.a, 'starts.txt'))).length === 1 ? true : undefined), 10_000);
    const [runner, ...others] = await runnerPids(dataDir);
    expect(others).toEqual([]);
    expect(runner).toBeGreaterThan(0);

    await server.crash();
    // the sandbox dies with its server (--die-with-parent): no orphan goes on to finish the attempt
    await server.waitFor('the runner to die with its server', async () => (isAlive(runner!) ? undefined : true), 10_000);
    expect(await runnerPids(dataDir)).toEqual([]);

    // What the database holds at the crash. The second execution is written as PATCH
    // .../execute leaves it when the server dies before its orchestrator took it up
    // (pending, submitted): too short a window to hit with a real request.
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select()
        .from(executions)
        .where(eq(executions.id, Number(id)));
      expect(row!.status).toBe('running');
      const [task] = await database.db
        .select()
        .from(executionTasks)
        .where(and(eq(executionTasks.executionId, Number(id)), eq(executionTasks.taskId, 'a')));
      expect([task!.state, task!.tryNumber, task!.pid]).toEqual(['running', 1, runner]);
      await database.db
        .update(executions)
        .set({ status: 'pending', submittedAt: new Date() })
        .where(eq(executions.id, Number(pendingId)));
    } finally {
      await database.close();
    }

    const restarted = new ServerProcess(dataDir);
    servers.push(restarted);
    await restarted.start();
    // the first attempt never completed: it was killed with the server, long before its end
    expect(await lines(path.join(folders.a, 'completions.txt'))).toEqual([]);

    const ended = await restarted.waitFor('the execution to end', async () => {
      const execution = await restarted.execution(id);
      return ['success', 'failed', 'stopped'].includes(execution.status) ? execution : undefined;
    });
    expect(ended.status, JSON.stringify(ended.executionResults)).toBe('success');
    expect(ended.progress).toBe(1);
    expect(ended.executionResults.tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([
      ['a', 'success', 2],
      ['b', 'success', 1],
    ]);
    // no retries configured: the interruption did not use up the task's one attempt
    const { data: tasks } = await restarted.expect<{ data: { attributes: { taskId: string; tryNumber: number; maxTries: number; error: string | null } }[] }>(
      200,
      'GET',
      `/taskmgr/v1/tasks?filter[executionId]=${id}`,
    );
    expect(tasks.find((task) => task.attributes.taskId === 'a')!.attributes).toMatchObject({ tryNumber: 2, maxTries: 2, error: null });
    // started twice, completed once: the attempt of the killed server never finished
    expect(await lines(path.join(folders.a, 'starts.txt'))).toHaveLength(2);
    expect(await lines(path.join(folders.a, 'completions.txt'))).toEqual(['done']);
    expect(await lines(path.join(folders.b, 'completions.txt'))).toEqual(['done']);
    expect(ended.executionResults.data.filter((record) => record.key === 'done').map((record) => [record.task_id, record.value])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    const log = await restarted.send('GET', `/builder/v1/executions/${id}/tasks/a/log?try=2`);
    expect(log.text).toContain('attempt 2 ended: succeeded');

    // the execution that was pending at the crash ran after the restart
    const pending = await restarted.waitFor('the pending execution to end', async () => {
      const execution = await restarted.execution(pendingId);
      return ['success', 'failed', 'stopped'].includes(execution.status) ? execution : undefined;
    });
    expect(pending.status, JSON.stringify(pending.executionResults)).toBe('success');
    expect(pending.executionResults.tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([
      ['a', 'success', 1],
      ['b', 'success', 1],
    ]);
    expect(await lines(path.join(folders.pendingA, 'completions.txt'))).toEqual(['done']);

    // nothing is left running, no runner either
    const { data: all } = await restarted.expect<{ data: { attributes: { status: string } }[] }>(200, 'GET', '/builder/v1/executions?page[size]=100');
    expect(all.map((execution) => execution.attributes.status).sort()).toEqual(['success', 'success']);
    expect(await runnerPids(dataDir)).toEqual([]);
  });
});
