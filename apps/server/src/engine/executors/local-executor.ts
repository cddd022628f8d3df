import { spawn } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTreeForTasks } from '../../platform/data-dir.js';
import { diskUsage, removeSpecialFiles } from '../sandbox/folder-checks.js';
import { executionFiles } from '../sandbox/task-files-inputs.js';
import { writableFolders, type TaskSandbox } from '../sandbox/task-sandbox.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { LocalDatastore, type Datastore } from '../store/datastore.js';
import { CpuSlots, type HeldCpus } from './cpu-slots.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from './executor.js';
import { killOrphan, KILL_GRACE_MS, signalGroup, terminateGroup } from './process-group.js';
import { RuntimeCache } from './runtime-cache.js';
import { attemptFiles, readOutputs, runnerMessage } from './task-files.js';

/** The pino methods the executor uses (a Fastify logger fits). */
export interface ExecutorLog {
  warn(details: object, message?: string): void;
  info(details: object, message?: string): void;
}

export interface LocalExecutorOptions {
  paths: DatastorePaths;
  /** where outputs and logs are kept once an attempt ended (default: the local folders themselves) */
  datastore?: Datastore;
  /** where every attempt runs (engine/sandbox, docs/security.md) */
  sandbox: TaskSandbox;
  /** CPU slots shared by the attempts; default: the CPUs of this machine */
  totalCpus?: number;
  log?: ExecutorLog;
  /** SIGTERM → SIGKILL delay when an attempt is ended (tests shorten it) */
  killGraceMs?: number;
  /** how often an attempt's disk use is measured while it runs (default 2 s) */
  diskCheckMs?: number;
}

export const STOPPED = 'Stopped.';
export const SHUT_DOWN = 'The server shut down while the task ran.';
export const SHUT_DOWN_QUEUED = 'The server shut down before the task started.';

/** How often a running attempt's folders are measured against its disk limit. */
const DISK_CHECK_MS = 2_000;
/** a file grew past RLIMIT_FSIZE; bubblewrap answers 128 + the signal of its task */
const SIGXFSZ = os.constants.signals.SIGXFSZ;

/** setTimeout's limit: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Attempt {
  job: TaskJob;
  slots: number;
  /** the CPUs it holds while it runs */
  cpus?: HeldCpus;
  pid?: number;
  /** when the executor took it from its queue to run it: the task's start */
  beganAt?: Date;
  /** why the executor ends it, if it does */
  stopReason?: 'cancel' | 'shutdown' | 'timeout' | 'disk';
  cancelKill?: () => void;
  /** the runner exited: its pid may belong to another process by now */
  exited?: boolean;
  /** onStarted in progress: onFinished waits for it */
  started?: Promise<void>;
  /** resolves once the runner exited (or never started) */
  ended?: Promise<TaskOutcome>;
  /** resolves once onFinished was reported */
  reported?: Promise<void>;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** why the executor ended it, as known when it exited (a later stop changes nothing) */
  stopReason: Attempt['stopReason'];
}

const closeFd = (fd: number) => new Promise<void>((resolve) => fsSync.close(fd, () => resolve()));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const stamp = () => `[${new Date().toISOString()}]`;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs attempts as child processes of the server: `python3 asb_runner.py` per attempt,
 * in its own process group (so a stop kills the wrapper's subprocesses too), with the
 * version's files restored once under runtime/ (docs/engine.md).
 *
 * Scheduling is strictly FIFO over `totalCpus` slots: an attempt takes min(job.cpus,
 * totalCpus) slots (so a job asking for more than the machine still runs, alone), and
 * while the oldest waiting attempt does not fit, nothing behind it starts either. That
 * keeps big jobs from starving behind a stream of small ones.
 */
export class LocalExecutor implements TaskExecutor {
  readonly name = 'local';
  /** this server process's attempts: after a crash, a new process recognises them as orphans (docs/engine.md) */
  readonly workerLabel = `local:${os.hostname()}:${process.pid}`;
  /** for the orchestrator's recovery after a crash (process-group.ts) */
  static readonly killOrphan = killOrphan;

  private readonly totalCpus: number;
  private readonly killGraceMs: number;
  private readonly cache: RuntimeCache;
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
    this.killGraceMs = options.killGraceMs ?? KILL_GRACE_MS;
    this.cache = new RuntimeCache(options.paths);
    this.datastore = options.datastore ?? new LocalDatastore();
  }

  submit(job: TaskJob): void {
    try {
      const attempt: Attempt = { job, slots: Math.min(this.totalCpus, Math.max(1, Math.ceil(Number(job.cpus) || 1))) };
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
  async cancel(taskRowId: number): Promise<void> {
    for (const attempt of this.queue.filter((queued) => queued.job.taskRowId === taskRowId)) {
      this.queue.splice(this.queue.indexOf(attempt), 1);
      attempt.reported = this.report(attempt, { ok: false, error: STOPPED, interrupted: true });
    }
    // it may have been the head that held the others back
    this.pump();
    const running = [...this.running].filter((attempt) => attempt.job.taskRowId === taskRowId);
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
    // before the spawn, execute() sees stopReason and never starts the runner
    if (attempt.pid !== undefined && !attempt.exited && !attempt.cancelKill) attempt.cancelKill = terminateGroup(attempt.pid, this.killGraceMs);
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
    attempt.beganAt = new Date();
    const wrapperDir = this.cache.restored(job.processVersion.manifest) ?? (await this.cache.materialize(job.processVersion.manifest));
    const { scratchDir, outputsFile } = attemptFiles(job);
    // Synchronous on purpose, from here to the spawn: these few metadata calls on the data
    // directory take microseconds, while every await would let the orchestrator's database
    // work (PGlite runs on this thread) go first and delay the start by milliseconds
    // (bench/engine/README.md). Leftovers of the same attempt run before a crash go first.
    fsSync.rmSync(scratchDir, { recursive: true, force: true });
    for (const dir of [job.outDir, path.dirname(job.logPath), scratchDir]) fsSync.mkdirSync(dir, { recursive: true });
    if (this.datastore.kind !== 'local') await this.fetchInputs(job);
    try {
      const logFd = fsSync.openSync(job.logPath, 'a');
      let offset: number;
      let exit: Exit;
      try {
        fsSync.writeSync(logFd, `${stamp()} attempt ${job.tryNumber} of task ${job.taskId} (${job.processVersion.identifier}) on ${this.workerLabel}\n`);
        offset = fsSync.fstatSync(logFd).size;
        exit = await this.runChild(attempt, wrapperDir, scratchDir, logFd);
      } finally {
        await closeFd(logFd);
      }
      // what a task leaves must be plain files and folders before anything stores or serves it
      const removed = await removeSpecialFiles(job.outDir);
      if (removed.length > 0) await fs.appendFile(job.logPath, `${stamp()} removed from the outputs (not plain files): ${removed.join(', ')}\n`);
      const outcome = await this.outcomeOf(attempt, exit, offset, outputsFile);
      await fs.appendFile(job.logPath, `${stamp()} attempt ${job.tryNumber} ended: ${outcome.ok ? 'succeeded' : outcome.error}\n`);
      return await this.store(job, outcome);
    } finally {
      // after the report, not before it: the next task need not wait for this clean-up
      // (a leftover is removed again before the same attempt could ever run)
      void fs.rm(scratchDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Upstream outputs this machine does not have (another worker made them) come from the datastore. */
  private async fetchInputs(job: TaskJob): Promise<void> {
    if (this.datastore.kind === 'local') return;
    for (const file of executionFiles(job.inputs, path.dirname(job.outDir))) {
      await this.datastore.ensureLocal(file);
      // fetched by the server: the sandboxed task user must read it
      await openTreeForTasks(file);
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

  /** Spawns the runner in the sandbox (stdout and stderr straight into the log), and resolves when it exits. */
  private runChild(attempt: Attempt, wrapperDir: string, scratchDir: string, logFd: number): Promise<Exit> {
    const { job } = attempt;
    if (attempt.stopReason) return Promise.resolve({ code: null, signal: null, stopReason: attempt.stopReason });
    const command = this.options.sandbox.spawn({ job, wrapperDir, scratchDir, cpuList: attempt.cpus?.cpuList ?? [0] });
    return new Promise<Exit>((resolve, reject) => {
      const child = spawn(command.command, command.args, { cwd: command.cwd, detached: true, stdio: ['pipe', logFd, logFd], env: command.env });
      const pid = child.pid;
      child.once('error', (error) => {
        if (pid === undefined) reject(error);
      });
      if (pid === undefined) return;
      attempt.pid = pid;
      const timer = job.timeoutMs > 0 && job.timeoutMs <= MAX_TIMER_MS ? setTimeout(() => this.stop(attempt, 'timeout'), job.timeoutMs) : undefined;
      const stopWatching = this.watchDisk(attempt, scratchDir);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        stopWatching();
        attempt.cancelKill?.();
        attempt.exited = true;
        // whatever the wrapper left running in its group goes with it
        signalGroup(pid, 'SIGKILL');
        resolve({ code, signal, stopReason: attempt.stopReason });
      });
      // the inputs go through stdin only: clear values never touch the disk
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(JSON.stringify(command.inputs));
      const started = async () => this.callbacks.onStarted(job, { workerLabel: this.workerLabel, handle: pid, startedAt: attempt.beganAt ?? new Date() });
      attempt.started = started().catch((error: unknown) => {
        this.options.log?.warn({ err: error, taskRowId: job.taskRowId }, 'local executor: onStarted failed');
      });
    });
  }

  /** The disk quota: the attempt's folders are measured while it runs, and it is ended once they hold more than it may use. */
  private watchDisk(attempt: Attempt, scratchDir: string): () => void {
    const limit = attempt.job.diskMb * 1024 * 1024;
    if (!(limit > 0)) return () => undefined;
    const folders = writableFolders(attempt.job, scratchDir).slice(0, 2);
    let measuring = false;
    const timer = setInterval(() => {
      if (measuring || attempt.exited) return;
      measuring = true;
      void diskUsage(folders, limit)
        .then((used) => {
          if (used > limit && !attempt.exited) this.stop(attempt, 'disk');
        })
        .finally(() => (measuring = false));
    }, this.options.diskCheckMs ?? DISK_CHECK_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async outcomeOf(attempt: Attempt, exit: Exit, offset: number, outputsFile: string): Promise<TaskOutcome> {
    const { job } = attempt;
    const { stopReason } = exit;
    if (exit.code === 0 && !stopReason) {
      try {
        return { ok: true, outputs: await readOutputs(outputsFile, job.outDir) };
      } catch (error) {
        return { ok: false, error: `The runner's outputs are unusable: ${errorText(error)}.` };
      }
    }
    if (stopReason === 'cancel' || stopReason === 'shutdown') return this.interruption(stopReason);
    if (stopReason === 'timeout') return { ok: false, error: `Timed out after ${seconds(job.timeoutMs)}.` };
    if (stopReason === 'disk' || exit.signal === 'SIGXFSZ' || exit.code === 128 + SIGXFSZ) return { ok: false, error: `Used more disk than the ${job.diskMb} MB it may use.` };
    const message = await runnerMessage(job.logPath, offset);
    if (message) return { ok: false, error: message };
    return { ok: false, error: exit.signal ? `Killed by signal ${exit.signal}.` : `Exited with code ${exit.code}.` };
  }

  private interruption(reason: 'cancel' | 'shutdown'): TaskOutcome {
    return { ok: false, error: reason === 'cancel' ? STOPPED : SHUT_DOWN, interrupted: true };
  }
}
