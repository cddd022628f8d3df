import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionModel } from '../execution-kind.js';
import type { TaskJob } from '../executors/executor.js';
import { removeSpecialFiles } from '../sandbox/folder-checks.js';
import type { TaskSandbox } from '../sandbox/task-sandbox.js';
import type { Datastore } from '../store/datastore.js';
import { nodeScriptReadOnly } from './node-script-paths.js';
import { firstErrorLine } from './failure-cause.js';
import { ensurePackage, executionPackageDir } from './package-files.js';
import { SandboxedProcess } from './sandboxed-process.js';
import { attemptFiles, attemptLogLines, readOutputs } from './task-files.js';
import { diskExceeded, type PreparedTask, type RunOptions, type TaskExit, type TaskRuntime } from './task-runtime.js';

export interface ModelRuntimeOptions {
  /** the sandbox every task runs in */
  sandbox: TaskSandbox;
  /** the model task script (the models module's runtime/model-task.mjs, given through EnginePorts) */
  script: string;
  /** SIGTERM → SIGKILL delay when an attempt is ended (tests shorten it) */
  killGraceMs?: number;
  diskCheckMs?: number;
  /** a queue worker's: where the pinned package comes from when this machine lacks it */
  datastore?: Datastore;
}

/** Where a model execution's pinned files lie: `.package/` of its folder, beside the task's outputs (written when it was created). */
export function modelPackageDir(executionDir: string): string {
  return executionPackageDir(executionDir);
}

/** The pinned ONNX file and each input's file in the package. */
export const MODEL_FILE = 'model.onnx';
export const modelInputFile = (input: { name: string; kind: 'image' | 'numbers'; fileType?: 'geotiff' | 'png' }, index: number): string =>
  `inputs/${index}.${input.kind === 'numbers' ? 'json' : input.fileType === 'png' ? 'png' : 'tif'}`;

/** The lines of the task script that give a failure's reason. */
const REASON_PREFIX = 'asb_model: ';
const RUNNER_PREFIX = 'asb_runner: ';

/**
 * Runs a model of the catalogue (docs/models.md "Model executions"): `node model-task.mjs` in the
 * same bubblewrap sandbox and under the same limits as every task (asb_runner.py --exec), the
 * pinned ONNX file and inputs read-only, the script and its node_modules read-only, no network.
 * The script decodes the input files (GeoTIFF, PNG), runs onnxruntime-node, and writes the
 * output tensors (.npy), a class map as a PNG with its legend and as a GeoTIFF into outDir.
 */
export class ModelRuntime implements TaskRuntime {
  readonly name = 'model';
  private readonly readOnly: string[];

  constructor(private readonly options: ModelRuntimeOptions) {
    // the script's imports: onnxruntime-node, geotiff, pngjs, pureimage
    this.readOnly = nodeScriptReadOnly(options.script);
  }

  prepare(job: TaskJob): PreparedTask | Promise<PreparedTask> {
    if (!job.model) throw new Error('The model runtime runs model tasks only.');
    if (this.options.datastore && this.options.datastore.kind !== 'local')
      return ensurePackage(job, this.options.datastore).then(() => this.prepareFolders(job, job.model!));
    return this.prepareFolders(job, job.model);
  }

  private prepareFolders(job: TaskJob, model: ExecutionModel): PreparedTask {
    const { scratchDir, outputsFile } = attemptFiles(job);
    fsSync.rmSync(scratchDir, { recursive: true, force: true });
    for (const dir of [job.outDir, scratchDir]) fsSync.mkdirSync(dir, { recursive: true });
    return new ModelTask(job, model, scratchDir, outputsFile, this.options, this.readOnly);
  }
}

/** A file the task's user reads (the server's own files are 0600: its umask). */
async function writeReadable(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text);
  await fs.chmod(file, 0o644);
}

/** One attempt of the model task. */
class ModelTask implements PreparedTask {
  private readonly process: SandboxedProcess;

  constructor(
    private readonly job: TaskJob,
    private readonly model: ExecutionModel,
    private readonly scratchDir: string,
    private readonly outputsFile: string,
    private readonly options: ModelRuntimeOptions,
    private readonly readOnly: string[],
  ) {
    this.process = new SandboxedProcess(job, scratchDir, options);
  }

  async run(options: RunOptions): Promise<TaskExit> {
    const { job, model } = this;
    const packageDir = modelPackageDir(path.dirname(job.outDir));
    let request: Record<string, unknown> = {};
    // the pinned package is the task's read-only "wrapper" folder: the ONNX file and the input files
    const spawned = this.options.sandbox.spawn({
      job: { ...job, inputs: {} },
      wrapperDir: packageDir,
      scratchDir: this.scratchDir,
      cpuList: options.cpuList,
      readOnly: this.readOnly,
      command: (folders) => {
        request = {
          model: `${folders.wrapper}/${MODEL_FILE}`,
          threads: Math.max(1, options.cpuList.length),
          inputs: model.inputs.map((input, index) => ({ ...input, file: `${folders.wrapper}/${modelInputFile(input, index)}` })),
          outputs: model.outputs,
          outDir: folders.out,
          outputsFile: `${folders.scratch}/outputs.json`,
        };
        return [process.execPath, this.options.script, `${folders.scratch}/job.json`];
      },
    });
    await writeReadable(path.join(this.scratchDir, 'job.json'), JSON.stringify(request));
    return this.process.run(spawned, options, { stdout: options.logFd });
  }

  cancel(): void {
    this.process.cancel();
  }

  async tidyOutputs(): Promise<void> {
    const removed = await removeSpecialFiles(this.job.outDir);
    if (removed.length > 0)
      await fs.appendFile(this.job.logPath, `[${new Date().toISOString()}] removed from the outputs (not plain files): ${removed.join(', ')}\n`);
  }

  collectOutputs(): Promise<Record<string, unknown>> {
    return readOutputs(this.outputsFile, this.job.outDir);
  }

  /** The script's reason (its last 'asb_model: ' line), the runner's, a crash's first error line, or the last lines of the log. */
  async failureReason(exit: TaskExit, logOffset: number): Promise<string | undefined> {
    if (exit.signal === 'SIGXFSZ' || exit.code === 128 + os.constants.signals.SIGXFSZ) return diskExceeded(this.job);
    const lines = await attemptLogLines(this.job.logPath, logOffset);
    if (!lines) return undefined;
    const reason = lines.findLast((line) => line.startsWith(REASON_PREFIX)) ?? lines.findLast((line) => line.startsWith(RUNNER_PREFIX));
    if (reason) return reason.slice(reason.startsWith(REASON_PREFIX) ? REASON_PREFIX.length : 0, 4000);
    if (lines.length === 0) return undefined;
    const cause = firstErrorLine(lines);
    return `The model task failed (exit ${exit.code ?? exit.signal}):\n${cause ?? lines.slice(-8).join('\n')}`.slice(0, 4000);
  }

  release(): void {
    void fs.rm(this.scratchDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
