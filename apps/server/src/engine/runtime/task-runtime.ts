import type { TaskJob } from '../executors/executor.js';
import type { CgroupLimit } from '../sandbox/cgroups.js';

/**
 * How a task runs (docs/engine.md "Executors and runtimes"): the one interface every kind of step
 * plugs into — a workflow's process in the python runner (python-runtime.ts), an application
 * with cwltool in the sandbox (cwl-runtime.ts) or on a remote OGC API – Processes server
 * (ogc-runtime.ts), a model of the catalogue (model-runtime.ts); RuntimeRouter picks one per
 * task (runtime-router.ts). Executors decide where and when an attempt runs (local CPU
 * slots, a queue worker) and drive the runtime through the same steps for every kind:
 *
 *   prepare → run (started, logs streaming) → [cancel] → tidyOutputs → collectOutputs | failureReason → release
 *
 * The executor owns what is the same for every kind: the attempt's log file (its header and
 * last line), the time-out, stop and shutdown, storing outputs in the datastore, the reports.
 */
export interface TaskRuntime {
  /** names the kind of runtime in logs ('python', 'cwl', 'ogc', 'model') */
  readonly name: string;
  /**
   * Puts in place what the attempt needs (the version's files, its folders, inputs another
   * machine made); nothing runs yet. Answers synchronously when nothing has to be awaited:
   * from taking an attempt to starting it the local executor does not yield to the
   * orchestrator's database work (bench/engine/README.md).
   */
  prepare(job: TaskJob): PreparedTask | Promise<PreparedTask>;
}

export interface RunOptions {
  /** the CPUs (indices) the executor gave the attempt */
  cpuList: number[];
  /** the attempt's log, open for appending: the task's stdout and stderr stream into it */
  logFd: number;
  /** called once the task runs, synchronously: `handle` identifies it (a pid), null when nothing local does */
  onRunning(handle: number | null): void;
  /** the task went over a limit the runtime watches while it runs; the executor ends it */
  onLimitExceeded(limit: TaskLimit): void;
}

/** How the task ended, as the runtime saw it. */
export interface TaskExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** the limit it reached, read after the end: of its control group (an OOM kill, a refused fork) or its own filesystem (full) */
  limit?: ReachedTaskLimit;
}

/** The limits that end a task while it runs (docs/security.md "Limits"). */
export type TaskLimit = 'disk' | CgroupLimit;

/** A limit reached, and its value (MB of memory or disk, processes). */
export interface ReachedTaskLimit {
  limit: TaskLimit;
  of: number;
}

/** One prepared attempt. */
export interface PreparedTask {
  /** Starts the task (in the sandbox); resolves when it ended, rejects when it could not start. */
  run(options: RunOptions): Promise<TaskExit>;
  /** Ends the running task: politely, then by force; nothing when it does not run. */
  cancel(): void;
  /** After the end, whatever the outcome: what the task left is made safe to store and serve. */
  tidyOutputs(): Promise<void>;
  /** The outputs of a task that ended well (file outputs as absolute paths in job.outDir); throws when they are unusable. */
  collectOutputs(): Promise<Record<string, unknown>>;
  /** The reason a failed task gives (its last words in the log from `logOffset`), if any. */
  failureReason(exit: TaskExit, logOffset: number): Promise<string | undefined>;
  /** Removes what the attempt needed only while it ran. */
  release(): void;
}

/** The failure of a task that wrote more than its disk allows. */
export const diskExceeded = (job: Pick<TaskJob, 'diskMb'>) => limitReached(job, 'disk');

/** The failure of a task stopped at one of its limits, as the report shows it (`reached`: as its control group counted it). */
export function limitReached(job: Pick<TaskJob, 'diskMb'> & Partial<Pick<TaskJob, 'memoryMb'>>, limit: TaskLimit, reached?: ReachedTaskLimit): string {
  if (limit === 'memory') return `Memory limit of ${reached?.of ?? job.memoryMb ?? 0} MB reached.`;
  if (limit === 'processes') return reached ? `Process limit of ${reached.of} reached.` : 'Process limit reached.';
  return `Disk limit of ${reached?.of ?? job.diskMb} MB reached.`;
}
