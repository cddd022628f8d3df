import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import type { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { TaskJob } from '../executors/executor.js';
import { AdesClient, errorText, isRecord, RemoteFailure } from './ades-client.js';
import { deployProcess } from './ades-deploy.js';
import type { AdesDirectory } from './ades-directory.js';
import { executeJob, FINAL_STATUSES, followJob } from './ades-job.js';
import { AdesResults } from './ades-results.js';
import { withProcessId } from './cwl-process-ref.js';
import { ogcInputs } from './ogc-inputs.js';
import type { PreparedTask, RunOptions, TaskExit, TaskRuntime } from './task-runtime.js';

export interface OgcRuntimeOptions {
  directory: AdesDirectory;
  outbound: OutboundFetch;
  /** between two reads of the remote job's status (default 2 s) */
  pollMs?: number;
  /** the remote job's URL, once the ADES accepted it: kept on the execution (the report and ades-tasks show it) */
  onRemoteJob?(job: TaskJob, url: string): Promise<void>;
  /**
   * The remote job an earlier attempt of the task started (the execution's remoteJob), if any:
   * a retry (after a failure, or a restart's orphan recovery) dismisses it first when it is not
   * final, so two remote jobs of one execution do not run (docs/ades.md "Restarts and retries").
   */
  previousRemoteJob?(job: TaskJob): Promise<string | null | undefined>;
}

const stamp = () => `[${new Date().toISOString()}]`;

/**
 * A task whose application runs on an ADES (docs/ades.md "ADES targets"): an OGC API –
 * Processes client. Deploys the pinned CWL (Part 2, `application/cwl+yaml`) unless the ADES
 * has the same package, executes asynchronously (`Prefer: respond-async`), follows the job's
 * statusInfo into the task log, downloads file results into the task's outDir (literals
 * are kept as values), and dismisses the job (`DELETE`) on stop and time-out. Every request
 * goes through the outbound guard, with the ADES's token for the ADES's own origin only.
 */
export class OgcRuntime implements TaskRuntime {
  readonly name = 'ogc';

  constructor(private readonly options: OgcRuntimeOptions) {}

  prepare(job: TaskJob): PreparedTask {
    if (!job.application) throw new Error(`task ${job.taskId} is not an application's: the OGC runtime runs applications only`);
    return new OgcTask(job, job.application, this.options);
  }
}

class OgcTask implements PreparedTask {
  private readonly stop = new AbortController();
  private jobUrl?: string;
  /** the ADES's client, once the ADES is found */
  private client?: AdesClient;
  private readonly outputs: Record<string, unknown> = {};
  private failure?: string;
  private logFd = -1;
  /** run() returned: the log fd is the executor's to close, the remote job is over (cancel() does nothing) */
  private finished = false;

  constructor(
    private readonly job: TaskJob,
    private readonly application: NonNullable<TaskJob['application']>,
    private readonly options: OgcRuntimeOptions,
  ) {}

  /** the DELETE of the remote job, once stop or time-out asked for it: run() waits for it before it ends */
  private dismissal?: Promise<void>;

  private log(line: string): void {
    if (this.logFd < 0) return;
    try {
      fsSync.writeSync(this.logFd, `${stamp()} ${line}\n`);
    } catch {
      // a log line lost is no reason to fail the task (nor to throw from a dismissal)
    }
  }

  async run(options: RunOptions): Promise<TaskExit> {
    this.logFd = options.logFd;
    // nothing local runs: the handle is null, and the executor's time-out and stop call cancel()
    options.onRunning(null);
    try {
      await this.runRemote();
      return { code: 0, signal: null };
    } catch (error) {
      if (this.stop.signal.aborted) {
        await this.dismissal;
        return { code: null, signal: 'SIGTERM' };
      }
      this.failure = error instanceof RemoteFailure ? error.message : `The ADES could not be used: ${errorText(error)}`;
      this.log(this.failure);
      return { code: 1, signal: null };
    } finally {
      this.finished = true;
      this.logFd = -1;
    }
  }

  private async runRemote(): Promise<void> {
    const { target, processId } = this.application;
    const ades = await this.options.directory.find(target);
    if (!ades) throw new RemoteFailure(`The ADES ${target} is not registered (any more).`);
    const client = new AdesClient(this.options.outbound, ades, this.stop.signal, (line) => this.log(line));
    this.client = client;
    this.log(`running ${processId} on the ADES ${ades.identifier} (${ades.url})`);
    await fs.mkdir(this.job.outDir, { recursive: true });
    await this.dismissEarlierJob(client);
    // a single process without id is registered under its file's name: the ADES is given that id
    const cwl = await withProcessId(await fs.readFile(this.application.cwlPath, 'utf8'), processId);
    const description = await deployProcess(client, processId, cwl, (line) => this.log(line));
    const inputs = ogcInputs(this.job.inputs, description, Object.keys(this.application.staged ?? {}));
    this.jobUrl = await executeJob(client, processId, inputs);
    this.log(`remote job ${this.jobUrl}`);
    await this.options.onRemoteJob?.(this.job, this.jobUrl);
    const status = await followJob(client, this.jobUrl, { pollMs: this.options.pollMs ?? 2000, signal: this.stop.signal, log: (line) => this.log(line) });
    if (status.status !== 'successful') {
      const message = typeof status.message === 'string' && status.message ? `: ${status.message}` : '.';
      throw new RemoteFailure(`The remote job ${status.status === 'dismissed' ? 'was dismissed on the ADES' : 'failed'}${message}`);
    }
    await new AdesResults(client, this.job, this.jobUrl, (line) => this.log(line)).fetch(status, this.outputs);
  }

  /** An earlier attempt's remote job that is not final is dismissed, best effort (a failure is logged, the run goes on). */
  private async dismissEarlierJob(client: AdesClient): Promise<void> {
    let earlier: string | null | undefined;
    try {
      earlier = await this.options.previousRemoteJob?.(this.job);
      if (!earlier) return;
      const answer = await client.json(earlier);
      const status = isRecord(answer.body) && typeof answer.body.status === 'string' ? answer.body.status : undefined;
      if (answer.status === 404 || (status !== undefined && FINAL_STATUSES.has(status))) return;
    } catch (error) {
      if (this.stop.signal.aborted) throw error;
      if (!earlier) return this.log(`the earlier remote job could not be looked up: ${errorText(error)}`);
    }
    if (!earlier) return;
    this.log(`an earlier attempt's remote job is not final: ${earlier}`);
    await client.dismiss(earlier);
  }

  /** Stop and time-out: the remote job is dismissed (DELETE), the local wait ends. */
  cancel(): void {
    // once run() returned the remote job is over (a succeeded one is not dismissed) and the log is closed
    if (this.finished || this.stop.signal.aborted) return;
    this.stop.abort();
    if (this.jobUrl && this.client) this.dismissal = this.client.dismiss(this.jobUrl);
  }

  async tidyOutputs(): Promise<void> {}

  async collectOutputs(): Promise<Record<string, unknown>> {
    return this.outputs;
  }

  async failureReason(): Promise<string | undefined> {
    return this.failure;
  }

  release(): void {}
}
