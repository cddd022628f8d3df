import { QueueEvents, Worker, type Job } from 'bullmq';
import type { QueueTimings } from './queue-protocol.js';

/** How a taken job ended: done (whatever the task's outcome), failed as a job, or back to its queue for another worker. */
export type JobEnd = { kind: 'completed'; value: string } | { kind: 'failed'; error: Error } | { kind: 'back' };

interface JobTakerLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

interface JobTakerOptions<T> {
  /** the queues it takes from, in turn */
  queues: readonly string[];
  connection: { url: string };
  prefix: string;
  /** the worker's label, recorded on the jobs it takes */
  name: string;
  /** the worker's CPU slots: it takes a job only while the jobs it holds use fewer */
  slots: number;
  /** the slots a job uses once it runs */
  slotsOf: (data: T) => number;
  timings: QueueTimings;
  /** runs a taken job to its end */
  run: (job: Job<T, string>) => Promise<JobEnd>;
  /** a job it failed (its report could not be sent) */
  onFailed: (job: Job<T, string>, error: Error) => void;
  log: JobTakerLog;
}

/**
 * A queue that stays silent would leave a job waiting if its 'waiting' event were missed
 * (Redis reconnecting): look anyway this often. BullMQ's own idle wait (drainDelay) is 5 s.
 */
const IDLE_LOOK_MS = 5_000;

/**
 * BullMQ (6.x) does not fail a job that stalled more than `maxStalledCount` times where it finds
 * it: its stalled check puts it back in its queue marked (`deferredFailure`), and the Worker's own
 * processJob fails it when it is taken next. A taker that fetches by hand must do the same, or
 * the attempt is delivered again for ever (docs/engine.md "queue").
 */
function stalledTooOften(job: Job): string {
  const times = job.stalledCounter === 1 ? 'once' : `${job.stalledCounter} times`;
  return `its worker died or stopped answering ${times} while running it (${job.deferredFailure})`;
}

interface Held<T> {
  job: Job<T, string>;
  token: string;
  slots: number;
}

/**
 * Takes the jobs of one worker from all the queues it serves, never more than its CPU slots
 * in total, and only when a slot is free: a job it cannot start yet stays in its queue for
 * another worker. One BullMQ Worker per queue per process would each take `concurrency` jobs
 * and hold them; this uses BullMQ's manual fetching instead
 * (https://docs.bullmq.io/patterns/manually-fetching-jobs): `getNextJob` without blocking,
 * the queues in turn, woken by their 'waiting' events; it renews the locks of what it holds,
 * runs the stalled check (a killed worker's jobs go back to their queue), and completes,
 * fails or puts back each job itself.
 */
export class JobTaker<T> {
  private readonly workers: Worker<T, string>[];
  private readonly events: QueueEvents[];
  private readonly held = new Set<Held<T>>();
  private readonly settling = new Set<Promise<void>>();
  private usedSlots = 0;
  /** where the next look starts: the queues take turns */
  private nextQueue = 0;
  private tokens = 0;
  private isClosing = false;
  /** something happened since the last look began (a job came, a slot freed) */
  private isWoken = false;
  private wakeUp?: () => void;
  private renewTimer?: NodeJS.Timeout;
  private taking?: Promise<void>;

  constructor(private readonly options: JobTakerOptions<T>) {
    const { connection, prefix, timings } = options;
    this.workers = options.queues.map(
      (queue) =>
        // no processor: jobs are taken by getNextJob only
        new Worker<T, string>(queue, null, {
          connection,
          prefix,
          autorun: false,
          name: options.name,
          lockDuration: timings.lockMs,
          stalledInterval: timings.stalledCheckMs,
          maxStalledCount: timings.maxStalled,
        }),
    );
    this.events = options.queues.map((queue) => new QueueEvents(queue, { connection, prefix }));
    const redisError = (error: Error) => options.log.warn({ err: error }, 'worker: redis error');
    for (const worker of this.workers) worker.on('error', redisError);
    for (const events of this.events) events.on('error', redisError).on('waiting', () => this.wake());
  }

  /** Resolves once it listens; from then on it takes jobs until `close`. */
  async start(): Promise<void> {
    await Promise.all([...this.workers, ...this.events].map((client) => client.waitUntilReady()));
    // another worker's jobs whose lock expired go back to their queue: every worker checks
    await Promise.all(this.workers.map((worker) => worker.startStalledCheckTimer()));
    this.renewTimer = setInterval(() => void this.renewLocks(), this.options.timings.lockMs / 2);
    this.taking = this.takeWhileOpen();
  }

  /** Takes no more jobs, waits for the held ones to end (the caller interrupts them), then disconnects. */
  async close(): Promise<void> {
    this.isClosing = true;
    this.wake();
    await this.taking;
    while (this.settling.size > 0) await Promise.all(this.settling);
    clearInterval(this.renewTimer);
    await Promise.allSettled([...this.workers, ...this.events].map((client) => client.close()));
  }

  private async takeWhileOpen(): Promise<void> {
    while (!this.isClosing) {
      if (this.usedSlots >= this.options.slots) {
        await this.sleep();
        continue;
      }
      this.isWoken = false;
      if (!(await this.takeOne())) await this.sleep(IDLE_LOOK_MS);
    }
  }

  /** One job from the first queue, from where the last look left off, that has one. */
  private async takeOne(): Promise<boolean> {
    for (let turn = 0; turn < this.workers.length; turn++) {
      const index = (this.nextQueue + turn) % this.workers.length;
      const worker = this.workers[index]!;
      const token = `${worker.id}:${this.tokens++}`;
      let job: Job<T, string> | undefined;
      try {
        job = await worker.getNextJob(token, { block: false });
      } catch (error) {
        this.options.log.warn({ err: error, queue: worker.name }, 'worker: could not take a job');
        return false;
      }
      if (!job) continue;
      this.nextQueue = (index + 1) % this.workers.length;
      this.hold(job, token);
      return true;
    }
    return false;
  }

  private hold(job: Job<T, string>, token: string): void {
    const held: Held<T> = { job, token, slots: Math.min(this.options.slots, Math.max(1, this.options.slotsOf(job.data))) };
    this.held.add(held);
    this.usedSlots += held.slots;
    const settled = this.runAndSettle(held).finally(() => {
      this.held.delete(held);
      this.usedSlots -= held.slots;
      this.settling.delete(settled);
      this.wake();
    });
    this.settling.add(settled);
  }

  private async runAndSettle(held: Held<T>): Promise<void> {
    const { job, token } = held;
    const end = job.deferredFailure
      ? { kind: 'failed' as const, error: new Error(stalledTooOften(job)) }
      : await this.options.run(job).catch((error: unknown): JobEnd => ({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) }));
    // handed back below: no lock of it to renew meanwhile (its slot stays taken until then)
    this.held.delete(held);
    try {
      if (end.kind === 'completed') await job.moveToCompleted(end.value, token, false);
      else if (end.kind === 'back') {
        await job.moveToWait(token);
        this.options.log.info({ job: job.id }, 'worker: put a task back in the queue');
      } else {
        await job.moveToFailed(end.error, token, false);
        this.options.log.warn({ err: end.error, job: job.id }, 'worker: job failed');
        this.options.onFailed(job, end.error);
      }
    } catch (error) {
      // its lock expired (this process stalled): the stalled check gave the job to another worker
      this.options.log.warn({ err: error, job: job.id }, 'worker: could not hand a job back');
    }
  }

  private async renewLocks(): Promise<void> {
    await Promise.all(
      [...this.held].map(async ({ job, token }) => {
        const renewed = await job.extendLock(token, this.options.timings.lockMs).catch(() => 0);
        if (!renewed) this.options.log.warn({ job: job.id }, 'worker: could not renew the lock of a job (another worker may take it)');
      }),
    );
  }

  private sleep(timeoutMs?: number): Promise<void> {
    if (this.isWoken || this.isClosing) {
      this.isWoken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => this.wake(), timeoutMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  private wake(): void {
    this.isWoken = true;
    this.wakeUp?.();
  }
}
