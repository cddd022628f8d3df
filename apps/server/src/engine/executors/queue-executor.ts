import { Queue, Worker, type Job, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import { closeRedis } from '../../platform/live/redis-event-bus.js';
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
  TASK_QUEUE,
  taskJobId,
  TRIES_KEY,
  type CancelMessage,
  type QueueResult,
} from './queue-protocol.js';

export interface QueueExecutorOptions {
  /** config.redisUrl */
  redisUrl: string;
  log?: ExecutorLog;
  /** BullMQ key prefix (default 'asb') */
  prefix?: string;
}

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

  private readonly connection: { url: string };
  private readonly prefix: string;
  private readonly tasks: Queue<TaskJob>;
  /** commands (the cancel channel, its marker keys) */
  private readonly redis: Redis;
  private results?: Worker<QueueResult>;
  /** per task row, the job being added */
  private readonly adding = new Map<number, Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: QueueExecutorOptions,
    private readonly callbacks: ExecutorCallbacks,
  ) {
    this.connection = { url: options.redisUrl };
    this.prefix = options.prefix ?? QUEUE_PREFIX;
    this.tasks = new Queue<TaskJob>(TASK_QUEUE, { connection: this.connection, prefix: this.prefix });
    this.tasks.on('error', (error) => this.options.log?.warn({ err: error }, 'queue executor: redis error'));
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
  }

  submit(job: TaskJob): void {
    const previous = this.adding.get(job.taskRowId) ?? Promise.resolve();
    const adding = previous
      .then(() => this.add(job))
      .catch(async (error: unknown) => {
        this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'queue executor: the task could not be queued');
        await this.report(job, { ok: false, error: `The task could not be queued: ${errorText(error)}` });
      })
      .finally(() => {
        if (this.adding.get(job.taskRowId) === adding) this.adding.delete(job.taskRowId);
      });
    this.adding.set(job.taskRowId, adding);
  }

  /**
   * A waiting job is removed (and reported stopped here); a running one is killed by its
   * worker, which reports it. Resolves once the stop is sent, not when the attempt ended.
   * Any server can stop any attempt: the try in the queue is looked up in Redis.
   */
  async cancel(taskRowId: number): Promise<void> {
    await this.adding.get(taskRowId);
    try {
      // first the marker (a worker taking the job from now on stops it), then the removal or the message
      await this.redis.set(cancelledKey(taskRowId), '1', 'EX', CANCELLED_TTL_SECONDS);
      const tryText = await this.redis.hget(TRIES_KEY, String(taskRowId));
      const tryNumber = tryText ? Number(tryText) : undefined;
      if (tryNumber !== undefined) {
        const id = taskJobId({ taskRowId, tryNumber });
        const job = await this.tasks.getJob(id);
        if (job && WAITING.has(await job.getState()) && (await this.tasks.remove(id)) === 1) {
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

  /** Closes the connections; the workers go on, their reports wait in Redis for the next server. */
  async shutdown(): Promise<void> {
    this.closed = true;
    await this.results?.close();
    await Promise.allSettled([...this.adding.values()]);
    await this.tasks.close();
    await closeRedis(this.redis);
  }

  private async add(job: TaskJob): Promise<void> {
    await this.redis.hset(TRIES_KEY, String(job.taskRowId), String(job.tryNumber));
    await this.tasks.add('task', job, { ...TASK_JOB_OPTIONS, jobId: taskJobId(job) });
  }

  private async handle(job: Job<QueueResult>): Promise<void> {
    const result = job.data;
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
