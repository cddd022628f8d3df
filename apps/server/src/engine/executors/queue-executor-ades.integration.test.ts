import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type TestRedis } from '../../../test/helpers/redis.js';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { OgcRuntime } from '../runtime/ogc-runtime.js';
import type { ExecutorCallbacks, TaskJob, TaskOutcome } from './executor.js';
import { LocalExecutor, STOPPED } from './local-executor.js';
import { QueueExecutor } from './queue-executor.js';
import { CANCEL_CHANNEL } from './queue-protocol.js';

const CWL = 'cwlVersion: v1.2\nclass: CommandLineTool\nid: nap\nbaseCommand: sleep\ninputs: {}\noutputs: {}\n';

/** An OGC API – Processes server whose jobs run until they are dismissed. */
function endlessAdes() {
  const jobs = new Map<string, string>();
  let deployed = false;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/ogc/processes') {
        deployed = true;
        return json(201, { id: 'nap' });
      }
      if (url === '/ogc/processes/nap') return deployed ? json(200, { id: 'nap', inputs: {} }) : json(404, { title: 'no such process' });
      if (request.method === 'POST' && url === '/ogc/processes/nap/execution') {
        const id = `job-${jobs.size + 1}`;
        jobs.set(id, 'running');
        return json(201, { jobID: id, status: 'accepted' }, { location: `/ogc/jobs/${id}` });
      }
      const job = /^\/ogc\/jobs\/([^/]+)$/.exec(url)?.[1];
      if (job && jobs.has(job)) {
        if (request.method === 'DELETE') jobs.set(job, 'dismissed');
        return json(200, { jobID: job, status: jobs.get(job) });
      }
      json(404, { title: 'not found' });
    });
  });
  return { server, jobs };
}

/**
 * An application on an ADES runs in the server that submitted it, not on a worker (docs/engine.md
 * "queue"). A stop taken on another replica goes out on asb-cancel, as for a worker's attempt:
 * the server that runs the application hears it, ends the attempt and dismisses the remote job.
 */
describe('queue executor: an ADES attempt stopped from another replica', () => {
  const ades = endlessAdes();
  let redis: TestRedis;
  let dir = '';
  let outbound: OutboundFetch;
  let runtime: OgcRuntime;
  const replicas: QueueExecutor[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    await new Promise<void>((resolve) => ades.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(ades.server.address() as AddressInfo).port}/ogc/`;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-ades-stop-'));
    await fs.writeFile(path.join(dir, 'nap.cwl'), CWL);
    outbound = new OutboundFetch(['127.0.0.1/32']);
    runtime = new OgcRuntime({
      outbound,
      pollMs: 50,
      directory: { find: async (identifier) => (identifier === 'remote' ? { identifier, url: base } : undefined) },
    });
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.shutdown();
    await outbound?.close();
    await new Promise((resolve) => ades.server.close(resolve));
    await redis?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const replica = (callbacks: ExecutorCallbacks) => {
    const executor = new QueueExecutor(
      { redisUrl: redis.url, ades: (adesCallbacks) => new LocalExecutor({ runtime, totalCpus: 1 }, adesCallbacks) },
      callbacks,
    );
    replicas.push(executor);
    executor.start();
    return executor;
  };

  it('ends the attempt on the replica that runs it, which dismisses the remote job', async () => {
    const finished: TaskOutcome[] = [];
    const running = replica({ onStarted: async () => undefined, onFinished: async (_job, outcome) => void finished.push(outcome) });
    const other = replica({ onStarted: async () => undefined, onFinished: async () => undefined });
    // both listen on the cancel channel (a replica hears stops once started)
    const probe = new Redis(redis.url);
    await vi.waitFor(
      async () => {
        const [, listeners] = (await probe.pubsub('NUMSUB', CANCEL_CHANNEL)) as [string, number];
        if (listeners < 2) throw new Error('the replicas do not listen yet');
      },
      { timeout: 20_000, interval: 50 },
    );
    await probe.quit();

    const job: TaskJob = {
      taskRowId: 7,
      executionId: 1,
      executionIdentifier: 'e1',
      taskId: 'application',
      tryNumber: 1,
      processVersion: { identifier: 'nap', manifest: [] },
      inputs: {},
      outDir: path.join(dir, 'out'),
      logPath: path.join(dir, 'application.1.log'),
      cpus: 1,
      memoryMb: 512,
      diskMb: 100,
      network: false,
      timeoutMs: 0,
      application: { cwlPath: path.join(dir, 'nap.cwl'), processId: 'nap', target: 'remote' },
    };
    running.submit(job);
    await vi.waitFor(
      () => {
        if (ades.jobs.get('job-1') !== 'running') throw new Error('the remote job does not run yet');
      },
      { timeout: 20_000, interval: 50 },
    );

    await other.cancel(job.taskRowId);
    await vi.waitFor(
      () => {
        if (finished.length === 0) throw new Error('the attempt has not ended');
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(finished).toEqual([{ ok: false, error: STOPPED, interrupted: true }]);
    expect(ades.jobs.get('job-1')).toBe('dismissed');
  });
});
