import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { productInputUrl, type ExecutionResults } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { executions, executionTasks } from '../src/db-schema.js';
import { QUEUE_PREFIX, TASK_QUEUE, taskQueueOf, TRIES_KEY } from '../src/engine/executors/queue-protocol.js';
import { liveWorkers } from '../src/engine/executors/worker-registry.js';
import { STRANDED_AFTER_MS } from '../src/engine/orchestrator/stranded-attempts.js';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { demoApplicationsCollection } from '../src/modules/demo/demo-application.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from '../src/modules/demo/demo-scenes.js';
import { isAlive } from './helpers/host-processes.js';
import { DEMO_MODELS } from './helpers/model-services.js';
import { engineSeeds, taskLog, taskRows, waitForStatus, waitForTask } from './helpers/engine.js';
import { startRedis, type TestRedis } from './helpers/redis.js';
import { startS3, type TestS3 } from './helpers/s3rver.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * sleeps, then answers its item. Which worker ran it, the task cannot tell (its sandbox hides
 * the host); the worker writes its own label into the attempt's log header.
 */
const whoAmI = (seconds: number) => `import time
INPUTS = [{"name": "item", "data_type": "string"}]
OUTPUTS = [{"name": "item", "data_type": "string"}]

def execute(out_dir, **inputs):
    print("working on", inputs.get("item"), flush=True)
    time.sleep(${seconds})
    return {"item": inputs.get("item")}
`;
const SIGNATURE = { inputs: [{ name: 'item', dataType: 'string' as const }], outputs: [{ name: 'item', dataType: 'string' as const }] };

interface WorkerProcess {
  name: string;
  child: ChildProcess;
  label: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `asb worker` as operators run it, on the app's data directory, one CPU, short lock times; `env` adds settings (ASB_WORKER_OFFERS). */
async function startWorker(name: string, redisUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'worker'], {
    cwd: REPO,
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      ASB_DATA_DIR: dataDir,
      ASB_WORKER_CPUS: '1',
      ASB_QUEUE_LOCK_MS: '2000',
      ASB_QUEUE_STALLED_CHECK_MS: '1000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // it finds what it can run first (cwltool --version takes seconds on a busy machine)
  await vi.waitFor(
    () => {
      if (!output.includes('worker: taking tasks'))
        throw new Error(`worker ${name} has not started (${child.exitCode === null ? 'running' : `exited ${child.exitCode}`}): ${output}`);
    },
    { timeout: 60_000, interval: 50 },
  );
  return { name, child, label: `worker:${os.hostname()}:${child.pid}`, output: () => output, exited };
}

/** Kills a runner's process group (what a dead machine takes with it), if it is still one. */
function killRunner(pid: number | null | undefined): void {
  if (!pid || !isAlive(pid)) return;
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('asb_runner.py')) return;
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Until `check` holds; `timeoutMs` only ends a stuck test. */
const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );

/**
 * Issue 5, the queue executor: a server with REDIS_URL hands tasks to `asb worker`
 * processes through BullMQ; they share its data directory. A worker that dies mid-task
 * has the task delivered to another; a stop reaches the worker running it.
 */
describe('engine: the queue executor with asb worker processes', () => {
  let redis: TestRedis;
  let app: TestApp;
  let dataDir: string;
  let seeds: ReturnType<typeof engineSeeds>;
  const workers: WorkerProcess[] = [];
  const executionIds: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-queue-'));
    app = await createTestApp({ dataDir, redisUrl: redis.url, engine: { localCpus: 1, sweepIntervalMs: 200, executor: 'queue' } });
    seeds = engineSeeds(app);
    await seeds.runnable('whoami', whoAmI(1.5), SIGNATURE);
    await seeds.runnable('slowwho', whoAmI(3), SIGNATURE);
    await seeds.runnable('sleeper', whoAmI(60), SIGNATURE);
    workers.push(...(await Promise.all([startWorker('a', redis.url, app.storage.root), startWorker('b', redis.url, app.storage.root)])));
  }, 90_000);

  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    // runners a killed worker left behind
    for (const id of executionIds) for (const row of await taskRows(app, id).catch(() => [])) killRunner(row.pid);
    await app?.close();
    await redis?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const fanOut = async (name: string, version: string, items: string[]) => {
    const graph = seeds.graph(
      [
        { id: 'split', kind: 'dynamic-list-splitter' },
        { id: 'work', version },
      ],
      [['split', 'item', 'work', 'item']],
    );
    const workflow = await seeds.workflow(name, [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'split', items: [{ identifier: 'items', value: JSON.stringify(items) }] }]);
    executionIds.push(id);
    return id;
  };
  /** the workers that wrote an attempt header into the task's log, in order */
  const loggedWorkers = async (id: string, taskId: string) =>
    [...(await taskLog(app, id, taskId, 1)).body.matchAll(/ on (worker:\S+)\n/g)].map((match) => match[1]);

  it('spreads a fan-out over both workers', async () => {
    const id = await fanOut('spread', 'whoami:1', ['a', 'b', 'c', 'd', 'e', 'f']);
    const row = await waitForStatus(app, id, ['success', 'failed', 'stopped'], 40_000);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    expect(row.workflowExecutionId).toBe(`queue:${row.identifier}`);
    const tasks = (await taskRows(app, id)).filter((task) => task.nodeId === 'work');
    expect(tasks).toHaveLength(6);
    const labels = new Set(tasks.map((task) => task.workerLabel));
    expect([...labels].sort()).toEqual(workers.map((worker) => worker.label).sort());
    for (const task of tasks) {
      expect(task.state).toBe('success');
      expect(task.tryNumber).toBe(1);
      // the row names the worker the task ran on
      expect(await loggedWorkers(id, task.taskId)).toEqual([task.workerLabel]);
    }
    const log = await taskLog(app, id, 'work[0]');
    expect(log.body).toContain('working on a');
  }, 60_000);

  it('stops an execution: the worker kills its running attempts, waiting jobs are removed', async () => {
    const id = await fanOut('stopped', 'sleeper:1', ['x', 'y', 'z']);
    await until(async () => (await taskRows(app, id)).filter((task) => task.state === 'running').length === 2, 'two tasks running');
    const running = (await taskRows(app, id)).filter((task) => task.state === 'running');
    expect(new Set(running.map((task) => task.workerLabel)).size).toBe(2);
    const response = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/stop`, headers: app.adminHeader });
    expect(response.statusCode).toBe(200);
    for (const task of running) await until(() => !isAlive(task.pid!), `the runner of ${task.taskId} to end`, 10_000);
    const tasks = (await taskRows(app, id)).filter((task) => task.nodeId === 'work');
    expect(tasks.map((task) => task.state).sort()).toEqual(['failed', 'failed', 'failed']);
    const row = await waitForStatus(app, id, ['stopped']);
    // the third stays stopped: removed from the queue before any worker took it, or (taken by a
    // worker the stop freed before its own stop arrived) killed at once; either way never run to its end
    const waiting = (await taskRows(app, id)).find((task) => !running.some((other) => other.id === task.id) && task.nodeId === 'work')!;
    expect(waiting).toMatchObject({ state: 'failed', error: 'Stopped by admin.' });
    if (waiting.workerLabel === 'queue') expect(waiting.startDate).toBeNull();
    else expect(waiting.workerLabel).toMatch(/^worker:/);
    const lines = () => workers.flatMap((worker) => worker.output().split('\n')).filter((line) => line.includes(`"execution":"${row.identifier}"`));
    const logged = (message: string) => lines().filter((line) => line.includes(`"msg":"worker: task ${message}"`)).length;
    expect(logged('started')).toBeGreaterThanOrEqual(2);
    // every attempt a worker started ends with its outcome in the worker's log
    await until(
      () => lines().filter((line) => line.includes('"outcome":"Stopped."')).length === logged('started'),
      'every started attempt to log Stopped.',
      10_000,
    );
  }, 60_000);

  it('hands what workers report while the server restarts to the new server', async () => {
    const graph = seeds.graph([{ id: 'only', version: 'slowwho:1' }], []);
    const workflow = await seeds.workflow('restarted', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'only', items: [{ identifier: 'item', value: 'patient' }] }]);
    executionIds.push(id);
    const running = await waitForTask(app, id, 'only', ['running'], 20_000);
    app = await app.restart();
    seeds = engineSeeds(app);
    const row = await waitForStatus(app, id, ['success', 'failed', 'stopped'], 40_000);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    // not an orphan of the stopped server: the worker went on with the same attempt
    const [task] = await taskRows(app, id);
    expect(task).toMatchObject({ state: 'success', tryNumber: 1, workerLabel: running.workerLabel });
  }, 60_000);

  it('delivers the task of a worker killed mid-run to the other worker, which finishes it', async () => {
    const graph = seeds.graph([{ id: 'only', version: 'slowwho:1' }], []);
    const workflow = await seeds.workflow('survivor', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'only', items: [{ identifier: 'item', value: 'precious' }] }]);
    executionIds.push(id);
    const running = await waitForTask(app, id, 'only', ['running'], 20_000);
    const victim = workers.find((worker) => worker.label === running.workerLabel)!;
    const survivor = workers.find((worker) => worker !== victim)!;
    expect(victim).toBeDefined();
    // the machine dies: the worker and the runner it started
    victim.child.kill('SIGKILL');
    killRunner(running.pid);
    await victim.exited;

    const row = await waitForStatus(app, id, ['success', 'failed', 'stopped'], 40_000);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    const [task] = await taskRows(app, id);
    // the same attempt, run again by the survivor: no try was used up
    expect(task!.state).toBe('success');
    expect(task!.tryNumber).toBe(1);
    expect(task!.workerLabel).toBe(survivor.label);
    const log = await taskLog(app, id, 'only', 1);
    expect(log.body).toContain(`attempt 1 of task only (slowwho:1) on ${victim.label}`);
    expect(log.body).toContain(`attempt 1 of task only (slowwho:1) on ${survivor.label}`);
    expect(survivor.output()).toContain('running a task again');
  }, 60_000);

  it('puts a running task back in the queue when its worker is stopped with SIGTERM, and exits cleanly', async () => {
    const leaving = workers.find((worker) => worker.child.exitCode === null && worker.child.signalCode === null)!;
    const graph = seeds.graph([{ id: 'only', version: 'slowwho:1' }], []);
    const workflow = await seeds.workflow('handover', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'only', items: [{ identifier: 'item', value: 'handed over' }] }]);
    executionIds.push(id);
    const running = await waitForTask(app, id, 'only', ['running'], 20_000);
    expect(running.workerLabel).toBe(leaving.label);

    // at once, while the task runs (starting the next worker first let a slow machine finish the task before the signal)
    leaving.child.kill('SIGTERM');
    expect(await leaving.exited).toBe(0);
    expect(isAlive(running.pid!)).toBe(false);
    expect(leaving.output()).toContain('put a task back in the queue');
    // no worker is left: the task waits in the queue for the next one
    const arriving = await startWorker('c', redis.url, app.storage.root);
    workers.push(arriving);

    const row = await waitForStatus(app, id, ['success', 'failed', 'stopped'], 40_000);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    expect((await taskRows(app, id))[0]!.workerLabel).toBe(arriving.label);
    expect(await loggedWorkers(id, 'only')).toEqual([leaving.label, arriving.label]);
    expect((await taskRows(app, id))[0]!.tryNumber).toBe(1);

    // nothing is left behind in Redis: no job (they hold clear inputs), no attempt on record
    const queue = new Queue(TASK_QUEUE, { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    const client = new Redis(redis.url);
    try {
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 0,
      });
      await until(async () => (await client.hlen(TRIES_KEY)) === 0, 'asb:tries to be empty', 5000);
    } finally {
      await queue.close();
      client.disconnect();
    }
  }, 60_000);
});

/**
 * Issue 31 §2: applications (cwltool) and model executions run on the workers too, through the
 * same runtimes as the local executor; the server resolves a catalogue product into the job and
 * the worker stages it; a job no live worker can run waits with the reason in the report. The
 * datastore is S3: what a task needs of its execution's folder (the pinned CWL) reaches a
 * worker that lacks it from the bucket, and the outputs go there.
 */
describe('engine: every kind of work on asb worker processes', () => {
  let redis: TestRedis;
  let s3: TestS3;
  let s3Env: Record<string, string>;
  let app: TestApp;
  let dataDir: string;
  const workers: WorkerProcess[] = [];
  const executionResults = async (id: string) =>
    (await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}`, headers: app.adminHeader })).json<{
      data: { attributes: { executionResults: ExecutionResults | null } };
    }>().data.attributes.executionResults;
  const file = (url: string) => app.server.inject({ method: 'GET', url, headers: app.adminHeader });

  beforeAll(async () => {
    [redis, s3] = await Promise.all([startRedis(), startS3()]);
    s3Env = {
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      S3_PREFIX: s3.config.prefix,
    };
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-queue-kinds-'));
    // the demo: its scenes, its water-bodies application and its land-cover model
    app = await createTestApp({
      demo: true,
      dataDir,
      redisUrl: redis.url,
      s3: s3.config,
      engine: { localCpus: 1, sweepIntervalMs: 200, executor: 'queue' },
    });
    // a worker without cwltool: model executions and workflows only
    workers.push(await startWorker('models', redis.url, app.storage.root, { ...s3Env, ASB_WORKER_OFFERS: 'python,onnx' }));
  }, 180_000);

  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await app?.close();
    await Promise.all([redis?.stop(), s3?.stop()]);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** a model execution of the demo's land-cover model on its example scene; its id */
  const executeModel = async () => {
    const paths = new DatastorePaths(app.storage.root);
    const scene = await fs.readFile(path.join(paths.catalogueDir(DEMO_MODELS, 'demo-land-cover'), 'example-scene.tif'));
    const created = await app.server.inject({
      method: 'POST',
      url: `/backend/v1/catalogue-collections/${DEMO_MODELS}/execute_model`,
      headers: app.adminHeader,
      payload: {
        identifier: 'demo-land-cover',
        collection: DEMO_MODELS,
        inputs: {
          parameters: { content_type: 'pd' },
          inputs: [{ name: 'bands', datatype: 'FP32', data: scene.toString('base64'), file_type: 'image/tiff', file_name: 'scene.tif' }],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ data: { id: string } }>().data.id;
  };

  it('runs a model execution on a worker: its outputs are stored and served', async () => {
    const id = await executeModel();
    const row = await waitForStatus(app, id, ['success', 'failed'], 120_000);
    const [task] = await taskRows(app, id);
    expect(row.status, task?.error ?? '').toBe('success');
    expect(task!.workerLabel).toBe(workers[0]!.label);
    // what the worker said of itself in Redis, which the servers route by
    const client = new Redis(redis.url);
    try {
      expect(await liveWorkers(client)).toEqual([
        expect.objectContaining({ label: workers[0]!.label, offers: ['python', 'onnx'], cpus: 1, memoryMb: expect.any(Number) as number }),
      ]);
    } finally {
      client.disconnect();
    }
    const outputs = new Map((await executionResults(id))!.data.map((output) => [output.key, output.value as string]));
    const png = await file(outputs.get('classes_png')!);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  }, 180_000);

  it('takes no more jobs than its CPUs from all its queues: while its one CPU runs a workflow task, a model waits in its queue and another worker runs it', async () => {
    const busy = workers[0]!;
    const seeds = engineSeeds(app);
    await seeds.runnable('sleeper', whoAmI(60), SIGNATURE);
    const workflow = await seeds.workflow('one-cpu', [seeds.graph([{ id: 'only', version: 'sleeper:1' }], [])]);
    const sleeping = await seeds.run(workflow, [{ node_id: 'only', items: [{ identifier: 'item', value: 'busy' }] }]);
    expect((await waitForTask(app, sleeping, 'only', ['running'], 60_000)).workerLabel).toBe(busy.label);

    const model = await executeModel();
    // the busy worker offers onnx but does not take (and hold) the model's job
    const onnx = new Queue(taskQueueOf('onnx'), { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    try {
      await until(async () => (await onnx.getJobCounts('waiting')).waiting === 1, "the model's job waiting in its queue", 60_000);
    } finally {
      await onnx.close();
    }
    const other = await startWorker('onnx', redis.url, app.storage.root, { ...s3Env, ASB_WORKER_OFFERS: 'onnx' });
    workers.push(other);
    const row = await waitForStatus(app, model, ['success', 'failed'], 120_000);
    expect(row.status).toBe('success');
    expect((await taskRows(app, model))[0]!.workerLabel).toBe(other.label);
    expect((await taskRows(app, sleeping))[0]).toMatchObject({ state: 'running', workerLabel: busy.label });

    const stop = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${sleeping}/stop`, headers: app.adminHeader });
    expect(stop.statusCode).toBe(200);
    await waitForStatus(app, sleeping, ['stopped'], 30_000);
    // the next tests meet the worker set they expect
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
  }, 240_000);

  it('keeps an application waiting with the reason while no worker offers cwltool, then runs it on one that does, on a staged demo scene', async () => {
    const scene = productInputUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE);
    const created = await app.server.inject({
      method: 'POST',
      url: `/backend/v1/catalogue-collections/${encodeURIComponent(demoApplicationsCollection('admin'))}/execute`,
      headers: app.adminHeader,
      payload: { cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'item', value: scene }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    // the report says why it does not start
    await until(async () => (await executionResults(id))?.tasks[0]?.status_message === 'Waiting: no worker offers cwltool.', 'the waiting reason', 30_000);
    expect((await taskRows(app, id))[0]!.state).toBe('queued');
    // the application's own report (taskmgr) says it too
    const adesTask = async () => {
      const answer = await app.server.inject({ method: 'GET', url: `/taskmgr/v1/ades-tasks/${id}`, headers: app.adminHeader });
      return answer.json<{ data: { attributes: { statusMessage: string | null } } }>().data.attributes;
    };
    expect((await adesTask()).statusMessage).toBe('Waiting: no worker offers cwltool.');
    // queued: the pinned CWL is in the bucket; this machine's copy goes, as on a worker of another machine
    const [execution] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(id)));
    const key = `datastore/admin/executions/${execution!.identifier}`;
    expect(await s3.keys(`${key}/.package/`)).toEqual([`${key}/.package/application.cwl`]);
    await fs.rm(path.join(execution!.datastore!, '.package'), { recursive: true });

    // a replica that died between claiming the task and handing it to the queue (the soak test
    // found one): no job, no try recorded. Any replica's sweep queues it again, no try used up.
    const [queued] = await taskRows(app, id);
    const cwltoolQueue = new Queue(taskQueueOf('cwltool'), { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    expect(await cwltoolQueue.remove(`${queued!.id}-${queued!.tryNumber}`)).toBe(1);
    const client = new Redis(redis.url);
    await client.hdel(TRIES_KEY, String(queued!.id));
    await app.ctx.db
      .update(executionTasks)
      .set({ updatedAt: new Date(Date.now() - STRANDED_AFTER_MS - 1_000) })
      .where(eq(executionTasks.id, queued!.id));
    await until(async () => (await cwltoolQueue.getJob(`${queued!.id}-${queued!.tryNumber + 1}`)) !== undefined, 'the stranded attempt queued again', 30_000);
    expect((await taskRows(app, id))[0]).toMatchObject({ state: 'queued', workerLabel: 'queue', maxTries: queued!.maxTries + 1 });
    await cwltoolQueue.close();
    client.disconnect();

    const cwl = await startWorker('cwl', redis.url, app.storage.root, s3Env);
    workers.push(cwl);
    const row = await waitForStatus(app, id, ['success', 'failed'], 300_000);
    const log = await taskLog(app, id, 'application');
    expect(row.status, log.body).toBe('success');
    const [task] = await taskRows(app, id);
    expect(task!.workerLabel).toBe(cwl.label);
    expect(task!.statusMessage).toBeNull();
    const results = (await executionResults(id))!;
    expect(results.tasks[0]!.status_message).toBeUndefined();
    expect((await adesTask()).statusMessage).toBeNull();
    // staged on the worker from what the server resolved
    expect(log.body).toMatch(new RegExp(`attempt 2 of task application \\(\\S+water-bodies-demo\\) on ${cwl.label}\n`));
    expect(log.body).toContain(`Staging input item: product ${DEMO_COLLECTION_ID}/${DEMO_DEFAULT_SCENE} of the catalogue`);
    const outputs = new Map(results.data.map((output) => [output.key, output.value as string]));
    const preview = await file(outputs.get('preview')!);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await s3.keys(`${key}/application/`)).toContain(`${key}/application/water_mask.png`);
  }, 420_000);

  it('runs an application on an ADES from the server itself (HTTP calls, not code), not on a worker', async () => {
    const find = app.ctx.ades.find.bind(app.ctx.ades);
    // a registered ADES at a documentation address: the outbound guard refuses it at once
    const spy = vi
      .spyOn(app.ctx.ades, 'find')
      .mockImplementation(async (identifier) => (identifier === 'remote' ? { identifier, url: 'http://192.0.2.1/ogc/' } : find(identifier)));
    try {
      const created = await app.server.inject({
        method: 'POST',
        url: `/backend/v1/catalogue-collections/${encodeURIComponent(demoApplicationsCollection('admin'))}/execute`,
        headers: app.adminHeader,
        payload: {
          cwl_identifier: 'water-bodies-demo',
          inputs: [{ identifier: 'item', value: productInputUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE) }],
          ades_id: 'remote',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ data: { id: string } }>().data.id;
      await waitForStatus(app, id, ['success', 'failed'], 60_000);
      const [task] = await taskRows(app, id);
      // the server's OGC client ran it and met the ADES's refusal; no worker took it, and it did not fail for want of one
      expect(task!.workerLabel).toMatch(new RegExp(`^local:${os.hostname()}:${process.pid}$`));
      expect(task!.error).toContain('192.0.2.1');
    } finally {
      spy.mockRestore();
    }
  }, 120_000);
});
