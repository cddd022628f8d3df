import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OutboundFetch, OutboundRequest } from '../../platform/outbound/outbound-fetch.js';
import { readCapped } from '../../platform/outbound/outbound-fetch.js';
import type { TaskJob } from '../executors/executor.js';
import { withProcessId } from './cwl-process-ref.js';
import type { PreparedTask, RunOptions, TaskExit, TaskRuntime } from './task-runtime.js';

/** An ADES as the OGC runtime reaches it: its landing page URL (ending with a slash) and its bearer token, if any. */
export interface AdesEndpoint {
  identifier: string;
  url: string;
  token?: string;
}

/** The port through which the engine finds a registered ADES (implemented by the ADES module). */
export interface AdesDirectory {
  find(identifier: string): Promise<AdesEndpoint | undefined>;
}

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

/** The media type of Part 2's CWL application package. */
const CWL_MEDIA_TYPE = 'application/cwl+yaml';
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** read failures of the remote job's status in a row before the task fails */
const MAX_POLL_FAILURES = 5;
const FINAL = new Set(['successful', 'failed', 'dismissed']);
/** deploy rounds (GET 404, then POST 409: deployed meanwhile) before the task fails */
const MAX_DEPLOY_ROUNDS = 3;

const stamp = () => `[${new Date().toISOString()}]`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why the remote run failed, as the task's failure. */
class RemoteFailure extends Error {}

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
  private ades?: AdesEndpoint;
  private outputs: Record<string, unknown> = {};
  private failure?: string;
  private logFd = -1;
  /** run() returned: the log fd is the executor's to close, the remote job is over (cancel() does nothing) */
  private finished = false;
  /** bytes of file results downloaded so far: the task's disk limit counts them all */
  private downloaded = 0;

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
    this.ades = ades;
    this.log(`running ${processId} on the ADES ${ades.identifier} (${ades.url})`);
    await fs.mkdir(this.job.outDir, { recursive: true });
    await this.dismissEarlierJob();
    // a single process without id is registered under its file's name: the ADES is given that id
    const description = await this.deploy(processId, await withProcessId(await fs.readFile(this.application.cwlPath, 'utf8'), processId));
    this.jobUrl = await this.execute(processId, description);
    this.log(`remote job ${this.jobUrl}`);
    await this.options.onRemoteJob?.(this.job, this.jobUrl);
    const status = await this.follow(this.jobUrl);
    if (status.status !== 'successful') {
      const message = typeof status.message === 'string' && status.message ? `: ${status.message}` : '.';
      throw new RemoteFailure(`The remote job ${status.status === 'dismissed' ? 'was dismissed on the ADES' : 'failed'}${message}`);
    }
    await this.fetchResults(this.jobUrl, status);
  }

  /** An earlier attempt's remote job that is not final is dismissed, best effort (a failure is logged, the run goes on). */
  private async dismissEarlierJob(): Promise<void> {
    let earlier: string | null | undefined;
    try {
      earlier = await this.options.previousRemoteJob?.(this.job);
      if (!earlier) return;
      const answer = await this.json(earlier);
      const status = isRecord(answer.body) && typeof answer.body.status === 'string' ? answer.body.status : undefined;
      if (answer.status === 404 || (status !== undefined && FINAL.has(status))) return;
    } catch (error) {
      if (this.stop.signal.aborted) throw error;
      if (!earlier) return this.log(`the earlier remote job could not be looked up: ${errorText(error)}`);
    }
    if (!earlier) return;
    this.log(`an earlier attempt's remote job is not final: ${earlier}`);
    await this.dismiss(earlier);
  }

  /** A request to the ADES (or a URL it gave), with its token when the URL is on the ADES's origin. */
  private async request(url: string, request: OutboundRequest = {}) {
    const sameOrigin = this.ades && new URL(url).origin === new URL(this.ades.url).origin;
    const headers = {
      accept: 'application/json',
      ...(sameOrigin && this.ades?.token ? { authorization: `Bearer ${this.ades.token}` } : {}),
      ...request.headers,
    };
    return this.options.outbound.fetch(url, { ...request, headers, signal: this.stop.signal });
  }

  private async json(url: string, request: OutboundRequest = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
    const response = await this.request(url, request);
    const text = await readCapped(response, MAX_JSON_BYTES);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // an error page: kept as text for the message
    }
    return { status: response.status, body, headers: response.headers as unknown as Headers };
  }

  private processUrl(processId: string, suffix = ''): string {
    return new URL(`processes/${encodeURIComponent(processId)}${suffix}`, this.ades!.url).toString();
  }

  /**
   * Puts the pinned package on the ADES and answers the process description. Decision
   * (docs/decisions.md): when the ADES has the process, its package (`GET
   * /processes/{id}/package`) is compared with ours; when it is the same nothing is sent,
   * otherwise (different, or the ADES does not show packages) it is replaced with `PUT`. A
   * replace the ADES refuses (not the deployer's process, no Part 2) is logged and the
   * process it has runs.
   */
  private async deploy(processId: string, cwl: string, round = 1): Promise<Record<string, unknown> | undefined> {
    const existing = await this.json(this.processUrl(processId));
    if (existing.status === 200) {
      const packaged = await this.request(this.processUrl(processId, '/package'), { headers: { accept: `${CWL_MEDIA_TYPE}, application/json;q=0.5` } });
      const text = packaged.ok ? await readCapped(packaged, MAX_JSON_BYTES) : (await packaged.body?.cancel(), undefined);
      if (text !== undefined && text.trim() === cwl.trim()) {
        this.log(`the ADES has this package of ${processId} already`);
        return isRecord(existing.body) ? existing.body : undefined;
      }
      const replaced = await this.json(this.processUrl(processId), { method: 'PUT', headers: { 'content-type': CWL_MEDIA_TYPE }, body: cwl });
      if (replaced.status >= 200 && replaced.status < 300) this.log(`replaced ${processId} on the ADES with the pinned package`);
      else this.log(`the ADES refused to replace ${processId} (HTTP ${replaced.status}${messageOf(replaced.body)}): running the process it has`);
    } else if (existing.status === 404) {
      const deployed = await this.json(new URL('processes', this.ades!.url).toString(), {
        method: 'POST',
        headers: { 'content-type': CWL_MEDIA_TYPE },
        body: cwl,
      });
      if (deployed.status === 409) {
        // deployed meanwhile (another task): replace it as above; an ADES that keeps answering 404 then 409 is given up on
        if (round >= MAX_DEPLOY_ROUNDS)
          throw new RemoteFailure(`The ADES could not deploy ${processId}: it answers that the process does not exist (404) and that it exists (409).`);
        return this.deploy(processId, cwl, round + 1);
      }
      if (deployed.status < 200 || deployed.status >= 300)
        throw new RemoteFailure(`The ADES refused to deploy ${processId}: HTTP ${deployed.status}${messageOf(deployed.body)}.`);
      this.log(`deployed ${processId} on the ADES`);
    } else {
      throw new RemoteFailure(`The ADES answered HTTP ${existing.status} for the process ${processId}${messageOf(existing.body)}.`);
    }
    const described = await this.json(this.processUrl(processId));
    return isRecord(described.body) ? described.body : undefined;
  }

  /** Starts the job asynchronously and answers its URL. */
  private async execute(processId: string, description: Record<string, unknown> | undefined): Promise<string> {
    const body = JSON.stringify({ inputs: ogcInputs(this.job.inputs, description, Object.keys(this.application.staged ?? {})), response: 'document' });
    const started = await this.json(this.processUrl(processId, '/execution'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body,
    });
    if (started.status < 200 || started.status >= 300)
      throw new RemoteFailure(`The ADES refused to execute ${processId}: HTTP ${started.status}${messageOf(started.body)}.`);
    const location = started.headers.get('location');
    const jobId = isRecord(started.body) && typeof started.body.jobID === 'string' ? started.body.jobID : undefined;
    if (location) return new URL(location, this.ades!.url).toString();
    if (jobId) return new URL(`jobs/${encodeURIComponent(jobId)}`, this.ades!.url).toString();
    throw new RemoteFailure(`The ADES started no job for ${processId}: its answer names none (no Location, no jobID).`);
  }

  /** Polls the job's statusInfo until it is final; status, progress and message changes go into the log. */
  private async follow(jobUrl: string): Promise<Record<string, unknown>> {
    let last = '';
    let failures = 0;
    for (;;) {
      let status: Record<string, unknown> | undefined;
      try {
        const answer = await this.json(jobUrl);
        if (answer.status !== 200 || !isRecord(answer.body)) throw new Error(`HTTP ${answer.status}${messageOf(answer.body)}`);
        status = answer.body;
        failures = 0;
      } catch (error) {
        if (this.stop.signal.aborted) throw error;
        if (++failures >= MAX_POLL_FAILURES)
          throw new RemoteFailure(`The remote job's status could not be read ${failures} times in a row: ${errorText(error)}.`);
        this.log(`the remote job's status could not be read (${errorText(error)}); trying again`);
      }
      if (status) {
        const line = [status.status, typeof status.progress === 'number' ? `${status.progress}%` : undefined, status.message].filter(Boolean).join(' · ');
        if (line !== last) this.log(`remote job: ${line}`);
        last = line;
        if (typeof status.status === 'string' && FINAL.has(status.status)) return status;
      }
      await sleep(this.options.pollMs ?? 2000, undefined, { signal: this.stop.signal });
    }
  }

  /** The job's results: file results downloaded into outDir (their paths are the outputs), literals as values. */
  private async fetchResults(jobUrl: string, status: Record<string, unknown>): Promise<void> {
    const links = Array.isArray(status.links) ? status.links.filter(isRecord) : [];
    const link = links.find((entry) => typeof entry.rel === 'string' && entry.rel.endsWith('results') && typeof entry.href === 'string');
    const resultsUrl = link ? new URL(link.href as string, jobUrl).toString() : `${jobUrl.replace(/\/+$/, '')}/results`;
    const answer = await this.json(resultsUrl);
    if (answer.status !== 200 || !isRecord(answer.body))
      throw new RemoteFailure(`The remote job's results could not be read: HTTP ${answer.status}${messageOf(answer.body)}.`);
    for (const [name, value] of Object.entries(answer.body)) this.outputs[name] = await this.result(name, value);
    this.log(`results: ${Object.keys(this.outputs).join(', ') || 'none'}`);
  }

  private async result(name: string, value: unknown): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map((entry, index) => this.result(`${name}/${index}`, entry)));
    if (!isRecord(value)) return value;
    if (typeof value.href === 'string') return this.download(name, value.href);
    // a qualified literal
    if ('value' in value && Object.keys(value).every((key) => ['value', 'mediaType', 'encoding', 'schema', 'uom'].includes(key))) return value.value;
    return value;
  }

  /** Downloads one file result into `outDir/{name}/`, through the outbound guard; answers its absolute path. */
  private async download(name: string, href: string): Promise<string> {
    const url = new URL(href, this.jobUrl).toString();
    const dir = path.join(this.job.outDir, ...name.split('/').map(safeName));
    const file = path.join(dir, safeName(decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? name)));
    await fs.mkdir(dir, { recursive: true });
    const response = await this.request(url, { headers: { accept: '*/*' }, timeoutMs: Math.max(60_000, this.job.timeoutMs) });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new RemoteFailure(`The result ${name} (${url}) could not be downloaded: HTTP ${response.status}.`);
    }
    const limit = this.job.diskMb * 1024 * 1024;
    let size = 0;
    const out = await fs.open(file, 'w');
    try {
      for await (const chunk of response.body) {
        size += (chunk as Uint8Array).byteLength;
        this.downloaded += (chunk as Uint8Array).byteLength;
        if (limit > 0 && this.downloaded > limit)
          throw new RemoteFailure(`The results are larger than the ${this.job.diskMb} MB the task may use (while downloading ${name}).`);
        await out.write(chunk as Uint8Array);
      }
    } finally {
      await out.close();
    }
    this.log(`downloaded ${name} (${size} bytes)`);
    return file;
  }

  /** Stop and time-out: the remote job is dismissed (DELETE), the local wait ends. */
  cancel(): void {
    // once run() returned the remote job is over (a succeeded one is not dismissed) and the log is closed
    if (this.finished || this.stop.signal.aborted) return;
    this.stop.abort();
    if (this.jobUrl && this.ades) this.dismissal = this.dismiss(this.jobUrl);
  }

  private async dismiss(jobUrl: string): Promise<void> {
    this.log(`dismissing the remote job ${jobUrl}`);
    const token = this.ades?.token;
    const sameOrigin = new URL(jobUrl).origin === new URL(this.ades!.url).origin;
    try {
      const response = await this.options.outbound.fetch(jobUrl, {
        method: 'DELETE',
        headers: { accept: 'application/json', ...(sameOrigin && token ? { authorization: `Bearer ${token}` } : {}) },
      });
      await response.body?.cancel();
      this.log(response.ok ? 'the remote job was dismissed' : `the ADES did not dismiss the remote job: HTTP ${response.status}`);
    } catch (error) {
      this.log(`the remote job could not be dismissed: ${errorText(error)}`);
    }
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

/** A path segment made of a name the ADES chose. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_') || '_';

function messageOf(body: unknown): string {
  if (isRecord(body)) {
    const text = [body.title, body.detail, body.description].find((entry) => typeof entry === 'string' && entry);
    if (typeof text === 'string') return `: ${text}`;
  }
  return typeof body === 'string' && body.trim() && body.length < 300 ? `: ${body.trim()}` : '';
}

/** Whether the process description says the input takes a file (a reference), not a plain string. */
function takesFile(description: Record<string, unknown> | undefined, name: string): boolean {
  const inputs = description && isRecord(description.inputs) ? description.inputs : undefined;
  const input = inputs && isRecord(inputs[name]) ? inputs[name] : undefined;
  const text = JSON.stringify(input?.schema ?? {});
  return /"format":"(uri|binary|uri-reference)"|contentMediaType|"href"/.test(text);
}

/**
 * The task's inputs in OGC form: CWL File and Directory values (`{class, location|path}`)
 * become references (`{href}`), as does a URL given to an EO-product input (`products`: not
 * staged here, the ADES fetches the product) or to an input the description says takes a
 * file; everything else is sent as it is (literals, arrays, objects).
 */
export function ogcInputs(inputs: Record<string, unknown>, description?: Record<string, unknown>, products: string[] = []): Record<string, unknown> {
  const convert = (name: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((entry) => convert(name, entry));
    if (isRecord(value) && (value.class === 'File' || value.class === 'Directory')) {
      const href = value.location ?? value.path;
      return typeof href === 'string' ? { href } : value;
    }
    if (typeof value === 'string' && /^https?:\/\//.test(value) && (products.includes(name) || takesFile(description, name))) return { href: value };
    return value;
  };
  return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [name, convert(name, value)]));
}
