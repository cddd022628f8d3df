import os from 'node:os';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { AppConfig } from '../../config.js';
import { closeRedis } from '../../platform/live/redis-event-bus.js';
import { CwlRuntime } from '../runtime/cwl-runtime.js';
import { ModelRuntime } from '../runtime/model-runtime.js';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { ProductFilesStager } from '../runtime/product-files-stager.js';
import type { ProductStager } from '../runtime/product-stager.js';
import { PythonRuntime } from '../runtime/python-runtime.js';
import { RuntimeRouter } from '../runtime/runtime-router.js';
import type { TaskRuntime } from '../runtime/task-runtime.js';
import { openSandbox } from '../sandbox/open-sandbox.js';
import type { TaskSandbox } from '../sandbox/task-sandbox.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import { openDatastore, type Datastore } from '../store/datastore.js';
import type { TaskJob, TaskOutcome } from './executor.js';
import { LocalExecutor, slotsOf, STOPPED, type ExecutorLog } from './local-executor.js';
import { JobTaker, type JobEnd } from './queue-job-taker.js';
import {
  CANCEL_CHANNEL,
  cancelledKey,
  DEFAULT_QUEUE_TIMINGS,
  QUEUE_PREFIX,
  RESULT_JOB_OPTIONS,
  RESULT_QUEUE,
  taskQueueOf,
  withoutInputs,
  type CancelMessage,
  type QueueResult,
  type QueueTimings,
} from './queue-protocol.js';
import { detectCapabilities, isCapability, type Capability } from './worker-capabilities.js';
import { announce, heartbeatTimings, withdraw, type WorkerAnnouncement } from './worker-registry.js';

/** Back to the queue, unchanged: the attempt runs again elsewhere. */
const BACK: JobEnd = { kind: 'back' };

export interface WorkerLog extends ExecutorLog {
  error(details: object, message?: string): void;
}

export interface QueueWorkerOptions {
  redisUrl: string;
  /** how the tasks run (a RuntimeRouter: python, cwl, model, on the data directory shared with the servers) */
  runtime: TaskRuntime;
  /** what this worker runs (worker-capabilities.ts): it takes jobs from these queues only */
  offers: readonly Capability[];
  /** where outputs and logs are kept (default: the local folders) */
  datastore?: Datastore;
  /** stages the EO products the servers resolved into the jobs (and remote STAC items) */
  stager?: ProductStager;
  /** CPU slots of this worker (ASB_WORKER_CPUS): it takes jobs, from all its queues together, while some are free */
  cpus: number;
  timings?: Partial<QueueTimings>;
  log: WorkerLog;
  /** default `worker:{hostname}:{pid}` */
  label?: string;
  prefix?: string;
}

interface Attempt {
  /** a stop arrived for it */
  stopped: boolean;
  /** handed to the executor (before that, a stop needs no kill) */
  submitted: boolean;
  resolve(outcome: TaskOutcome): void;
}

/**
 * `asb worker` (docs/engine.md, "queue"): takes attempts from asb-tasks and runs them
 * through the runtime on this machine's CPU slots (a local executor carrying the worker's
 * label: log, outputs, time-out), reporting
 * started and finished into asb-results. Stops arrive on asb-cancel. A SIGTERM interrupts
 * the running attempts and puts their jobs back, for another worker to run them.
 */
export class QueueWorker {
  readonly label: string;
  private readonly executor: LocalExecutor;
  /** takes from the queues of what it offers */
  private readonly taker: JobTaker<TaskJob>;
  private readonly results: Queue<QueueResult>;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  /** attempts in progress, by the job object the executor reports with */
  private readonly attempts = new Map<TaskJob, Attempt>();
  private readonly cpus: number;
  private readonly heartbeat: { everyMs: number; ttlSeconds: number };
  private readonly announcement: WorkerAnnouncement;
  private heartbeatTimer?: NodeJS.Timeout;
  private isStopping = false;
  private stopping?: Promise<void>;

  constructor(private readonly options: QueueWorkerOptions) {
    this.label = options.label ?? `worker:${os.hostname()}:${process.pid}`;
    const timings = { ...DEFAULT_QUEUE_TIMINGS, ...options.timings };
    const connection = { url: options.redisUrl };
    const prefix = options.prefix ?? QUEUE_PREFIX;
    const cpus = Math.max(1, Math.floor(options.cpus));
    this.cpus = cpus;
    this.executor = new LocalExecutor(
      { runtime: options.runtime, datastore: options.datastore, totalCpus: cpus, log: options.log, workerLabel: this.label, stager: options.stager },
      { onStarted: (job, started) => this.started(job, started), onFinished: (job, outcome) => this.finished(job, outcome) },
    );
    this.results = new Queue<QueueResult>(RESULT_QUEUE, { connection, prefix });
    this.redis = new Redis(options.redisUrl);
    this.subscriber = new Redis(options.redisUrl);
    for (const client of [this.results, this.redis, this.subscriber])
      client.on('error', (error: Error) => options.log.warn({ err: error }, 'worker: redis error'));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === CANCEL_CHANNEL) this.onCancel(message);
    });
    this.heartbeat = heartbeatTimings(timings.lockMs);
    this.announcement = {
      label: this.label,
      host: os.hostname(),
      pid: process.pid,
      offers: [...options.offers],
      cpus,
      memoryMb: Math.floor(os.totalmem() / 2 ** 20),
      startedAt: new Date().toISOString(),
      seenAt: new Date().toISOString(),
    };
    this.taker = new JobTaker<TaskJob>({
      queues: options.offers.map(taskQueueOf),
      connection,
      prefix,
      name: this.label,
      slots: cpus,
      slotsOf: (job) => slotsOf(job, cpus),
      timings,
      log: options.log,
      run: (job) => this.process(job),
      // its finished report could not be sent: say so once more, from here
      onFailed: (job, error) =>
        void this.report({
          kind: 'finished',
          job: withoutInputs(job.data),
          workerLabel: this.label,
          outcome: { ok: false, error: `The task's job was lost: ${error.message}.` },
        }),
    });
  }

  /** Connects, says what it offers, and starts taking jobs; resolves once the worker listens. */
  async start(): Promise<void> {
    await this.subscriber.subscribe(CANCEL_CHANNEL);
    await this.beat();
    this.heartbeatTimer = setInterval(() => void this.beat(), this.heartbeat.everyMs);
    await this.taker.start();
    this.options.log.info({ label: this.label, cpus: this.cpus, offers: this.options.offers }, 'worker: taking tasks');
  }

  /** Renews this worker's announcement (worker-registry.ts): the servers route by it and say when nobody offers a kind. */
  private async beat(): Promise<void> {
    if (this.isStopping) return;
    try {
      await announce(this.redis, { ...this.announcement, seenAt: new Date().toISOString() }, this.heartbeat.ttlSeconds);
    } catch (error) {
      this.options.log.warn({ err: error }, 'worker: the heartbeat could not be sent');
    }
  }

  /**
   * Stops taking jobs, interrupts the running attempts and puts their jobs back in the
   * queue (another worker runs them), then closes the connections.
   */
  stop(): Promise<void> {
    this.isStopping = true;
    this.stopping ??= (async () => {
      clearInterval(this.heartbeatTimer);
      await withdraw(this.redis, this.label).catch(() => undefined);
      const closing = this.taker.close();
      await this.executor.shutdown();
      await closing;
      await Promise.allSettled([this.results.close(), closeRedis(this.subscriber), closeRedis(this.redis)]);
    })();
    return this.stopping;
  }

  private async process(job: Job<TaskJob, string>): Promise<JobEnd> {
    const task = job.data;
    if (this.isStopping) return BACK;
    if (job.attemptsStarted > 1)
      this.options.log.info({ job: job.id, delivery: job.attemptsStarted }, 'worker: running a task again (its previous worker stopped)');
    const attempt: Attempt = { stopped: false, submitted: false, resolve: () => undefined };
    const ended = new Promise<TaskOutcome>((resolve) => (attempt.resolve = resolve));
    this.attempts.set(task, attempt);
    // a stop sent before this worker took the job (a message from now on marks the attempt)
    const marked = await this.redis.exists(cancelledKey(task.taskRowId)).catch((error: unknown) => {
      this.options.log.warn({ err: error, job: job.id }, 'worker: could not check for a stop');
      return 0;
    });
    if (marked || attempt.stopped) {
      this.attempts.delete(task);
      attempt.resolve({ ok: false, error: STOPPED, interrupted: true });
    } else {
      attempt.submitted = true;
      this.executor.submit(task);
    }
    const outcome = await ended;
    if (outcome.ok === false && outcome.interrupted && outcome.error !== STOPPED && this.isStopping) return BACK;
    // a report that cannot be sent fails the job (and is tried once more from onFailed)
    await this.report({ kind: 'finished', job: withoutInputs(task), workerLabel: this.label, outcome }, true);
    return { kind: 'completed', value: outcome.ok ? 'succeeded' : 'failed' };
  }

  private async started(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void> {
    this.options.log.info({ task: job.taskId, execution: job.executionIdentifier, try: job.tryNumber, runner: started.handle }, 'worker: task started');
    await this.report(
      { kind: 'started', job: withoutInputs(job), workerLabel: started.workerLabel, handle: started.handle, startedAt: started.startedAt.toISOString() },
      true,
    );
  }

  private finished(job: TaskJob, outcome: TaskOutcome): Promise<void> {
    this.options.log.info(
      { task: job.taskId, execution: job.executionIdentifier, try: job.tryNumber, outcome: outcome.ok ? 'succeeded' : outcome.error },
      'worker: task ended',
    );
    const attempt = this.attempts.get(job);
    this.attempts.delete(job);
    attempt?.resolve(outcome);
    return Promise.resolve();
  }

  private onCancel(text: string): void {
    let message: CancelMessage;
    try {
      message = JSON.parse(text) as CancelMessage;
    } catch {
      return;
    }
    const mine = [...this.attempts].filter(([job]) => job.taskRowId === message.taskRowId);
    if (mine.length === 0) return;
    // the executor stops every attempt of a task: only when none of them is a later try
    if (message.tryNumber !== undefined && mine.some(([job]) => job.tryNumber !== message.tryNumber)) return;
    this.options.log.info({ taskRowId: message.taskRowId, try: message.tryNumber }, 'worker: stopping a task');
    for (const [, attempt] of mine) attempt.stopped = true;
    if (mine.some(([, attempt]) => attempt.submitted)) void this.executor.cancel(message.taskRowId);
  }

  /** Into asb-results; `rethrow`: a report that cannot be sent fails the job (and is tried once more from 'failed'). */
  private async report(result: QueueResult, rethrow = false): Promise<void> {
    try {
      await this.results.add(result.kind, result, RESULT_JOB_OPTIONS);
    } catch (error) {
      this.options.log.error({ err: error, report: result.kind, task: result.job.taskId }, 'worker: a report could not be sent');
      if (rethrow) throw error;
    }
  }
}

export interface WorkerParts {
  /** the model task script (the models module gives it: the engine does not know it) */
  modelScript: string;
  log?: WorkerLog;
}

/** `asb worker`: runs until SIGTERM or SIGINT; the exit code. Logs are pino's JSON lines on stdout, as the server's. */
export async function runWorker(config: AppConfig, parts: WorkerParts): Promise<number> {
  const log = parts.log ?? pino({ level: config.logLevel });
  if (!config.redisUrl) {
    log.error({}, 'asb worker needs REDIS_URL (the Redis the servers use)');
    return 2;
  }
  if (config.dataDir.includes('memory:')) {
    log.error({}, 'asb worker needs ASB_DATA_DIR: the data directory the servers use');
    return 2;
  }
  const queue = config.engine.queue ?? {};
  let sandbox: TaskSandbox;
  try {
    sandbox = openSandbox(config.sandbox, config.pythonCommand, log, new DatastorePaths(config.dataDir).disksDir);
  } catch (error) {
    log.error({}, (error as Error).message);
    return 2;
  }
  const paths = new DatastorePaths(config.dataDir);
  // S3: outputs go into the bucket; inputs this worker lacks come from it. Its own copies stay as a cache.
  const datastore = await openDatastore(config.s3, paths);
  const offers = await detectCapabilities({
    cwltool: config.applications.cwltool,
    modelScript: parts.modelScript,
    allowed: queue.offers?.filter(isCapability),
  });
  if (offers.length === 0) {
    log.error({ allowed: queue.offers }, 'asb worker offers nothing it can run (ASB_WORKER_OFFERS)');
    await datastore.close();
    return 2;
  }
  // the same runtimes as the local executor's, on what this machine has (docs/engine.md "Capabilities")
  const runtime = new RuntimeRouter({
    python: new PythonRuntime({ paths, sandbox, datastore }),
    cwl: offers.includes('cwltool') ? new CwlRuntime({ sandbox, cwltool: config.applications.cwltool, datastore }) : undefined,
    model: offers.includes('onnx') ? new ModelRuntime({ sandbox, script: parts.modelScript, datastore }) : undefined,
  });
  const worker = new QueueWorker({
    redisUrl: config.redisUrl,
    runtime,
    offers,
    datastore,
    // remote items and assets through the same guard as the servers' (docs/security.md "Outbound fetches")
    stager: new ProductFilesStager({ paths, outbound: new OutboundFetch(config.outboundAllow, log), maxBytes: config.productStagingBytes }),
    cpus: queue.workerCpus ?? os.availableParallelism(),
    timings: queue,
    log,
  });
  const signal = await new Promise<NodeJS.Signals>((resolve, reject) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
    worker.start().catch(reject);
  }).catch((error: unknown) => {
    log.error({ err: error }, 'worker: could not start');
    return undefined;
  });
  if (signal) log.info({ signal }, 'worker: stopping (running tasks go back to the queue)');
  await worker.stop();
  // the prepared sandboxes still waiting (ASB_SANDBOX_POOL)
  await sandbox.close();
  await datastore.close();
  log.info({}, 'worker: stopped');
  return signal ? 0 : 1;
}
