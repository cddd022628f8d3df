import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueueWorker } from '../src/engine/executors/queue-worker.js';
import { QUEUE_PREFIX, TASK_QUEUE } from '../src/engine/executors/queue-protocol.js';
import { STRANDED_AFTER_MS } from '../src/engine/orchestrator/stranded-attempts.js';
import { PythonRuntime } from '../src/engine/runtime/python-runtime.js';
import { executionTasks } from '../src/db-schema.js';
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

/** Waits until the dying worker takes the task's job from the queue, and answers it. */
async function takeJob(dying: Worker) {
  return vi.waitFor(
    async () => {
      const job = await dying.getNextJob('dying-worker', { block: false });
      if (!job) throw new Error('the task is not in the queue yet');
      return job;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/**
 * Queue attempts whose job ends without their worker running them to a report (docs/engine.md
 * "queue"). A task whose workers keep dying under it (BullMQ's "job stalled more than allowable
 * limit"): BullMQ 6 marks such a job and puts it back in its queue, to be failed by the next
 * worker that takes it; a worker that fetches by hand must fail it then, or the attempt is
 * delivered again for ever. A job that left Redis and whose report never comes: the sweep queues
 * the attempt again. The dying worker is a BullMQ worker that takes the job and never renews its
 * lock (as a killed process does), or fails it and says nothing; the next one is a real QueueWorker.
 */
describe('engine: queue attempts whose worker never reports their end', () => {
  let redis: TestRedis;
  let app: TestApp;
  let dataDir = '';
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-queue-stalled-'));
    app = await createTestApp({ dataDir, redisUrl: redis.url, engine: { localCpus: 1, sweepIntervalMs: 200, executor: 'queue' } });
    await engineSeeds(app).runnable('answer', ANSWER, { inputs: [], outputs: [{ name: 'answer', dataType: 'string' }] });
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await redis?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('fails the attempt with the reason on the task instead of running it again', async () => {
    const seeds = engineSeeds(app);
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
    const taken = await takeJob(dying);
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
    await worker.stop();
    worker = undefined;
  }, 120_000);

  it('queues again, without using up a try, an attempt whose job left the queue with no report on its way', async () => {
    const seeds = engineSeeds(app);
    const id = await seeds.run(await seeds.workflow('answer-again', [seeds.graph([{ id: 'answer', version: 'answer:1' }], [])]));
    // a worker takes the job and fails it (BullMQ removes it: removeOnFail), then dies before it reports
    const dying = new Worker(TASK_QUEUE, null, { connection: { url: redis.url }, prefix: QUEUE_PREFIX, autorun: false });
    try {
      const taken = await takeJob(dying);
      await taken.moveToFailed(new Error('the worker lost its runner'), 'dying-worker', false);
    } finally {
      await dying.close();
    }
    const [lost] = await taskRows(app, id);
    expect(lost).toMatchObject({ state: 'queued', tryNumber: 1 });
    // long unchanged, as after STRANDED_AFTER_MS
    await app.ctx.db
      .update(executionTasks)
      .set({ updatedAt: new Date(Date.now() - STRANDED_AFTER_MS - 1_000) })
      .where(eq(executionTasks.id, lost!.id));

    const tasks = new Queue(TASK_QUEUE, { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    try {
      await vi.waitFor(
        async () => {
          if (!(await tasks.getJob(`${lost!.id}-2`))) throw new Error('the attempt is not queued again');
        },
        { timeout: 60_000, interval: 100 },
      );
    } finally {
      await tasks.close();
    }
    expect((await taskRows(app, id))[0]).toMatchObject({ state: 'queued', tryNumber: 2, maxTries: lost!.maxTries + 1 });
  }, 120_000);
});
