import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { itemLicenceUrl, MODEL_TERMS_FEATURE, termsAccepted, type ModelServiceInfo, type ModelServiceItem } from '@asb/contracts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { signalGroup, terminateGroup } from '../../engine/executors/process-group.js';
import { hideServerPaths } from '../../engine/store/server-paths.js';
import { launchSandbox } from '../../engine/sandbox/sandbox-launch.js';
import type { TaskSandbox } from '../../engine/sandbox/task-sandbox.js';
import type { Principal } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { KeyedQueue } from '../../platform/keyed-queue.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { acceptedTerms } from '../applications/terms.js';
import { ENGINE_OFF, onnxAsset, pinModelFile, type ModelExecutionDeps } from './model-executions.js';
import { modelServices } from './model-services.schema.js';

type ServiceRow = typeof modelServices.$inferSelect;

/** The states of a service that holds its model's place for its owner (spec 3 §4). */
const ACTIVE = ['creating', 'deploying', 'available', 'error'] as const;
/** Whose process runs (or should, after a restart). */
const RUNNING = ['creating', 'deploying', 'available'] as const;
/** How long a service may take to load its model and answer ready. */
const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 200;
const SOCKET = 'oip.sock';
/** The service's log: its last lines are the reason of an error. */
const LOG = 'service.log';

export interface ModelServicesOptions extends ModelExecutionDeps {
  /** the folder the services' files live in ({data}/services) */
  root: string;
  /** the OIP server script (runtime/onnx-serve.mjs) */
  script: string;
  /** the task sandbox, opened when the first service starts */
  sandbox: () => TaskSandbox;
  /** at most this many services run at once on this server, and per user (docs/models.md) */
  maxServices: number;
  maxPerUser: number;
  /** SIGTERM → SIGKILL when a service is stopped */
  killGraceMs?: number;
}

/** Every node_modules folder from `folder` up. */
function nodeModulesAbove(folder: string): string[] {
  const found: string[] = [];
  for (let current = folder; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules');
    if (fs.existsSync(candidate)) found.push(fs.realpathSync(candidate));
    if (path.dirname(current) === current) return found;
  }
}

/** A GET through a Unix socket; resolves with the status (0 when nothing answers). */
function getStatus(socketPath: string, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: urlPath, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.on('timeout', () => request.destroy());
  });
}

/** Whether the process group led by `pid` still has a process. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The reason of a service's end in its log: its own 'asb_model: ' line, else its last lines. */
function lastWords(logPath: string): string {
  try {
    const lines = fs
      .readFileSync(logPath, 'utf8')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean);
    const own = lines.findLast((line) => line.startsWith('asb_model: '));
    if (own) return own.slice('asb_model: '.length);
    return lines.slice(-6).join('\n').slice(-2000) || 'The service stopped.';
  } catch {
    return 'The service stopped.';
  }
}

/** Whether `pid` still is the sandbox of the service whose folder is `dir`, leading its own group (not a process that took its number). */
function isServiceProcess(pid: number, dir: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const group = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
    return group === pid && cmdline.some((arg) => arg.startsWith(dir + path.sep));
  } catch {
    return false;
  }
}

/**
 * Models as services (spec 3 §2 "Model as a Service", §4, §7; docs/models.md "Models as
 * services"): a user starts a model's Open Inference Protocol v2 server (runtime/onnx-serve.mjs,
 * the model loaded once) in the task sandbox, without network, listening on a Unix socket in its
 * folder; the portal proxies `/backend/catalogue/stac/maas/{id}/v2/...` to it for its owner and
 * staff. One service per user and model; a service started before a restart is started again.
 */
export class ModelServices {
  private readonly processes = new Map<number, { pid: number; stopping: boolean }>();
  private readonly readOnly: string[];
  /** the limits' count and the insert happen one start at a time (one server: docs/models.md) */
  private readonly starts = new KeyedQueue<string>();
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ModelServicesOptions,
  ) {
    const scriptDir = path.dirname(fs.realpathSync(options.script));
    const node = fs.realpathSync(process.execPath);
    this.readOnly = [scriptDir, ...nodeModulesAbove(scriptDir), ...(node.startsWith('/usr/') ? [] : [path.dirname(path.dirname(node))])];
  }

  private dir(id: number): string {
    return path.join(this.options.root, String(id));
  }

  /** The socket of a running service of `principal`'s (staff: anyone's), for the proxy; undefined when there is none. */
  async socketFor(principal: Principal, id: number): Promise<string | undefined> {
    const [row] = await this.ctx.db.select().from(modelServices).where(eq(modelServices.id, id));
    if (!row || (row.ownerId !== principal.username && !principal.isStaff)) return undefined;
    if (row.status !== 'available') return undefined;
    return path.join(this.dir(id), 'run', SOCKET);
  }

  private base(): string {
    return (this.ctx.config.publicUrl ?? `http://localhost:${this.ctx.config.port}`).replace(/\/+$/, '');
  }

  private urls(row: ServiceRow): { model_proc_url: string; model_infer_url: string } {
    const model = `${this.base()}/backend/catalogue/stac/maas/${row.id}/v2/models/${encodeURIComponent(row.modelName)}`;
    return { model_proc_url: model, model_infer_url: `${model}/infer` };
  }

  /** Spec 3 §3 Model-as-a-service info of a service (its URLs while it runs). */
  private info(row: ServiceRow | undefined): ModelServiceInfo {
    if (!row || row.status === 'undeployed') return { status: 'undeployed', model_proc_url: null, model_infer_url: null, model_proc_id: null };
    const urls = row.status === 'available' ? this.urls(row) : { model_proc_url: null, model_infer_url: null };
    return { status: row.status, ...urls, model_proc_id: `maas-${row.id}`, started: row.startedAt.toISOString(), error: row.error };
  }

  /** Spec 3 §3 Model-as-service item. */
  item(row: ServiceRow): ModelServiceItem {
    const urls = row.status === 'available' ? this.urls(row) : { model_proc_url: null, model_infer_url: null };
    return {
      name: row.title,
      started: row.startedAt.toISOString(),
      ended: row.endedAt?.toISOString() ?? null,
      model_proc_id: `maas-${row.id}`,
      ...urls,
      collection: row.collectionId,
      id: row.itemId,
      status: row.status,
    };
  }

  private async activeOf(principal: Principal, collection: string, itemId: string): Promise<ServiceRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(modelServices)
      .where(
        and(
          eq(modelServices.ownerId, principal.username),
          eq(modelServices.collectionId, collection),
          eq(modelServices.itemId, itemId),
          ne(modelServices.status, 'undeployed'),
        ),
      );
    return row;
  }

  /** The model item the caller may read, and its ONNX file's URL (undefined: it cannot be a service). */
  private async model(principal: Principal, collection: string, itemId: string) {
    const item = await this.ctx.catalogue.readItem(principal, collection, itemId);
    if (!item || item.properties?.type !== 'model') throw notFound(`No model ${itemId} in the collection ${collection}.`);
    return { item, href: onnxAsset(item) };
  }

  /** GET .../status: the caller's service of the model; {} when the model cannot be deployed (no ONNX file). */
  async status(principal: Principal, collection: string, itemId: string): Promise<ModelServiceInfo> {
    const { href } = await this.model(principal, collection, itemId);
    if (!href) return {};
    return this.info(await this.activeOf(principal, collection, itemId));
  }

  /** GET .../start: creating (its files), deploying (its process loads the model), then available once it answers ready. */
  async start(principal: Principal, collection: string, itemId: string): Promise<ModelServiceInfo> {
    if (this.ctx.config.engine.enabled === false) throw detailError(503, ENGINE_OFF);
    const { item, href } = await this.model(principal, collection, itemId);
    if (!href) throw detailError(409, 'This model cannot be deployed as a service.');
    const properties = (item.properties ?? {}) as Record<string, unknown>;
    const title = String(properties.name ?? properties.title ?? item.id);
    if (this.ctx.config.themeFeatures.includes(MODEL_TERMS_FEATURE)) {
      const licence = itemLicenceUrl(item);
      if (!termsAccepted(licence, await acceptedTerms(this.ctx.db, principal.id)))
        throw detailError(
          403,
          `Accept the terms and conditions of ${licence} before starting ${title} as a service (POST /usermgr/v1/terms-and-conditions/accept/).`,
        );
    }
    const created = await this.starts.run('start', async (): Promise<ServiceRow | ModelServiceInfo> => {
      const current = await this.activeOf(principal, collection, itemId);
      if (current && current.status !== 'error') return this.info(current);
      // an errored service gives its place (and its files) to the new start
      if (current) {
        await this.markEnded(current.id, 'undeployed', ['error']);
        this.removeFiles(current.id);
      }
      const running = await this.ctx.db
        .select({ ownerId: modelServices.ownerId })
        .from(modelServices)
        .where(inArray(modelServices.status, [...RUNNING]));
      if (running.length >= this.options.maxServices)
        throw detailError(409, `This portal runs at most ${this.options.maxServices} model services at once: stop one (on /resources) and start again.`);
      if (running.filter((row) => row.ownerId === principal.username).length >= this.options.maxPerUser)
        throw detailError(409, `You may run at most ${this.options.maxPerUser} model services at once: stop one on /resources first.`);
      try {
        const [row] = await this.ctx.db
          .insert(modelServices)
          .values({
            collectionId: collection,
            itemId,
            title,
            modelName: typeof properties['mlm:name'] === 'string' && properties['mlm:name'] ? properties['mlm:name'] : item.id,
            modelVersion: typeof properties.version === 'string' && properties.version ? properties.version : '1',
            ownerId: principal.username,
            ownerUserId: principal.id,
            status: 'creating',
          })
          .returning();
        return row!;
      } catch (error) {
        // another start of the same model by the same user (on another server) won the race: its service is the one
        if (!isUniqueViolation(error)) throw error;
        return this.info(await this.activeOf(principal, collection, itemId));
      }
    });
    if (!('id' in created)) return created;
    const dir = this.dir(created.id);
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(path.join(dir, 'package'), { recursive: true });
      await pinModelFile(this.ctx, this.options, principal, href, path.join(dir, 'package', 'model.onnx'));
      fs.chmodSync(path.join(dir, 'package'), 0o755);
      fs.chmodSync(path.join(dir, 'package', 'model.onnx'), 0o644);
    } catch (error) {
      this.removeFiles(created.id);
      await this.markEnded(created.id, 'error', ['creating'], this.shown(error));
      throw error;
    }
    // stopped while its files were copied: it never starts
    const [deploying] = await this.ctx.db
      .update(modelServices)
      .set({ status: 'deploying' })
      .where(and(eq(modelServices.id, created.id), eq(modelServices.status, 'creating')))
      .returning();
    if (!deploying) {
      this.removeFiles(created.id);
      return this.info(undefined);
    }
    return this.info(await this.launch(deploying));
  }

  /** An error as its owner reads it: an HTTP refusal's text, else the message without the server's folders. */
  private shown(error: unknown): string {
    const detail = (error as { body?: { detail?: unknown } }).body?.detail;
    if (typeof detail === 'string') return detail;
    return hideServerPaths(error instanceof Error ? error.message : String(error), path.dirname(this.options.root));
  }

  /** A service's folder goes once nothing runs in it. */
  private removeFiles(id: number): void {
    try {
      fs.rmSync(this.dir(id), { recursive: true, force: true });
    } catch (error) {
      this.ctx.log.warn({ err: error, service: id }, 'model service: its folder could not be removed');
    }
  }

  /** Starts the service's process in the sandbox: deploying, then available once it answers ready (in the background). */
  private async launch(row: ServiceRow): Promise<ServiceRow> {
    const dir = this.dir(row.id);
    const runDir = path.join(dir, 'run');
    fs.rmSync(runDir, { recursive: true, force: true });
    fs.rmSync(path.join(dir, 'scratch'), { recursive: true, force: true });
    const resources = this.ctx.config.applications;
    let pid: number;
    try {
      const sandbox = this.options.sandbox();
      const spawned = sandbox.spawn({
        job: { inputs: {}, outDir: runDir, cpus: 1, memoryMb: resources.memoryMb, diskMb: 64, network: false },
        wrapperDir: path.join(dir, 'package'),
        scratchDir: path.join(dir, 'scratch'),
        cpuList: [...Array(os.availableParallelism()).keys()],
        readOnly: this.readOnly,
        // its socket is found in its output folder
        ownFilesystem: false,
        command: (folders) => [
          process.execPath,
          this.options.script,
          `${folders.wrapper}/model.onnx`,
          row.modelName,
          row.modelVersion,
          `${folders.out}/${SOCKET}`,
        ],
      });
      const log = fs.openSync(path.join(dir, LOG), 'w');
      const child = launchSandbox(spawned, { stdio: ['ignore', log, log], onSetupFailed: () => undefined });
      fs.closeSync(log);
      const removeGroup = () =>
        spawned.cgroup?.remove().catch((error: unknown) => this.ctx.log.warn({ err: error, service: row.id }, 'model service: its control group'));
      if (child.pid === undefined) {
        void removeGroup();
        throw new Error('the service could not be started');
      }
      pid = child.pid;
      child.once('exit', () => {
        void removeGroup();
        this.exited(row.id, pid).catch((error: unknown) => this.ctx.log.warn({ err: error, service: row.id }, 'model service: its end'));
      });
      child.on('error', () => undefined);
    } catch (error) {
      return (await this.markEnded(row.id, 'error', ['deploying'], this.shown(error))) ?? row;
    }
    this.processes.set(row.id, { pid, stopping: false });
    const [deploying] = await this.ctx.db
      .update(modelServices)
      .set({ pid, error: null })
      .where(and(eq(modelServices.id, row.id), eq(modelServices.status, 'deploying')))
      .returning();
    if (!deploying) {
      // stopped meanwhile: its process goes at once
      this.processes.get(row.id)!.stopping = true;
      terminateGroup(pid, this.options.killGraceMs);
      return row;
    }
    this.awaitReady(row.id, path.join(runDir, SOCKET)).catch((error: unknown) =>
      this.ctx.log.warn({ err: error, service: row.id }, 'model service: readiness'),
    );
    return deploying;
  }

  /** available once the service answers /v2/health/ready through its socket; error when it does not in time. */
  private async awaitReady(id: number, socketPath: string): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && this.processes.has(id) && !this.closed) {
      if ((await getStatus(socketPath, '/v2/health/ready')) === 200) {
        await this.ctx.db
          .update(modelServices)
          .set({ status: 'available' })
          .where(and(eq(modelServices.id, id), eq(modelServices.status, 'deploying')));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    const running = this.processes.get(id);
    if (!running || this.closed) return;
    running.stopping = true;
    terminateGroup(running.pid, this.options.killGraceMs);
    await this.markEnded(id, 'error', ['deploying'], `The service did not answer ready within ${READY_TIMEOUT_MS / 1000} s.\n${this.lastWords(id)}`);
  }

  /** Its process ended: a stop's end, a shutdown's, or a failure (error, with its last words). */
  private async exited(id: number, pid: number): Promise<void> {
    const running = this.processes.get(id);
    if (running?.pid === pid) this.processes.delete(id);
    // whatever the service left in its group goes with it
    signalGroup(pid, 'SIGKILL');
    if (this.closed) return;
    if (!running || running.pid !== pid || running.stopping) {
      // a stopped service's files go with its process
      const [row] = await this.ctx.db.select({ status: modelServices.status }).from(modelServices).where(eq(modelServices.id, id));
      if (row?.status === 'undeployed') this.removeFiles(id);
      return;
    }
    await this.ctx.db
      .update(modelServices)
      .set({ status: 'error', error: this.lastWords(id), pid: null })
      .where(and(eq(modelServices.id, id), inArray(modelServices.status, [...RUNNING])));
  }

  private lastWords(id: number): string {
    return hideServerPaths(lastWords(path.join(this.dir(id), LOG)), path.dirname(this.options.root));
  }

  /** Ends a service that is in one of `from` (a stop that came first wins); undefined when it was not. */
  private async markEnded(id: number, status: 'undeployed' | 'error', from: ServiceRow['status'][], error?: string): Promise<ServiceRow | undefined> {
    const [row] = await this.ctx.db
      .update(modelServices)
      .set({ status, pid: null, endedAt: status === 'undeployed' ? new Date() : null, ...(error === undefined ? {} : { error: error.slice(0, 4000) }) })
      .where(and(eq(modelServices.id, id), inArray(modelServices.status, from)))
      .returning();
    return row;
  }

  /** GET .../stop: the caller's service ends (undeployed); answers its status. */
  async stop(principal: Principal, collection: string, itemId: string): Promise<ModelServiceInfo> {
    // by the caller's own row: a model that went private or away since can still be stopped
    const current = await this.activeOf(principal, collection, itemId);
    if (!current) return this.info(undefined);
    await this.markEnded(current.id, 'undeployed', [...ACTIVE]);
    const running = this.processes.get(current.id);
    if (running) {
      running.stopping = true;
      terminateGroup(running.pid, this.options.killGraceMs);
    } else {
      // in error, or still copying its files (the start sees the stop and never launches)
      if (current.status === 'error') this.removeFiles(current.id);
    }
    return this.info(undefined);
  }

  /** GET models/started: the caller's services that run (or are starting). */
  async started(principal: Principal): Promise<ModelServiceItem[]> {
    const rows = await this.ctx.db
      .select()
      .from(modelServices)
      .where(and(eq(modelServices.ownerId, principal.username), inArray(modelServices.status, [...ACTIVE])))
      .orderBy(desc(modelServices.startedAt));
    return rows.map((row) => this.item(row));
  }

  /** GET maas/usage: the caller's services, running and ended, newest first. */
  async usage(principal: Principal): Promise<ModelServiceItem[]> {
    const rows = await this.ctx.db
      .select()
      .from(modelServices)
      .where(eq(modelServices.ownerId, principal.username))
      .orderBy(desc(modelServices.startedAt))
      .limit(500);
    return rows.map((row) => this.item(row));
  }

  /**
   * After a (re)start of the server: the services that ran are started again (their processes
   * died with the server's), under the same id and URLs; those still creating are errors.
   */
  async resume(): Promise<void> {
    const rows = await this.ctx.db
      .select()
      .from(modelServices)
      .where(inArray(modelServices.status, [...RUNNING]));
    for (const row of rows) {
      if (row.pid && isServiceProcess(row.pid, this.dir(row.id))) signalGroup(row.pid, 'SIGKILL');
      if (row.status === 'creating' || !fs.existsSync(path.join(this.dir(row.id), 'package', 'model.onnx'))) {
        await this.markEnded(row.id, 'error', [...RUNNING], 'The service was being created when the portal stopped: start it again.');
        continue;
      }
      await this.ctx.db.update(modelServices).set({ status: 'deploying' }).where(eq(modelServices.id, row.id));
      await this.launch({ ...row, status: 'deploying' });
    }
  }

  /** The server stops: its services' processes end with it (they start again with the next start). */
  async close(): Promise<void> {
    this.closed = true;
    for (const [, running] of this.processes) {
      running.stopping = true;
      signalGroup(running.pid, 'SIGTERM');
    }
    const deadline = Date.now() + (this.options.killGraceMs ?? 5000);
    while ([...this.processes.values()].some((running) => groupAlive(running.pid)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const [, running] of this.processes) signalGroup(running.pid, 'SIGKILL');
    this.processes.clear();
  }
}
