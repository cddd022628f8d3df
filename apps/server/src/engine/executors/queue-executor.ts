import { Queue, Worker, type Job, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import { closeRedis } from '../../platform/live/redis-event-bus.js';
import { packageDirOf } from '../runtime/package-files.js';
import { hasProductInputs, ProductStagingError, type ProductResolver } from '../runtime/product-stager.js';
import type { Datastore } from '../store/datastore.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from './executor.js';
import { STOPPED, type ExecutorLog } from './local-executor.js';
import {
  CANCEL_CHANNEL,
  CANCELLED_TTL_SECONDS,
  cancelledKey,
  errorText,
  QUEUE_PREFIX,
  RESULT_QUEUE,
  TASK_JOB_OPTIONS,
  taskJobId,
  taskQueueOf,
  TRIES_KEY,
  type CancelMessage,
  type QueueResult,
  withoutInputs,
} from './queue-protocol.js';
import { CAPABILITIES, capabilityOf, type Capability } from './worker-capabilities.js';
import { liveWorkers } from './worker-registry.js';

export interface QueueExecutorOptions {
  /** config.redisUrl */
  redisUrl: string;
  log?: ExecutorLog;
  /** BullMQ key prefix (default 'asb') */
  prefix?: string;
  /**
   * Runs the applications on an ADES (HTTP calls to the ADES, not code: they stay on the
   * servers, docs/engine.md "Capabilities"): a local executor with the ogc runtime. Without
   * it such a task fails ('This server cannot run applications on the ADES …').
   */
  ades?: (callbacks: ExecutorCallbacks) => TaskExecutor;
  /** resolves EO-product inputs of this portal's catalogue into the job (a worker has no database) */
  resolver?: ProductResolver;
  /** where an execution's pinned files go for workers on other machines (S3) */
  datastore?: Datastore;
  /** how often jobs no live worker can run are looked for, to say why they wait (default 2 s) */
  waitCheckMs?: number;
}

/** Why a job waits: no live worker offers what it needs. */
const noWorkerOffers = (capability: Capability) => `Waiting: no worker offers ${capability}.`;

/** Jobs no worker took yet: a stop removes them. */
const WAITING: ReadonlySet<JobState | 'unknown'> = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Runs attempts on `asb worker` processes through Redis (BullMQ; docs/engine.md, "queue").
 * submit() adds a job to asb-tasks; whichever worker takes it reports started and finished
 * into asb-results, which every server consumes (each report is handled once, by one
 * replica, also when it was sent while no server ran) and turns into the callbacks.
 *
 * Workers outlive servers: shutdown() only closes connections, and the orchestrator's
 * recovery never takes queue attempts for orphans — their rows carry 'queue' while they
 * wait, then their worker's label (`worker:{host}:{pid}`). A worker that dies mid-task
 * leaves its job to BullMQ's stalled check: another worker runs the same attempt again.
 */
export class QueueExecutor implements TaskExecutor {
  readonly name = 'queue';
  /** the label of queued attempts no worker started yet (never an orphan: the job waits in Redis) */
  readonly workerLabel = 'queue';
  readonly stopsEverywhere = true;

  private readonly connection: { url: string };
  private readonly prefix: string;
  /** one queue per capability (queue-protocol.ts) */
  private readonly queues: Map<Capability, Queue<TaskJob>>;
  /** the ADES attempts running in this process, by task row */
  private readonly adesRows = new Set<number>();
  private readonly ades?: TaskExecutor;
  /** the waiting jobs this server said no worker could run, by task row */
  private readonly unserved = new Map<number, TaskJob>();
  private waitTimer?: NodeJS.Timeout;
  private checkingWaits = false;
  /** commands (the cancel channel, its marker keys) */
  private readonly redis: Redis;
  /** the cancel channel, heard for the ADES attempts this server runs (a stop taken on another replica) */
  private stops?: Redis;
  private results?: Worker<QueueResult>;
  /** asb-results read as a queue: the reports still to be handled (unreported) */
  private reports?: Queue<QueueResult>;
  /** per task row, the job being added */
  private readonly adding = new Map<number, Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: QueueExecutorOptions,
    private readonly callbacks: ExecutorCallbacks,
  ) {
    this.connection = { url: options.redisUrl };
    this.prefix = options.prefix ?? QUEUE_PREFIX;
    this.queues = new Map(
      CAPABILITIES.map((capability) => {
        const queue = new Queue<TaskJob>(taskQueueOf(capability), { connection: this.connection, prefix: this.prefix });
        queue.on('error', (error) => this.options.log?.warn({ err: error }, 'queue executor: redis error'));
        return [capability, queue];
      }),
    );
    this.ades = options.ades?.({
      onStarted: (job, started) => callbacks.onStarted(job, started),
      onFinished: async (job, outcome) => {
        this.adesRows.delete(job.taskRowId);
        await callbacks.onFinished(job, outcome);
      },
    });
    this.redis = new Redis(options.redisUrl);
    this.redis.on('error', (error) => this.options.log?.warn({ err: error }, 'queue executor: redis error'));
  }

  /** Starts handling the workers' reports: after the orchestrator recovered (engine.module.ts). */
  start(): void {
    if (this.results || this.closed) return;
    // one report at a time: a task's 'started' is handled before its 'finished'
    this.results = new Worker<QueueResult>(RESULT_QUEUE, (job) => this.handle(job), { connection: this.connection, prefix: this.prefix, concurrency: 1 });
    this.results.on('error', (error) => this.options.log?.warn({ err: error }, 'queue executor: redis error'));
    this.results.on('failed', (job, error) =>
      this.options.log?.warn(
        { err: error, report: job?.data.kind, taskRowId: job?.data.job.taskRowId },
        'queue executor: a worker report could not be handled',
      ),
    );
    this.waitTimer = setInterval(() => void this.checkWaits(), this.options.waitCheckMs ?? 2_000);
    if (this.ades) this.listenForStops();
  }

  /**
   * A stop taken on any replica goes out on asb-cancel (cancel()); workers end the attempts they
   * run, and this server the ADES attempts it runs, as the same message reaches both.
   */
  private listenForStops(): void {
    const stops = (this.stops = new Redis(this.options.redisUrl));
    stops.on('error', (error) => this.options.log?.warn({ err: error }, 'queue executor: redis error'));
    stops.on('message', (channel: string, text: string) => {
      if (channel === CANCEL_CHANNEL) this.onStopMessage(text);
    });
    stops.subscribe(CANCEL_CHANNEL).catch((error: unknown) => this.options.log?.warn({ err: error }, 'queue executor: cannot hear stops'));
  }

  private onStopMessage(text: string): void {
    let message: CancelMessage;
    try {
      message = JSON.parse(text) as CancelMessage;
    } catch {
      return;
    }
    const taskRowId = Number(message.taskRowId);
    if (!this.adesRows.has(taskRowId)) return;
    this.ades
      ?.cancel(taskRowId)
      .catch((error: unknown) => this.options.log?.warn({ err: error, taskRowId }, 'queue executor: an ADES attempt could not be stopped'));
  }

  submit(job: TaskJob): void {
    if (capabilityOf(job) === 'ades') return this.submitAdes(job);
    const previous = this.adding.get(job.taskRowId) ?? Promise.resolve();
    const adding = previous
      .then(() => this.add(job))
      .catch(async (error: unknown) => {
        this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'queue executor: the task could not be queued');
        const reason = error instanceof ProductStagingError ? error.message : `The task could not be queued: ${errorText(error)}`;
        await this.report(job, { ok: false, error: reason });
      })
      .finally(() => {
        if (this.adding.get(job.taskRowId) === adding) this.adding.delete(job.taskRowId);
      });
    this.adding.set(job.taskRowId, adding);
  }

  /**
   * A waiting job is removed (and reported stopped here); a running one is killed by its
   * worker, which reports it. Resolves once the stop is sent, not when the attempt ended.
   * Any server can stop any attempt: the try in the queue is looked up in Redis, and an ADES
   * attempt of another server is ended by that server, which hears the message (listenForStops).
   */
  async cancel(taskRowId: number): Promise<void> {
    if (this.adesRows.has(taskRowId)) return this.ades?.cancel(taskRowId);
    this.unserved.delete(taskRowId);
    await this.adding.get(taskRowId);
    try {
      // first the marker (a worker taking the job from now on stops it), then the removal or the message
      await this.redis.set(cancelledKey(taskRowId), '1', 'EX', CANCELLED_TTL_SECONDS);
      const tryText = await this.redis.hget(TRIES_KEY, String(taskRowId));
      const tryNumber = tryText ? Number(tryText) : undefined;
      if (tryNumber !== undefined) {
        const id = taskJobId({ taskRowId, tryNumber });
        const found = await this.findJob(id);
        const job = found?.job;
        if (job && WAITING.has(await job.getState()) && (await found.queue.remove(id)) === 1) {
          await this.redis.hdel(TRIES_KEY, String(taskRowId));
          await this.report(job.data, { ok: false, error: STOPPED, interrupted: true });
          return;
        }
      }
      const message: CancelMessage = { taskRowId, ...(tryNumber !== undefined ? { tryNumber } : {}) };
      await this.redis.publish(CANCEL_CHANNEL, JSON.stringify(message));
    } catch (error) {
      // the stop itself is recorded: the attempt runs on, and what it reports is ignored
      this.options.log?.warn({ err: error, taskRowId }, 'queue executor: the stop could not be sent');
    }
  }

  /**
   * Never reached Redis: not being added here, no entry in asb:tries for this try (written before
   * the job, removed only once its end is handled) and no job. An add cut between the entry and
   * the job is not recognised (the row then waits for a stop); that window is one Redis call.
   */
  async neverQueued({ taskRowId, tryNumber }: { taskRowId: number; tryNumber: number }): Promise<boolean> {
    if (this.adding.has(taskRowId) || this.adesRows.has(taskRowId)) return false;
    if ((await this.redis.hget(TRIES_KEY, String(taskRowId))) === String(tryNumber)) return false;
    return (await this.findJob(taskJobId({ taskRowId, tryNumber }))) === undefined;
  }

  /**
   * Which of these attempts left the queue unreported (lost-attempts.ts): no job of their try in
   * any queue (EXISTS on each job's hash, one round trip), and no report of theirs in asb-results
   * still to be handled. An error answers none: nothing is taken for lost while Redis is unsure.
   */
  async unreported(attempts: { taskRowId: number; tryNumber: number }[]): Promise<{ taskRowId: number; tryNumber: number }[]> {
    const candidates = attempts.filter((attempt) => !this.adding.has(attempt.taskRowId) && !this.adesRows.has(attempt.taskRowId));
    if (candidates.length === 0) return [];
    const queues = [...this.queues.values()];
    const lookup = this.redis.pipeline();
    for (const attempt of candidates) for (const queue of queues) lookup.exists(queue.toKey(taskJobId(attempt)));
    const answers = await lookup.exec();
    if (!answers || answers.some(([error]) => error)) return [];
    const gone = candidates.filter((_, index) => queues.every((_, offset) => answers[index * queues.length + offset]![1] === 0));
    if (gone.length === 0) return [];
    this.reports ??= new Queue<QueueResult>(RESULT_QUEUE, { connection: this.connection, prefix: this.prefix });
    const pending = await this.reports.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
    const reported = new Set(pending.flatMap((report) => (report ? [taskJobId(report.data.job)] : [])));
    return gone.filter((attempt) => !reported.has(taskJobId(attempt)));
  }

  /** Closes the connections; the workers go on, their reports wait in Redis for the next server. */
  async shutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.waitTimer);
    await this.results?.close();
    await this.ades?.shutdown();
    await Promise.allSettled([...this.adding.values()]);
    await Promise.all([...this.queues.values(), ...(this.reports ? [this.reports] : [])].map((queue) => queue.close()));
    await closeRedis(this.redis);
    if (this.stops) await closeRedis(this.stops);
  }

  private async add(submitted: TaskJob): Promise<void> {
    const { resolver } = this.options;
    // the worker stages from what the server resolved (docs/engine.md "Staging products")
    const job = resolver && hasProductInputs(submitted) ? { ...submitted, products: await resolver.resolve(submitted) } : submitted;
    const capability = capabilityOf(job) as Capability;
    const packageDir = packageDirOf(job);
    if (packageDir) await this.options.datastore?.savePackage(packageDir);
    await this.redis.hset(TRIES_KEY, String(job.taskRowId), String(job.tryNumber));
    await this.queues.get(capability)!.add('task', job, { ...TASK_JOB_OPTIONS, jobId: taskJobId(job) });
  }

  /** An application on an ADES: run by this server (its ogc runtime), reported as the local executor reports. */
  private submitAdes(job: TaskJob): void {
    if (!this.ades) {
      void this.report(job, {
        ok: false,
        error: `This server cannot run applications on the ADES ${job.application?.target} (no OGC API – Processes runtime).`,
      });
      return;
    }
    this.adesRows.add(job.taskRowId);
    this.ades.submit(job);
  }

  /** The job of an attempt id, in whichever capability's queue holds it. */
  private async findJob(id: string): Promise<{ queue: Queue<TaskJob>; job: Job<TaskJob> } | undefined> {
    for (const queue of this.queues.values()) {
      const job = await queue.getJob(id);
      if (job) return { queue, job };
    }
    return undefined;
  }

  /**
   * Jobs that wait while no live worker offers what they need get the reason on their task
   * ('Waiting: no worker offers cwltool.'); once one does, the reason goes (docs/engine.md
   * "Capabilities"). Every server does it; the writes are the same.
   */
  private async checkWaits(): Promise<void> {
    if (this.checkingWaits || this.closed || !this.callbacks.onWaiting) return;
    this.checkingWaits = true;
    try {
      const offered = new Set((await liveWorkers(this.redis)).flatMap((worker) => worker.offers));
      for (const [capability, queue] of this.queues) {
        if (offered.has(capability)) {
          for (const [row, job] of this.unserved) {
            if (capabilityOf(job) !== capability) continue;
            this.unserved.delete(row);
            await this.callbacks.onWaiting(job, null);
          }
          continue;
        }
        if ((await queue.getWaitingCount()) === 0) continue;
        for (const job of await queue.getJobs(['waiting', 'prioritized'], 0, 999)) {
          if (!job || this.unserved.has(job.data.taskRowId)) continue;
          this.unserved.set(job.data.taskRowId, withoutInputs(job.data));
          await this.callbacks.onWaiting(job.data, noWorkerOffers(capability));
        }
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'queue executor: could not look for jobs no worker runs');
    } finally {
      this.checkingWaits = false;
    }
  }

  private async handle(job: Job<QueueResult>): Promise<void> {
    const result = job.data;
    this.unserved.delete(result.job.taskRowId);
    if (result.kind === 'started') {
      await this.callbacks.onStarted(result.job, { workerLabel: result.workerLabel, handle: result.handle, startedAt: new Date(result.startedAt) });
      return;
    }
    // before onFinished: the retry it may submit records its own try
    await this.forgetTry(result.job);
    await this.callbacks.onFinished(result.job, result.outcome);
  }

  /** Removes the task's entry of asb:tries if it still names this attempt. */
  private async forgetTry(job: TaskJob): Promise<void> {
    const field = String(job.taskRowId);
    if ((await this.redis.hget(TRIES_KEY, field)) === String(job.tryNumber)) await this.redis.hdel(TRIES_KEY, field);
  }

  /** onFinished for an attempt no worker will report; a failing callback is logged, never thrown. */
  private async report(job: TaskJob, outcome: TaskOutcome): Promise<void> {
    try {
      await this.callbacks.onFinished(job, outcome);
    } catch (error) {
      this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'queue executor: onFinished failed');
    }
  }
}
