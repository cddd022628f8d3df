import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_TARGET } from '@asb/contracts';
import { openTreeForTasks } from '../../platform/data-dir.js';
import { hasProductInputs, ProductStagingError, type ProductStager } from '../runtime/product-stager.js';
import { limitReached, type PreparedTask, type TaskExit, type TaskLimit, type TaskRuntime } from '../runtime/task-runtime.js';
import { LocalDatastore, type Datastore } from '../store/datastore.js';
import { CpuSlots, type HeldCpus } from './cpu-slots.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from './executor.js';
import { killOrphan } from './process-group.js';

/** The pino methods the executor uses (a Fastify logger fits). */
export interface ExecutorLog {
  warn(details: object, message?: string): void;
  info(details: object, message?: string): void;
}

export interface LocalExecutorOptions {
  /** how each attempt runs (runtime/task-runtime.ts) */
  runtime: TaskRuntime;
  /** where outputs and logs are kept once an attempt ended (default: the local folders themselves) */
  datastore?: Datastore;
  /** CPU slots shared by the attempts; default: the CPUs of this machine */
  totalCpus?: number;
  log?: ExecutorLog;
  /** the label of its attempts (task rows, logs); default `local:{hostname}:{pid}`, which recovery recognises */
  workerLabel?: string;
  /** stages EO-product inputs before an attempt runs (runtime/product-stager.ts); without it, such an attempt fails */
  stager?: ProductStager;
}

export const STOPPED = 'Stopped.';
export const SHUT_DOWN = 'The server shut down while the task ran.';
export const SHUT_DOWN_QUEUED = 'The server shut down before the task started.';

/** setTimeout's limit: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Attempt {
  job: TaskJob;
  slots: number;
  /** the CPUs it holds while it runs */
  cpus?: HeldCpus;
  /** the runtime's attempt, once prepared */
  task?: PreparedTask;
  /** aborts the staging of its product inputs */
  staging?: AbortController;
  /** when the executor took it from its queue to run it: the task's start */
  beganAt?: Date;
  /** why the executor ends it, if it does */
  stopReason?: 'cancel' | 'shutdown' | 'timeout' | TaskLimit;
  /** onStarted in progress: onFinished waits for it */
  started?: Promise<void>;
  /** resolves once the runner exited (or never started) */
  ended?: Promise<TaskOutcome>;
  /** resolves once onFinished was reported */
  reported?: Promise<void>;
}

interface Exit extends TaskExit {
  /** why the executor ended it, as known when it exited (a later stop changes nothing) */
  stopReason: Attempt['stopReason'];
}

/** Where an attempt's product inputs are staged: its input folder, inside the execution's folder (so the sandbox shows them), beside the outputs. */
function stagingDir(job: Pick<TaskJob, 'outDir' | 'taskId' | 'tryNumber'>): string {
  return path.join(path.dirname(job.outDir), '.inputs', `${path.basename(job.outDir)}.${job.tryNumber}`);
}

/**
 * The CPU slots an attempt holds: min(job.cpus, totalCpus), at least one; none for an
 * application running on an ADES, which only waits on a remote server here (docs/ades.md).
 */
export function slotsOf(job: TaskJob, totalCpus: number): number {
  if (job.application && job.application.target !== LOCAL_TARGET.value) return 0;
  return Math.min(totalCpus, Math.max(1, Math.ceil(Number(job.cpus) || 1)));
}

const closeFd = (fd: number) => new Promise<void>((resolve) => fsSync.close(fd, () => resolve()));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const stamp = () => `[${new Date().toISOString()}]`;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs attempts on this machine, each through the runtime (how it runs: for the python
 * runtime a child process in the sandbox), with its log, time-out and stop, and its
 * outputs stored in the datastore once it ended (docs/engine.md).
 *
 * Scheduling is strictly FIFO over `totalCpus` slots: an attempt takes min(job.cpus,
 * totalCpus) slots (so a job asking for more than the machine still runs, alone), and
 * while the oldest waiting attempt does not fit, nothing behind it starts either. That
 * keeps big jobs from starving behind a stream of small ones.
 */
export class LocalExecutor implements TaskExecutor {
  readonly name = 'local';
  /** this server process's attempts: after a crash, a new process recognises them as orphans (docs/engine.md) */
  readonly workerLabel: string;
  /** for the orchestrator's recovery after a crash (process-group.ts) */
  static readonly killOrphan = killOrphan;

  private readonly totalCpus: number;
  private readonly datastore: Datastore;
  private readonly queue: Attempt[] = [];
  private readonly running = new Set<Attempt>();
  private readonly cpus: CpuSlots;
  private accepting = true;

  constructor(
    private readonly options: LocalExecutorOptions,
    private readonly callbacks: ExecutorCallbacks,
  ) {
    this.totalCpus = Math.max(1, Math.floor(options.totalCpus ?? os.availableParallelism()));
    this.cpus = new CpuSlots(this.totalCpus);
    this.workerLabel = options.workerLabel ?? `local:${os.hostname()}:${process.pid}`;
    this.datastore = options.datastore ?? new LocalDatastore();
  }

  submit(job: TaskJob): void {
    try {
      const attempt: Attempt = { job, slots: slotsOf(job, this.totalCpus) };
      if (!this.accepting) {
        attempt.reported = this.report(attempt, { ok: false, error: SHUT_DOWN_QUEUED, interrupted: true });
        return;
      }
      this.queue.push(attempt);
      this.pump();
    } catch (error) {
      this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'local executor: submit failed');
    }
  }

  /** Resolves once the attempt's runner exited; its onFinished follows (it may still be in progress). */
  capacity(): { slots: number; free: number } {
    return { slots: this.totalCpus, free: this.cpus.free };
  }

  async cancel(taskRowId: number, tryNumber?: number): Promise<void> {
    const isIt = (job: TaskJob) => job.taskRowId === taskRowId && (tryNumber === undefined || job.tryNumber === tryNumber);
    for (const attempt of this.queue.filter((queued) => isIt(queued.job))) {
      this.queue.splice(this.queue.indexOf(attempt), 1);
      attempt.reported = this.report(attempt, { ok: false, error: STOPPED, interrupted: true });
    }
    // it may have been the head that held the others back
    this.pump();
    const running = [...this.running].filter((attempt) => isIt(attempt.job));
    for (const attempt of running) this.stop(attempt, 'cancel');
    await Promise.all(running.map((attempt) => attempt.ended));
  }

  /** Ends every attempt and resolves once all of them reported onFinished (errors of the callbacks are logged). */
  async shutdown(): Promise<void> {
    this.accepting = false;
    const queued = this.queue.splice(0);
    for (const attempt of queued) attempt.reported = this.report(attempt, { ok: false, error: SHUT_DOWN_QUEUED, interrupted: true });
    const running = [...this.running];
    for (const attempt of running) this.stop(attempt, 'shutdown');
    await Promise.all([...queued, ...running].map((attempt) => attempt.reported));
  }

  private pump(): void {
    while (this.accepting && this.queue.length > 0) {
      const head = this.queue[0]!;
      if (head.slots > this.cpus.free) return;
      this.queue.shift();
      head.cpus = this.cpus.take(head.slots);
      this.running.add(head);
      head.ended = this.execute(head).catch((error: unknown): TaskOutcome => {
        if (head.stopReason === 'cancel' || head.stopReason === 'shutdown') return this.interruption(head.stopReason);
        this.options.log?.warn({ err: error, taskRowId: head.job.taskRowId }, 'local executor: the attempt could not run');
        return { ok: false, error: `The task could not be started: ${errorText(error)}` };
      });
      head.reported = head.ended.then((outcome) => {
        this.running.delete(head);
        this.cpus.give(head.cpus);
        this.pump();
        return this.report(head, outcome);
      });
    }
  }

  private stop(attempt: Attempt, reason: NonNullable<Attempt['stopReason']>): void {
    attempt.stopReason ??= reason;
    attempt.staging?.abort();
    // before the start, run() sees stopReason and never starts the task (a runtime's cancel ends only what runs)
    attempt.task?.cancel();
  }

  /** onFinished exactly once, after onStarted completed; a failing callback is logged, never thrown. */
  private async report(attempt: Attempt, outcome: TaskOutcome): Promise<void> {
    await attempt.started;
    try {
      await this.callbacks.onFinished(attempt.job, outcome);
    } catch (error) {
      this.options.log?.warn({ err: error, taskRowId: attempt.job.taskRowId }, 'local executor: onFinished failed');
    }
  }

  private async execute(attempt: Attempt): Promise<TaskOutcome> {
    const { job } = attempt;
    // before staging replaces the product values with the staged objects
    const staging = hasProductInputs(job);
    attempt.beganAt = new Date();
    // synchronous when the runtime has nothing to wait for (task-runtime.ts): the attempt starts without yielding
    const preparing = this.options.runtime.prepare(job);
    const prepared = preparing instanceof Promise ? await preparing : preparing;
    attempt.task = prepared;
    try {
      fsSync.mkdirSync(path.dirname(job.logPath), { recursive: true });
      const logFd = fsSync.openSync(job.logPath, 'a');
      let offset: number;
      let exit: Exit | undefined;
      let stagingFailure: TaskOutcome | undefined;
      try {
        fsSync.writeSync(logFd, `${stamp()} attempt ${job.tryNumber} of task ${job.taskId} (${job.processVersion.identifier}) on ${this.workerLabel}\n`);
        stagingFailure = staging ? await this.stageProducts(attempt, logFd) : undefined;
        offset = fsSync.fstatSync(logFd).size;
        if (!stagingFailure) exit = await this.run(attempt, prepared, logFd);
      } finally {
        await closeFd(logFd);
      }
      await prepared.tidyOutputs();
      const outcome = stagingFailure ?? (await this.outcomeOf(attempt, prepared, exit!, offset));
      await fs.appendFile(job.logPath, `${stamp()} attempt ${job.tryNumber} ended: ${outcome.ok ? 'succeeded' : outcome.error}\n`);
      return await this.store(job, outcome);
    } finally {
      // after the report, not before it: the next task need not wait for this clean-up
      // (a leftover is removed again before the same attempt could ever run)
      prepared.release();
      // the staged products go before the report: a retry stages afresh, and nothing of them outlives the attempt
      if (staging) await fs.rm(stagingDir(job), { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * The attempt's EO-product inputs, staged into its input folder (docs/engine.md "Staging
   * products"), with progress lines in its log: the job's inputs then name the staged files,
   * which the sandbox shows to the task. Answers the failure when staging failed or was stopped.
   */
  private async stageProducts(attempt: Attempt, logFd: number): Promise<TaskOutcome | undefined> {
    const { job } = attempt;
    const log = (line: string) => fsSync.writeSync(logFd, `${stamp()} ${line}\n`);
    const { stager } = this.options;
    if (!stager) {
      const reason = `The product inputs (${job.productInputs?.join(', ')}) cannot be staged by ${this.workerLabel}: it has no catalogue.`;
      log(reason);
      return { ok: false, error: reason };
    }
    const dir = stagingDir(job);
    attempt.staging = new AbortController();
    try {
      if (attempt.stopReason) return this.interruption(attempt.stopReason === 'shutdown' ? 'shutdown' : 'cancel');
      await fs.rm(dir, { recursive: true, force: true });
      const inputs = await stager.stage(job, dir, log, attempt.staging.signal);
      // staged by the server: the sandboxed task user must read them
      await openTreeForTasks(dir);
      // the prepared task runs with the job's inputs: from here on they name the staged files
      job.inputs = inputs;
      return undefined;
    } catch (error) {
      if (attempt.stopReason === 'cancel' || attempt.stopReason === 'shutdown') return this.interruption(attempt.stopReason);
      const reason = error instanceof ProductStagingError ? error.message : `The product inputs could not be staged: ${errorText(error)}`;
      if (!(error instanceof ProductStagingError)) this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'local executor: staging failed');
      log(reason);
      return { ok: false, error: reason };
    } finally {
      attempt.staging = undefined;
    }
  }

  /**
   * Keeps the attempt's outputs (when it succeeded) and its log in the datastore. A
   * failure to store them fails the attempt (it is retried like any failure); the log of
   * a failed or interrupted attempt is kept as well as can be.
   */
  private async store(job: TaskJob, outcome: TaskOutcome): Promise<TaskOutcome> {
    if (!outcome.ok) {
      await this.datastore.saveAttempt({ logPath: job.logPath }).catch((error: unknown) => {
        this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'local executor: the log could not be stored');
      });
      return outcome;
    }
    try {
      await this.datastore.saveAttempt({ outDir: job.outDir, logPath: job.logPath });
      return outcome;
    } catch (error) {
      const reason = `The outputs could not be stored in the datastore: ${errorText(error)}.`;
      await fs.appendFile(job.logPath, `${stamp()} ${reason}\n`).catch(() => undefined);
      return { ok: false, error: reason };
    }
  }

  /** Runs the prepared task under the attempt's time-out, and resolves when it ended. */
  private async run(attempt: Attempt, prepared: PreparedTask, logFd: number): Promise<Exit> {
    const { job } = attempt;
    if (attempt.stopReason) return { code: null, signal: null, stopReason: attempt.stopReason };
    let timer: NodeJS.Timeout | undefined;
    try {
      return await prepared
        .run({
          cpuList: attempt.cpus?.cpuList ?? [0],
          logFd,
          onRunning: (handle) => {
            timer = job.timeoutMs > 0 && job.timeoutMs <= MAX_TIMER_MS ? setTimeout(() => this.stop(attempt, 'timeout'), job.timeoutMs) : undefined;
            const started = async () => this.callbacks.onStarted(job, { workerLabel: this.workerLabel, handle, startedAt: attempt.beganAt ?? new Date() });
            attempt.started = started().catch((error: unknown) => {
              this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'local executor: onStarted failed');
            });
          },
          onLimitExceeded: (limit) => this.stop(attempt, limit),
        })
        // why the executor ended it, as known when it exited (a later stop changes nothing)
        .then((exit) => ({ ...exit, stopReason: attempt.stopReason }));
    } finally {
      clearTimeout(timer);
    }
  }

  private async outcomeOf(attempt: Attempt, prepared: PreparedTask, exit: Exit, offset: number): Promise<TaskOutcome> {
    const { job } = attempt;
    const { stopReason } = exit;
    if (exit.code === 0 && !stopReason) {
      try {
        return { ok: true, outputs: await prepared.collectOutputs() };
      } catch (error) {
        return { ok: false, error: `The runner's outputs are unusable: ${errorText(error)}.` };
      }
    }
    if (stopReason === 'cancel' || stopReason === 'shutdown') return this.interruption(stopReason);
    if (stopReason === 'timeout') return { ok: false, error: `Timed out after ${seconds(job.timeoutMs)}.` };
    if (stopReason === 'disk') return { ok: false, error: limitReached(job, 'disk') };
    // what its control group counted: an OOM kill is the reason, not the signal it sent
    if (exit.limit) return { ok: false, error: limitReached(job, exit.limit.limit, exit.limit) };
    if (stopReason) return { ok: false, error: limitReached(job, stopReason) };
    const reason = await prepared.failureReason(exit, offset);
    if (reason) return { ok: false, error: reason };
    return { ok: false, error: exit.signal ? `Killed by signal ${exit.signal}.` : `Exited with code ${exit.code}.` };
  }

  private interruption(reason: 'cancel' | 'shutdown'): TaskOutcome {
    return { ok: false, error: reason === 'cancel' ? STOPPED : SHUT_DOWN, interrupted: true };
  }
}
