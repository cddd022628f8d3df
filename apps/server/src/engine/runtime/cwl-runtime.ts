import { cwlWithoutRequiredContainers } from '@asb/contracts';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TaskApplication, TaskJob } from '../executors/executor.js';
import { removeSpecialFiles } from '../sandbox/folder-checks.js';
import type { TaskFolders, TaskSandbox } from '../sandbox/task-sandbox.js';
import type { Datastore } from '../store/datastore.js';
import { ensurePackage } from './package-files.js';
import { attemptFiles, attemptLogLines } from './task-files.js';
import { processReference, runsWholeFile } from './cwl-process-ref.js';
import { SandboxedProcess } from './sandboxed-process.js';
import { diskExceeded, type PreparedTask, type RunOptions, type TaskExit, type TaskRuntime } from './task-runtime.js';

export interface CwlRuntimeOptions {
  /** the sandbox every task runs in (the python runtime's own) */
  sandbox: TaskSandbox;
  /** the cwltool command (config ASB_CWLTOOL; Debian's /usr/bin/cwltool) */
  cwltool: string;
  /** SIGTERM → SIGKILL delay when an attempt is ended (tests shorten it) */
  killGraceMs?: number;
  /** how often an attempt's disk use is measured while it runs (default 2 s, as the python runtime's) */
  diskCheckMs?: number;
  /** a queue worker's: where the pinned CWL comes from when this machine lacks it */
  datastore?: Datastore;
}

const stamp = () => `[${new Date().toISOString()}]`;
const isInside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root + path.sep);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first line of the log of a CWL asking for a container: locally it runs the commands of this machine. */
export const DOCKER_WARNING =
  'WARNING: this application declares a DockerRequirement; the Default (local) target does not run containers: its commands run as installed on this machine, in the task sandbox (docs/applications.md "Running applications").';

/** The outputs JSON cwltool prints (stdout): at most this much is read. */
const MAX_OUTPUTS_BYTES = 16 * 1024 * 1024;
/** How many of the log's last lines make a failure's reason. */
const REASON_LINES = 12;

/**
 * Runs a CWL application with cwltool on this machine (docs/engine.md "Executors and runtimes",
 * docs/applications.md "Running applications"): `cwltool --no-container` in the same
 * bubblewrap sandbox and under the same limits as a python task (asb_runner.py --exec),
 * the pinned CWL read-only, the job order a JSON file in the attempt's scratch folder,
 * cwltool's temporary folders inside it, its outputs in the task's outDir. cwltool's log
 * (stderr) streams into the attempt's log; its stdout is the outputs JSON.
 */
export class CwlRuntime implements TaskRuntime {
  readonly name = 'cwl';

  constructor(private readonly options: CwlRuntimeOptions) {}

  prepare(job: TaskJob): PreparedTask | Promise<PreparedTask> {
    if (!job.application) throw new Error('The CWL runtime runs application tasks only.');
    if (this.options.datastore && this.options.datastore.kind !== 'local')
      return ensurePackage(job, this.options.datastore).then(() => this.prepareFolders(job, job.application!));
    return this.prepareFolders(job, job.application);
  }

  private prepareFolders(job: TaskJob, application: TaskApplication): PreparedTask {
    const { scratchDir, outputsFile } = attemptFiles(job);
    fsSync.rmSync(scratchDir, { recursive: true, force: true });
    for (const dir of [job.outDir, scratchDir]) fsSync.mkdirSync(dir, { recursive: true });
    return new CwlTask(job, application, scratchDir, outputsFile, this.options);
  }
}

/**
 * The CWL value of an input: a staged EO product becomes the staged item.json (File) or its
 * folder (Directory); other values are the job order's as they are.
 */
function cwlInputs(inputs: Record<string, unknown>, staged: Record<string, 'File' | 'Directory'> = {}): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const as = staged[name];
    if (as && isPlainObject(value) && typeof value.item === 'string') {
      result[name] = as === 'File' ? { class: 'File', location: value.item } : { class: 'Directory', location: path.dirname(value.item) };
    } else {
      result[name] = value;
    }
  }
  return result;
}

/** A local path as a file: URL cwltool reads (locations of the job order). */
function asLocation(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asLocation);
  if (!isPlainObject(value)) return value;
  if ((value.class === 'File' || value.class === 'Directory') && typeof value.location === 'string' && value.location.startsWith('/')) {
    return { ...value, location: `file://${value.location.split('/').map(encodeURIComponent).join('/')}` };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asLocation(item)]));
}

/** A file the task's user reads (the server's own files are 0600: its umask). */
async function writeReadable(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text);
  await fs.chmod(file, 0o644);
}

/** One attempt of cwltool. */
class CwlTask implements PreparedTask {
  private readonly process: SandboxedProcess;
  /** the outDir as the task sees it (/task/out in the sandbox) */
  private insideOut?: string;

  constructor(
    private readonly job: TaskJob,
    private readonly application: TaskApplication,
    private readonly scratchDir: string,
    private readonly outputsFile: string,
    private readonly options: CwlRuntimeOptions,
  ) {
    this.process = new SandboxedProcess(job, scratchDir, options);
  }

  async run(options: RunOptions): Promise<TaskExit> {
    const { job, application } = this;
    const jobOrderFile = path.join(this.scratchDir, 'job.json');
    const cwl = await fs.readFile(application.cwlPath, 'utf8');
    // cwltool --no-container refuses a required container: locally it is a hint, not honoured
    const local = /\bDockerRequirement\b/.test(cwl) ? cwlWithoutRequiredContainers(cwl) : undefined;
    if (local !== undefined) await writeReadable(path.join(this.scratchDir, 'application.cwl'), local);
    // a single process without id is run as the file alone: `#name` would name nothing in it
    const wholeFile = await runsWholeFile(cwl, application.processId);
    const processRef = (folders: TaskFolders) =>
      processReference(
        local === undefined ? `${folders.wrapper}/${path.basename(application.cwlPath)}` : `${folders.scratch}/application.cwl`,
        application.processId,
        wholeFile,
      );
    const command = (folders: TaskFolders) => {
      this.insideOut = folders.out;
      return [
        this.options.cwltool,
        '--no-container',
        '--disable-color',
        '--outdir',
        folders.out,
        '--tmpdir-prefix',
        `${folders.tmp}/cwl-tmp-`,
        '--tmp-outdir-prefix',
        `${folders.tmp}/cwl-out-`,
        '--preserve-environment',
        'PATH',
        processRef(folders),
        `${folders.scratch}/job.json`,
      ];
    };
    if (/\bDockerRequirement\b/.test(cwl)) fsSync.writeSync(options.logFd, `${stamp()} ${DOCKER_WARNING}\n`);
    const spawned = this.options.sandbox.spawn({
      job: { ...job, inputs: cwlInputs(job.inputs, application.staged) },
      wrapperDir: path.dirname(application.cwlPath),
      scratchDir: this.scratchDir,
      cpuList: options.cpuList,
      command,
    });
    await writeReadable(jobOrderFile, JSON.stringify(asLocation(spawned.inputs), null, 2));
    const outputsFd = fsSync.openSync(this.outputsFile, 'w');
    try {
      return await this.process.run(spawned, options, { stdout: outputsFd });
    } finally {
      fsSync.closeSync(outputsFd);
    }
  }

  cancel(): void {
    this.process.cancel();
  }

  async tidyOutputs(): Promise<void> {
    const removed = await removeSpecialFiles(this.job.outDir);
    if (removed.length > 0) await fs.appendFile(this.job.logPath, `${stamp()} removed from the outputs (not plain files): ${removed.join(', ')}\n`);
  }

  /** cwltool's outputs JSON: File and Directory values become their paths in outDir (a STAC catalog folder: its catalog.json). */
  async collectOutputs(): Promise<Record<string, unknown>> {
    const stat = await fs.stat(this.outputsFile).catch(() => undefined);
    if (!stat?.isFile() || stat.size > MAX_OUTPUTS_BYTES) throw new Error('cwltool printed no outputs JSON of at most 16 MB');
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.readFile(this.outputsFile, 'utf8'));
    } catch {
      throw new Error('cwltool’s outputs are not JSON');
    }
    if (!isPlainObject(parsed)) throw new Error('cwltool’s outputs are not a JSON object');
    const root = await fs.realpath(this.job.outDir);
    const outputs: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(parsed)) outputs[name] = await this.outputValue(name, value, root);
    return outputs;
  }

  private async outputValue(name: string, value: unknown, root: string): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.outputValue(name, item, root)));
    if (!isPlainObject(value) || (value.class !== 'File' && value.class !== 'Directory')) return value;
    const inside =
      typeof value.path === 'string' ? value.path : typeof value.location === 'string' ? decodeURIComponent(value.location.replace(/^file:\/\//, '')) : '';
    const out = this.insideOut ?? path.resolve(this.job.outDir);
    if (!isInside(out, inside)) throw new Error(`output '${name}' is not in the output folder`);
    const host = path.join(this.job.outDir, path.relative(out, inside));
    const real = await fs.realpath(host).catch(() => undefined);
    if (real === undefined || !isInside(root, real)) throw new Error(`output '${name}' is missing or points outside the output folder`);
    if (value.class === 'Directory') {
      const catalog = path.join(host, 'catalog.json');
      if (await fs.stat(catalog).catch(() => undefined)) return catalog;
    }
    return host;
  }

  /** The last lines cwltool (or the tool it ran) wrote to this attempt's log. */
  async failureReason(exit: TaskExit, logOffset: number): Promise<string | undefined> {
    if (exit.signal === 'SIGXFSZ') return diskExceeded(this.job);
    const lines = (await attemptLogLines(this.job.logPath, logOffset))?.filter((line) => !line.includes(DOCKER_WARNING));
    if (!lines || lines.length === 0) return undefined;
    const runner = lines.findLast((line) => line.startsWith('asb_runner: '));
    if (runner) return runner;
    return `cwltool failed (exit ${exit.code ?? exit.signal}):\n${lines.slice(-REASON_LINES).join('\n')}`.slice(0, 4000);
  }

  release(): void {
    void fs.rm(this.scratchDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
