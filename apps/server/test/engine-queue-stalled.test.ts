import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueueWorker } from '../src/engine/executors/queue-worker.js';
import { QUEUE_PREFIX, TASK_QUEUE } from '../src/engine/executors/queue-protocol.js';
import { PythonRuntime } from '../src/engine/runtime/python-runtime.js';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { startRedis, type TestRedis } from './helpers/redis.js';
import { testSandbox } from './helpers/sandbox.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const ANSWER = `
INPUTS = []
OUTPUTS = [{"name": "answer", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"answer": "42"}
`;

/** a dead worker's lock and the stalled check's interval: short, so that the test waits little for BullMQ */
const LOCK_MS = 500;

/**
 * A task whose workers keep dying under it (BullMQ's "job stalled more than allowable limit",
 * docs/engine.md "queue"): BullMQ 6 marks such a job and puts it back in its queue, to be failed by
 * the next worker that takes it; a worker that fetches by hand must fail it then, or the attempt
 * is delivered again for ever. Here the dying worker is a BullMQ worker that takes the job and
 * never renews its lock (as a killed process does); the next one is a real QueueWorker.
 */
describe('engine: a queued task whose worker died more often than allowed', () => {
  let redis: TestRedis;
  let app: TestApp;
  let dataDir = '';
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-queue-stalled-'));
    app = await createTestApp({ dataDir, redisUrl: redis.url, engine: { localCpus: 1, sweepIntervalMs: 200, executor: 'queue' } });
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await redis?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('fails the attempt with the reason on the task instead of running it again', async () => {
    const seeds = engineSeeds(app);
    await seeds.runnable('answer', ANSWER, { inputs: [], outputs: [{ name: 'answer', dataType: 'string' }] });
    const id = await seeds.run(await seeds.workflow('answer-flow', [seeds.graph([{ id: 'answer', version: 'answer:1' }], [])]));

    // the worker that dies: it takes the job once, then neither renews its lock nor ends it
    const dying = new Worker(TASK_QUEUE, null, {
      connection: { url: redis.url },
      prefix: QUEUE_PREFIX,
      autorun: false,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS,
      maxStalledCount: 0,
    });
    const taken = await vi.waitFor(
      async () => {
        const job = await dying.getNextJob('dying-worker', { block: false });
        if (!job) throw new Error('the task is not in the queue yet');
        return job;
      },
      { timeout: 20_000, interval: 50 },
    );
    // BullMQ's stalled check (any worker's) finds its lock gone and puts it back, marked to fail
    await dying.startStalledCheckTimer();
    const keys = new Redis(redis.url);
    try {
      await vi.waitFor(
        async () => {
          if ((await keys.hexists(`${QUEUE_PREFIX}:${TASK_QUEUE}:${taken.id}`, 'defa')) !== 1) throw new Error('the job has not stalled yet');
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await dying.close();
      await keys.quit();
    }

    worker = new QueueWorker({
      redisUrl: redis.url,
      runtime: new PythonRuntime({ paths: app.engine.paths, sandbox: testSandbox(), datastore: app.engine.datastore }),
      offers: ['python'],
      cpus: 1,
      log: pino({ level: 'silent' }),
    });
    await worker.start();

    const row = await waitForStatus(app, id, ['success', 'failed'], 60_000);
    expect(row.status).toBe('failed');
    const [task] = await taskRows(app, id);
    expect(task).toMatchObject({ state: 'failed', tryNumber: 1, outputs: null });
    expect(task!.error).toBe("The task's job was lost: its worker died or stopped answering once while running it (job stalled more than allowable limit).");
  });
});
