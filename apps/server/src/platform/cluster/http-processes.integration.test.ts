import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../test/helpers/free-port.js';
import { hostPidsOf, untilNoHostPids, unmountUnder } from '../../../test/helpers/host-processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ADMIN = { username: 'admin', password: 'cluster-test-password' };
const METRICS_TOKEN = 'cluster-test-metrics-token';
/** a limit for a stuck start on a busy machine, not a timing */
const PATIENCE_MS = 60_000;

/** Counts its starts in its output folder (an execution that ran twice would show two); then sleeps `sleep` seconds, if not "0", as `sleep {sleep}` (the test finds it by that argument). */
const COUNT_STARTS = `
import os
import subprocess

INPUTS = [{"name": "sleep", "data_type": "string", "default": "0"}]
OUTPUTS = [{"name": "starts", "data_type": "integer"}]


def execute(out_dir, **inputs):
    with open(os.path.join(out_dir, "starts.txt"), "a") as f:
        f.write("start\\n")
    if inputs["sleep"] != "0":
        subprocess.run(["sleep", inputs["sleep"]], check=True)
    with open(os.path.join(out_dir, "starts.txt")) as f:
        return {"starts": len(f.read().splitlines())}
`;

// unlike helpers/host-processes' isAlive, a zombie counts: until the primary reaps a killed process it has not replaced it
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Answer {
  status: number;
  text: string;
  json<T>(): T;
}

/** One request on a connection of its own: the primary hands each new connection to a process in turn (a kept-alive one would stay with one process). */
function request(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, text, json: <T>() => JSON.parse(text) as T });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** What `probe` answers once it is not undefined (a probe that throws is asked again); PATIENCE_MS only ends a stuck test. */
function until<T>(what: string, probe: () => Promise<T | undefined>, output: () => string = () => ''): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe().catch(() => undefined);
      if (value === undefined) throw new Error(`still waiting for ${what}\n${output()}`);
      return value;
    },
    { timeout: PATIENCE_MS, interval: 100 },
  );
}

/**
 * ASB_HTTP_PROCESSES=2 on PostgreSQL (docs/operations.md "All cores"), the server as an operator
 * starts it: two processes answer on one port, the designated one alone runs the engine (an
 * execution runs once), a killed process is replaced (the designated one by a designated one)
 * while the port goes on answering, the metrics are summed over both, and SIGTERM stops them all.
 */
describe('HTTP processes: several on one port', () => {
  let pgDir = '';
  let pgPort = 0;
  let dataDir = '';
  let port = 0;
  let primary: ChildProcess | undefined;
  let output = '';
  let auth: Record<string, string> = {};
  const seen = new Map<number, boolean>();
  let workflowId = '';

  const postgres = (command: 'start' | 'stop') =>
    promisify(execFile)('scripts/postgres.sh', [command], { cwd: ROOT, env: { ...process.env, ASB_TEST_PGPORT: String(pgPort), ASB_TEST_PGDIR: pgDir } });

  /** which process answered /api/health (staff see it) */
  const health = async () => {
    const answer = await request(port, 'GET', '/api/health', auth);
    if (answer.status !== 200) throw new Error(`health: ${answer.status}`);
    const { process: which } = answer.json<{ process?: { pid: number; designated: boolean } }>();
    if (!which) throw new Error('no process in the staff answer');
    seen.set(which.pid, which.designated);
    return which;
  };
  /** health until a process answers that `accept` takes */
  const answeredBy = (what: string, accept: (which: { pid: number; designated: boolean }) => boolean) =>
    until(
      what,
      async () => {
        const which = await health();
        return accept(which) ? which : undefined;
      },
      () => output,
    );
  const api = async <T>(status: number, method: string, url: string, body?: object): Promise<T> => {
    const answer = await request(port, method, url, auth, body ? JSON.stringify(body) : undefined);
    if (answer.status !== status) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
    return answer.text ? answer.json<T>() : (undefined as T);
  };

  beforeAll(async () => {
    pgDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-cluster-pg-'));
    pgPort = await freePort();
    const { stdout } = await postgres('start');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-cluster-'));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) if (!/^(ASB_|DATABASE_URL$|TEST_DATABASE_URL$|REDIS_URL$)/.test(name)) env[name] = value;
    Object.assign(env, {
      DATABASE_URL: stdout.trim(),
      ASB_HTTP_PROCESSES: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      ASB_DATA_DIR: dataDir,
      ASB_ADMIN_USERNAME: ADMIN.username,
      ASB_ADMIN_PASSWORD: ADMIN.password,
      ASB_METRICS_TOKEN: METRICS_TOKEN,
      ASB_DEMO: 'false',
      ASB_WEB_DIST: '/nonexistent',
      ASB_LOCAL_CPUS: '1',
      ASB_ENGINE_SWEEP_MS: '200',
      LOG_LEVEL: 'warn',
    });
    primary = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    primary.stdout!.on('data', collect);
    primary.stderr!.on('data', collect);
    const { token } = await until(
      'the first process to answer',
      async () => {
        if (primary!.exitCode !== null) throw new Error(`the server exited (${primary!.exitCode}):\n${output}`);
        const answer = await request(port, 'POST', '/usermgr/v1/token/', {}, JSON.stringify(ADMIN));
        return answer.status === 200 ? answer.json<{ token: string }>() : undefined;
      },
      () => output,
    );
    auth = { authorization: `Bearer ${token}` };
  });

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) primary.kill('SIGKILL');
    for (const pid of seen.keys()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) await unmountUnder(dataDir);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (pgDir) await postgres('stop').catch(() => undefined);
    if (pgDir) await fs.rm(pgDir, { recursive: true, force: true });
  });

  it('answers from two processes, one of them designated; anonymous callers learn no pid', async () => {
    await until(
      'a second process',
      async () => {
        await health();
        return seen.size >= 2 ? true : undefined;
      },
      () => output,
    );
    expect([...seen.values()].sort()).toEqual([false, true]);
    const anonymous = await request(port, 'GET', '/api/health');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json<Record<string, unknown>>()).not.toHaveProperty('process');
  });

  it('runs an execution once, whichever process took the request', { timeout: 120_000 }, async () => {
    const processDoc = await api<{ data: { id: string; attributes: { identifier: string } } }>(201, 'POST', '/knowledge/v1/processes', {
      data: { type: 'processes', attributes: { label: 'Count starts' } },
    });
    const bucket = await api<{ data: { id: string } }>(201, 'POST', '/knowledge/v1/process-buckets', {
      data: { type: 'process-buckets', relationships: { process: { data: { type: 'processes', id: processDoc.data.id } } } },
    });
    const form = new FormData();
    form.append('files', new Blob([COUNT_STARTS], { type: 'text/x-python' }), 'process_wrapper.py');
    const upload = await fetch(`http://127.0.0.1:${port}/procimp/process/buckets/${bucket.data.id}/files`, { method: 'POST', headers: auth, body: form });
    expect(upload.status, await upload.text()).toBeLessThan(300);
    await api(202, 'GET', `/procimp/process/buckets/${bucket.data.id}/import`);
    const released = await until(
      'the release',
      async () => {
        const { data } = await api<{ data: { attributes: { buildStatus: string; value: string } } }>(
          200,
          'GET',
          `/knowledge/v1/process-buckets/${bucket.data.id}`,
        );
        if (data.attributes.buildStatus === 'failed') throw new Error(`build failed: ${JSON.stringify(data.attributes)}`);
        return data.attributes.buildStatus === 'released' ? data.attributes : undefined;
      },
      () => output,
    );
    const graph = {
      nodes: [{ id: 'a', kind: 'process', processVersion: `${processDoc.data.attributes.identifier}:${released.value}`, position: { x: 0, y: 0 }, inputs: {} }],
      edges: [],
    };
    const workflow = await api<{ data: { id: string } }>(201, 'POST', '/knowledge/v1/workflows', {
      data: { type: 'workflows', attributes: { label: 'Once', graph } },
    });
    workflowId = workflow.data.id;
    const created = await api<{ data: { id: string; attributes: { identifier: string } } }>(201, 'POST', '/builder/v1/executions', {
      processor_id: workflow.data.id,
      inputs: [],
    });
    await api(200, 'PATCH', `/builder/v1/executions/${created.data.id}/execute`);
    const status = await until(
      'the execution to end',
      async () => {
        const { data } = await api<{ data: { attributes: { status: string } } }>(200, 'GET', `/builder/v1/executions/${created.data.id}`);
        return ['success', 'failed', 'stopped'].includes(data.attributes.status) ? data.attributes.status : undefined;
      },
      () => output,
    );
    expect(status).toBe('success');
    const starts = await fs.readFile(
      path.join(dataDir, 'datastore', 'admin', 'executions', created.data.attributes.identifier.replace(/[^A-Za-z0-9._\-[\]]/g, '_'), 'a', 'starts.txt'),
      'utf8',
    );
    expect(starts.split('\n').filter(Boolean)).toEqual(['start']);
  });

  it('ends the attempt the designated process runs when another process takes the stop', { timeout: 120_000 }, async () => {
    // sleep accepts fractions: a number no other process has as an argument
    const marker = `3600.${process.pid}${Date.now() % 100_000}`;
    const created = await api<{ data: { id: string } }>(201, 'POST', '/builder/v1/executions', {
      processor_id: workflowId,
      inputs: [{ node_id: 'a', items: [{ identifier: 'sleep', value: marker }] }],
    });
    await api(200, 'PATCH', `/builder/v1/executions/${created.data.id}/execute`);
    await until(
      'the task to sleep',
      async () => ((await hostPidsOf(marker)).length > 0 ? true : undefined),
      () => output,
    );
    // one kept-alive connection, used for the stop only once it reached the process that does not run the engine
    let stopped: Answer | undefined;
    while (!stopped) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const on = (method: string, url: string) =>
        new Promise<Answer>((resolve, reject) => {
          const outgoing = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers: auth }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: response.statusCode ?? 0, text, json: <T>() => JSON.parse(text) as T });
            });
          });
          outgoing.on('error', reject);
          outgoing.end();
        });
      const which = (await on('GET', '/api/health')).json<{ process: { designated: boolean } }>().process;
      if (!which.designated) stopped = await on('PATCH', `/builder/v1/executions/${created.data.id}/stop`);
      agent.destroy();
    }
    expect(stopped.status, stopped.text).toBe(200);
    await untilNoHostPids(marker);
    const { data } = await api<{ data: { attributes: { status: string } } }>(200, 'GET', `/builder/v1/executions/${created.data.id}`);
    expect(data.attributes.status).toBe('stopped');
  });

  it('sums the metrics over the processes', async () => {
    const before = seen.size;
    for (let index = 0; index < 6; index++) await health();
    expect(seen.size).toBe(before);
    const answer = await request(port, 'GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    // every health request of this test file, whichever process answered it
    const line = answer.text
      .split('\n')
      .find(
        (candidate) =>
          candidate.startsWith('asb_http_request_duration_seconds_count{') &&
          candidate.includes('route="/api/health"') &&
          candidate.includes('status_code="200"'),
      );
    expect(Number(line?.split(' ').pop())).toBeGreaterThanOrEqual(8);
    expect(answer.text).toMatch(/^asb_executions\{kind="workflow",status="success"\} 1$/m);
  });

  it('keeps answering on the port when a process is killed, and replaces it in its role', { timeout: 120_000 }, async () => {
    const other = await answeredBy('the non-designated process', (which) => !which.designated);
    process.kill(other.pid, 'SIGKILL');
    await until('its end', async () => (isAlive(other.pid) ? undefined : true));
    for (let index = 0; index < 4; index++) expect((await health()).pid).not.toBe(other.pid);
    const replacement = await answeredBy('a new HTTP process', (which) => !which.designated && which.pid !== other.pid);
    expect(replacement.pid).not.toBe(other.pid);

    const designated = await answeredBy('the designated process', (which) => which.designated);
    process.kill(designated.pid, 'SIGKILL');
    await until('its end', async () => (isAlive(designated.pid) ? undefined : true));
    expect((await health()).pid).not.toBe(designated.pid);
    const successor = await answeredBy('a new designated process', (which) => which.designated && which.pid !== designated.pid);
    expect(successor.pid).not.toBe(designated.pid);
  });

  it('stops every process on SIGTERM to the primary', async () => {
    const running = [...seen.keys()].filter(isAlive);
    expect(running.length).toBe(2);
    const exited = new Promise<number | null>((resolve) => primary!.once('exit', (code) => resolve(code)));
    primary!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(running.filter(isAlive)).toEqual([]);
  });
});
