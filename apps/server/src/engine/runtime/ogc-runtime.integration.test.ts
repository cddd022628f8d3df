import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { TaskJob } from '../executors/executor.js';
import { ogcInputs } from './ogc-inputs.js';
import { OgcRuntime } from './ogc-runtime.js';

/**
 * The OGC runtime against a small fake ADES on loopback (the two-portal test,
 * modules/ades/ades-two-portals.integration.test.ts, runs it against a real one):
 * deploy, execute asynchronously, follow, results, dismiss.
 */

const CWL = 'cwlVersion: v1.2\nclass: CommandLineTool\nid: echo\nbaseCommand: echo\ninputs: {}\noutputs: {}\n';
const TOKEN = 'ades-token';

interface FakeJob {
  polls: number;
  status: string;
  message?: string;
}

/** An OGC API – Processes server that records what it was asked; jobs succeed (or fail) after two polls, or run until dismissed. */
function fakeAdes() {
  const state = {
    packages: new Map<string, string>(),
    jobs: new Map<string, FakeJob>(),
    requests: [] as string[],
    unauthorised: 0,
    outcome: 'successful' as 'successful' | 'failed' | 'never',
    bodies: [] as unknown[],
    /** the ADES answers GET 404 and POST 409 for every process */
    ghost: false,
    /** the results document, when not the default one */
    results: undefined as unknown,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = request.url ?? '';
      state.requests.push(`${request.method} ${url}`);
      if (request.headers.authorization !== `Bearer ${TOKEN}` && !url.startsWith('/files/')) state.unauthorised++;
      const json = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(answer));
      };
      const processMatch = /^\/ogc\/processes\/([^/]+)(\/package|\/execution)?$/.exec(url);
      if (request.method === 'POST' && url === '/ogc/processes') {
        if (request.headers['content-type'] !== 'application/cwl+yaml') return json(415, { title: 'wrong type' });
        if (state.ghost || state.packages.has('echo')) return json(409, { title: 'exists' });
        state.packages.set('echo', body);
        return json(201, { id: 'echo' });
      }
      if (processMatch) {
        const [, id, suffix] = processMatch;
        if (state.ghost || !state.packages.has(id!)) return json(404, { title: 'no such process' });
        if (request.method === 'PUT' && !suffix) {
          state.packages.set(id!, body);
          return json(204, {});
        }
        if (suffix === '/package') {
          response.writeHead(200, { 'content-type': 'application/cwl+yaml' });
          return response.end(state.packages.get(id!));
        }
        if (suffix === '/execution') {
          if (request.headers.prefer !== 'respond-async') return json(400, { title: 'async only here' });
          state.bodies.push(JSON.parse(body));
          const jobId = `job-${state.jobs.size + 1}`;
          state.jobs.set(jobId, { polls: 0, status: 'accepted' });
          return json(201, { jobID: jobId, status: 'accepted' }, { location: `/ogc/jobs/${jobId}` });
        }
        return json(200, { id, inputs: { url: { schema: { type: 'string', format: 'uri' } }, n: { schema: { type: 'integer' } } } });
      }
      const jobMatch = /^\/ogc\/jobs\/([^/]+)(\/results)?$/.exec(url);
      if (jobMatch) {
        const job = state.jobs.get(jobMatch[1]!);
        if (!job) return json(404, { title: 'no such job' });
        if (request.method === 'DELETE') {
          job.status = 'dismissed';
          return json(200, { jobID: jobMatch[1], status: 'dismissed' });
        }
        if (jobMatch[2] && state.results) return json(200, state.results);
        if (jobMatch[2]) return json(200, { report: { href: '/files/report.txt' }, count: 3, label: { value: 'done' }, many: [1, 2] });
        job.polls++;
        if (job.status !== 'dismissed' && state.outcome !== 'never' && job.polls >= 2) job.status = state.outcome;
        else if (job.status === 'accepted') job.status = 'running';
        if (job.status === 'failed') job.message = 'the tool exited with code 2';
        return json(200, { jobID: jobMatch[1], status: job.status, progress: job.status === 'successful' ? 100 : 50, message: job.message });
      }
      if (url.startsWith('/files/')) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('the report');
      }
      json(404, { title: 'not found' });
    });
  });
  return { server, state };
}

describe('OGC runtime', () => {
  const fake = fakeAdes();
  let base: string;
  let dir: string;
  let outbound: OutboundFetch;
  let remoteJobs: string[];
  /** the remote job an earlier attempt recorded */
  let previous: string | undefined;
  let runtime: OgcRuntime;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ogc-runtime-'));
    await fs.writeFile(path.join(dir, 'echo.cwl'), CWL);
    outbound = new OutboundFetch(['127.0.0.1/32']);
    runtime = new OgcRuntime({
      outbound,
      pollMs: 20,
      directory: { find: async (identifier) => (identifier === 'remote' ? { identifier, url: `${base}/ogc/`, token: TOKEN } : undefined) },
      onRemoteJob: async (_job, url) => void remoteJobs.push(url),
      previousRemoteJob: async () => previous,
    });
  });
  afterAll(async () => {
    await outbound.close();
    await new Promise((resolve) => fake.server.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.state.requests.length = 0;
    fake.state.outcome = 'successful';
    fake.state.ghost = false;
    fake.state.results = undefined;
    remoteJobs = [];
    previous = undefined;
  });

  let tries = 0;
  function job(target = 'remote'): TaskJob {
    tries++;
    return {
      taskRowId: tries,
      executionId: 1,
      executionIdentifier: 'e1',
      taskId: 'echo',
      tryNumber: tries,
      processVersion: { identifier: 'echo', manifest: [] },
      inputs: { url: 'https://example.com/a.tif', n: 3, file: { class: 'File', location: 'https://example.com/b.tif' } },
      outDir: path.join(dir, `out-${tries}`),
      logPath: path.join(dir, `log-${tries}`),
      cpus: 1,
      memoryMb: 512,
      diskMb: 100,
      network: false,
      timeoutMs: 0,
      application: { cwlPath: path.join(dir, 'echo.cwl'), processId: 'echo', target },
    };
  }

  /** runs the job as the executor does, and answers its exit, the prepared task and its log */
  async function run(taskJob: TaskJob, whileRunning?: (cancel: () => void) => Promise<void>) {
    const prepared = runtime.prepare(taskJob);
    const logFd = fsSync.openSync(taskJob.logPath, 'a');
    try {
      const running = prepared.run({ cpuList: [0], logFd, onRunning: () => undefined, onLimitExceeded: () => undefined });
      await whileRunning?.(() => prepared.cancel());
      const exit = await running;
      return { exit, prepared, log: await fs.readFile(taskJob.logPath, 'utf8') };
    } finally {
      fsSync.closeSync(logFd);
    }
  }

  it('deploys the package, executes asynchronously, follows the job and downloads its file results', async () => {
    const taskJob = job();
    const { exit, prepared, log } = await run(taskJob);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(fake.state.packages.get('echo')).toBe(CWL);
    expect(fake.state.requests.slice(0, 4)).toEqual([
      'GET /ogc/processes/echo',
      'POST /ogc/processes',
      'GET /ogc/processes/echo',
      'POST /ogc/processes/echo/execution',
    ]);
    expect(fake.state.unauthorised).toBe(0);
    // a URL for an input the description says takes a file, and a CWL File, become references
    expect(fake.state.bodies.at(-1)).toEqual({
      inputs: { url: { href: 'https://example.com/a.tif' }, n: 3, file: { href: 'https://example.com/b.tif' } },
      response: 'document',
    });
    expect(remoteJobs).toEqual([`${base}/ogc/jobs/job-1`]);
    const outputs = await prepared.collectOutputs();
    expect(outputs).toEqual({ report: path.join(taskJob.outDir, 'report', 'report.txt'), count: 3, label: 'done', many: [1, 2] });
    expect(await fs.readFile(outputs.report as string, 'utf8')).toBe('the report');
    expect(log).toContain(`remote job ${base}/ogc/jobs/job-1`);
    expect(log).toContain('remote job: running · 50%');
    expect(log).toContain('remote job: successful · 100%');
  });

  it('sends nothing when the ADES has the same package, and replaces a different one', async () => {
    await run(job());
    expect(fake.state.requests.filter((request) => /^(POST|PUT) \/ogc\/processes(\/echo)?$/.test(request))).toEqual([]);
    fake.state.packages.set('echo', `${CWL}# an older one\n`);
    fake.state.requests.length = 0;
    const { exit } = await run(job());
    expect(exit.code).toBe(0);
    expect(fake.state.requests).toContain('PUT /ogc/processes/echo');
    expect(fake.state.packages.get('echo')).toBe(CWL);
  });

  it('fails with the remote job’s message', async () => {
    fake.state.outcome = 'failed';
    const { exit, prepared } = await run(job());
    expect(exit.code).toBe(1);
    expect(await prepared.failureReason(exit, 0)).toBe('The remote job failed: the tool exited with code 2');
  });

  it('fails with a clear reason when the ADES is not registered', async () => {
    const { exit, prepared } = await run(job('gone'));
    expect(exit.code).toBe(1);
    expect(await prepared.failureReason(exit, 0)).toBe('The ADES gone is not registered (any more).');
  });

  it('dismisses the remote job on stop', async () => {
    fake.state.outcome = 'never';
    const { exit, log } = await run(job(), async (cancel) => {
      // waits for the state "the job runs on the ADES"
      await vi.waitFor(() => expect([...fake.state.jobs.values()].map((remote) => remote.status)).toContain('running'), { timeout: 20_000, interval: 10 });
      cancel();
    });
    expect(exit).toEqual({ code: null, signal: 'SIGTERM' });
    const id = remoteJobs.at(-1)!.split('/').pop()!;
    expect(fake.state.requests).toContain(`DELETE /ogc/jobs/${id}`);
    expect(fake.state.jobs.get(id)!.status).toBe('dismissed');
    expect(log).toContain('the remote job was dismissed');
  });

  it('does nothing on cancel() once run() returned: the succeeded remote job is not dismissed, the closed log not written', async () => {
    const taskJob = job();
    const prepared = runtime.prepare(taskJob);
    const logFd = fsSync.openSync(taskJob.logPath, 'a');
    try {
      const exit = await prepared.run({ cpuList: [0], logFd, onRunning: () => undefined, onLimitExceeded: () => undefined });
      expect(exit.code).toBe(0);
      // the executor still stores the results when a stop or shutdown comes
      fake.state.requests.length = 0;
      // a dismissal sends its DELETE before cancel() returns (dismiss() calls fetch before its first
      // await): a request not started by then never is, so no waiting is needed to see none
      const fetches = vi.spyOn(outbound, 'fetch');
      try {
        prepared.cancel();
      } finally {
        fetches.mockRestore();
      }
      expect(fetches).not.toHaveBeenCalled();
    } finally {
      fsSync.closeSync(logFd);
    }
    expect(fake.state.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
    expect(await fs.readFile(taskJob.logPath, 'utf8')).not.toContain('dismissing');
  });

  it('gives up deploying when the ADES keeps answering GET 404 and POST 409', async () => {
    fake.state.ghost = true;
    const { exit, prepared } = await run(job());
    expect(exit.code).toBe(1);
    expect(await prepared.failureReason(exit, 0)).toMatch(/could not deploy echo/);
    expect(fake.state.requests.filter((request) => request === 'POST /ogc/processes').length).toBe(3);
  });

  it('counts the disk limit across all downloaded results, not per file', async () => {
    fake.state.results = { a: { href: '/files/a.txt' }, b: { href: '/files/b.txt' } };
    // 15 bytes: each 10-byte result fits, both do not
    const { exit, prepared } = await run({ ...job(), diskMb: 15 / (1024 * 1024) });
    expect(exit.code).toBe(1);
    expect(await prepared.failureReason(exit, 0)).toMatch(/^The results are larger than/);
  });

  it('deploys a single process without id with its registered name as id', async () => {
    fake.state.packages.delete('echo');
    const noId = path.join(dir, 'echo-tool.cwl');
    await fs.writeFile(noId, CWL.replace('id: echo\n', ''));
    const taskJob = job();
    const { exit } = await run({ ...taskJob, application: { ...taskJob.application!, cwlPath: noId } });
    expect(exit.code).toBe(0);
    expect(fake.state.packages.get('echo')).toMatch(/^id: echo$/m);
    await fs.writeFile(noId, CWL);
  });

  it('a retry dismisses the earlier attempt’s remote job when it is not final, and leaves a final one alone', async () => {
    fake.state.jobs.set('old-running', { polls: 0, status: 'running' });
    fake.state.jobs.set('old-done', { polls: 0, status: 'successful' });
    previous = `${base}/ogc/jobs/old-running`;
    const { exit, log } = await run(job());
    expect(exit.code).toBe(0);
    expect(fake.state.requests.indexOf('DELETE /ogc/jobs/old-running')).toBeGreaterThanOrEqual(0);
    expect(fake.state.requests.indexOf('DELETE /ogc/jobs/old-running')).toBeLessThan(fake.state.requests.indexOf('POST /ogc/processes/echo/execution'));
    expect(fake.state.jobs.get('old-running')!.status).toBe('dismissed');
    expect(log).toContain('an earlier attempt’s remote job is not final'.replace('’', "'"));

    fake.state.requests.length = 0;
    previous = `${base}/ogc/jobs/old-done`;
    expect((await run(job())).exit.code).toBe(0);
    expect(fake.state.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
  });

  it('ogcInputs leaves literals alone without a description', () => {
    expect(ogcInputs({ a: 'https://x.org/f', b: [{ class: 'Directory', path: '/d' }] })).toEqual({ a: 'https://x.org/f', b: [{ href: '/d' }] });
  });
});
