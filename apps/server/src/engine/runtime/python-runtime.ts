import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTreeForTasks } from '../../platform/data-dir.js';
import type { TaskJob } from '../executors/executor.js';
import { removeSpecialFiles } from '../sandbox/folder-checks.js';
import { executionFiles } from '../sandbox/task-files-inputs.js';
import type { TaskSandbox } from '../sandbox/task-sandbox.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { LocalDatastore, type Datastore } from '../store/datastore.js';
import { RuntimeCache } from './runtime-cache.js';
import { SandboxedProcess } from './sandboxed-process.js';
import { attemptFiles, readOutputs, runnerMessage } from './task-files.js';
import { diskExceeded, type PreparedTask, type RunOptions, type TaskExit, type TaskRuntime } from './task-runtime.js';

export interface PythonRuntimeOptions {
  paths: DatastorePaths;
  /** where every attempt runs (engine/sandbox, docs/security.md) */
  sandbox: TaskSandbox;
  /** where upstream outputs this machine lacks are fetched from (default: the local folders) */
  datastore?: Datastore;
  /** SIGTERM → SIGKILL delay when an attempt is ended (tests shorten it) */
  killGraceMs?: number;
  /** how often an attempt's disk use is measured while it runs (default 2 s) */
  diskCheckMs?: number;
}

/** a file grew past RLIMIT_FSIZE; bubblewrap answers 128 + the signal of its task */
const SIGXFSZ = os.constants.signals.SIGXFSZ;
const stamp = () => `[${new Date().toISOString()}]`;

/**
 * The python process runtime (docs/process-runtime.md "The runner"): `python3 asb_runner.py`
 * per attempt in the task sandbox, in its own process group (so a cancel kills the
 * wrapper's subprocesses too), with the version's files restored once under runtime/ and
 * the clear inputs on stdin; the runner writes the outputs into outputs.json.
 */
export class PythonRuntime implements TaskRuntime {
  readonly name = 'python';
  private readonly cache: RuntimeCache;
  private readonly datastore: Datastore;

  constructor(private readonly options: PythonRuntimeOptions) {
    this.cache = new RuntimeCache(options.paths);
    this.datastore = options.datastore ?? new LocalDatastore();
  }

  prepare(job: TaskJob): PreparedTask | Promise<PreparedTask> {
    const restored = this.cache.restored(job.processVersion.manifest);
    if (restored === undefined || this.datastore.kind !== 'local') return this.prepareAsync(job, restored);
    return this.prepareFolders(job, restored);
  }

  private async prepareAsync(job: TaskJob, restored: string | undefined): Promise<PreparedTask> {
    const wrapperDir = restored ?? (await this.cache.materialize(job.processVersion.manifest));
    const prepared = this.prepareFolders(job, wrapperDir);
    await this.fetchInputs(job);
    return prepared;
  }

  /**
   * Synchronous on purpose: these few metadata calls on the data directory take
   * microseconds, while every await would let the orchestrator's database work (PGlite
   * runs on this thread) go first and delay the start by milliseconds (bench/engine/README.md).
   */
  private prepareFolders(job: TaskJob, wrapperDir: string): PythonTask {
    const { scratchDir, outputsFile } = attemptFiles(job);
    fsSync.rmSync(scratchDir, { recursive: true, force: true });
    for (const dir of [job.outDir, scratchDir]) fsSync.mkdirSync(dir, { recursive: true });
    return new PythonTask(job, wrapperDir, scratchDir, outputsFile, this.options);
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
}

/** One attempt of the runner: its folders exist. */
class PythonTask implements PreparedTask {
  private readonly process: SandboxedProcess;

  constructor(
    private readonly job: TaskJob,
    private readonly wrapperDir: string,
    private readonly scratchDir: string,
    private readonly outputsFile: string,
    private readonly options: PythonRuntimeOptions,
  ) {
    this.process = new SandboxedProcess(job, scratchDir, options);
  }

  /** Spawns the runner in the sandbox (stdout and stderr straight into the log), and resolves when it exits. */
  run(options: RunOptions): Promise<TaskExit> {
    const { job } = this;
    const command = this.options.sandbox.spawn({ job, wrapperDir: this.wrapperDir, scratchDir: this.scratchDir, cpuList: options.cpuList });
    // the inputs go through stdin only: clear values never touch the disk
    return this.process.run(command, options, { stdout: options.logFd, stdin: JSON.stringify(command.inputs) });
  }

  cancel(): void {
    // before the spawn there is nothing to end: the executor does not start a cancelled attempt
    this.process.cancel();
  }

  /** What a task leaves must be plain files and folders before anything stores or serves it. */
  async tidyOutputs(): Promise<void> {
    const removed = await removeSpecialFiles(this.job.outDir);
    if (removed.length > 0) await fs.appendFile(this.job.logPath, `${stamp()} removed from the outputs (not plain files): ${removed.join(', ')}\n`);
  }

  collectOutputs(): Promise<Record<string, unknown>> {
    return readOutputs(this.outputsFile, this.job.outDir);
  }

  async failureReason(exit: TaskExit, logOffset: number): Promise<string | undefined> {
    if (exit.signal === 'SIGXFSZ' || exit.code === 128 + SIGXFSZ) return diskExceeded(this.job);
    return runnerMessage(this.job.logPath, logOffset);
  }

  release(): void {
    void fs.rm(this.scratchDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
