import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../../app-context.js';
import { signalGroup, terminateGroup } from '../../../engine/executors/process-group.js';
import type { TaskSandbox } from '../../../engine/sandbox/task-sandbox.js';
import { hideServerPaths } from '../../../engine/store/server-paths.js';
import { onnxAsset, pinModelFile, type ModelExecutionDeps } from '../model-executions.js';
import { ServiceGateway, type LocalService } from './service-gateway.js';
import { getStatus, groupAlive, lastWords, launchServiceProcess, LOG, serviceReadOnly, SOCKET } from './service-process.js';
import { RUNNING, type Claim, type ServiceRow, type ServiceStore } from './service-store.js';

/** How long a service may take to load its model and answer ready. */
const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 200;
/** At most this many orphans are claimed per sweep, so that one node does not take a dead node's all at once. */
const CLAIMS_PER_SWEEP = 2;

export interface ServiceNodeOptions extends ModelExecutionDeps {
  /** the folder the services' files live in ({data}/services) */
  root: string;
  /** the OIP server script (runtime/onnx-serve.mjs) */
  script: string;
  /** the task sandbox, opened when the first service starts */
  sandbox: () => TaskSandbox;
  /** the portal's signing secret: the per-service tokens are derived from it */
  secret: string;
  /** host:port the gateway listens on, and the address the other replicas reach it at */
  listen: string;
  address: string | undefined;
  heartbeatMs: number;
  /** SIGTERM → SIGKILL when a service is stopped */
  killGraceMs?: number;
}

/**
 * What the other replicas reach a wildcard listener at: the machine's first outward IPv4 address
 * (a container's on its network, needing no DNS), else its hostname; a machine with several
 * networks sets ASB_MODEL_SERVICE_ADDRESS.
 */
function machineAddress(): string {
  const outward = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  return outward?.address ?? os.hostname();
}

interface Running {
  pid: number;
  generation: number;
  dir: string;
  stopping: boolean;
}

/**
 * This server process as a node that runs model services (docs/models.md "Across replicas"): it
 * registers with its gateway's address, beats every `heartbeatMs`, claims the services no live
 * node holds (new ones started on a replica without the engine, and a dead node's), runs each in
 * the task sandbox, and ends the processes whose rows no longer name it (stopped on another
 * replica, or claimed by another node while this one was taken for dead).
 */
export class ServiceNode {
  readonly id = crypto.randomUUID();
  private readonly processes = new Map<number, Running>();
  private readonly readOnly: string[];
  private readonly gateway: ServiceGateway;
  private readonly pending = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private registration: { id: string; address: string; hostname: string; pid: number } | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly store: ServiceStore,
    private readonly options: ServiceNodeOptions,
  ) {
    this.readOnly = serviceReadOnly(options.script);
    this.gateway = new ServiceGateway(options.secret, (id) => this.local(id));
  }

  /** Listens, registers, then beats and sweeps until closed. */
  async open(): Promise<void> {
    const port = await this.gateway.listen(this.options.listen);
    const host = this.options.listen.slice(0, this.options.listen.lastIndexOf(':'));
    const reachable = host === '0.0.0.0' || host === '::' ? machineAddress() : host;
    const address = (this.options.address ?? `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`).replace(/\/+$/, '');
    this.registration = { id: this.id, address, hostname: os.hostname(), pid: process.pid };
    await this.store.registerNode(this.registration);
    await this.store.forgetOldNodes();
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs);
    await this.tick();
  }

  /** The service as this node's proxy and gateway reach it, while its process runs here. */
  local(id: number): LocalService | undefined {
    const running = this.processes.get(id);
    if (!running || running.stopping) return undefined;
    return { generation: running.generation, socketPath: path.join(running.dir, 'run', SOCKET) };
  }

  private dir(id: number, generation: number): string {
    return path.join(this.options.root, `${id}-${generation}`);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private warn(error: unknown, service: number, what: string): void {
    this.ctx.log.warn({ err: error, service }, `model service: ${what}`);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      // silent for a day (a frozen machine) and forgotten: it comes back as a new node would
      if (!(await this.store.heartbeat(this.id)) && this.registration) await this.store.registerNode(this.registration);
      await this.reconcile();
      for (const orphan of await this.store.orphans(this.options.heartbeatMs, CLAIMS_PER_SWEEP)) {
        if (this.closed) break;
        const claimed = await this.store.claim(orphan, this.id);
        if (claimed) void this.track(this.host(claimed)).catch((error: unknown) => this.warn(error, claimed.id, 'its start here'));
      }
    } catch (error) {
      if (!this.closed) this.ctx.log.warn({ err: error }, 'model services: the node’s heartbeat');
    } finally {
      this.ticking = false;
    }
  }

  /** Processes whose rows were stopped or moved to another node end. */
  private async reconcile(): Promise<void> {
    if (this.processes.size === 0) return;
    const rows = new Map((await this.store.onNode(this.id)).map((row) => [row.id, row]));
    for (const [id, running] of this.processes) {
      const row = rows.get(id);
      if (!row || row.generation !== running.generation || !(RUNNING as readonly string[]).includes(row.status)) this.stop(id);
    }
  }

  /** Ends the process of a service if it runs here (its row already says why). */
  stop(id: number): void {
    const running = this.processes.get(id);
    if (!running || running.stopping) return;
    running.stopping = true;
    terminateGroup(running.pid, this.options.killGraceMs);
  }

  /** An error as its owner reads it: an HTTP refusal's text, else the message without the server's folders. */
  private shown(error: unknown): string {
    const detail = (error as { body?: { detail?: unknown } }).body?.detail;
    if (typeof detail === 'string') return detail;
    return hideServerPaths(error instanceof Error ? error.message : String(error), path.dirname(this.options.root));
  }

  private removeFiles(dir: string, id: number): void {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      this.warn(error, id, 'its folder could not be removed');
    }
  }

  /**
   * Runs a service this node holds: its model pinned as its owner may read it (creating), its
   * process started (deploying), available once it answers ready. Answers its row as it stands.
   */
  async host(row: ServiceRow): Promise<ServiceRow> {
    const claim: Claim = { id: row.id, nodeId: this.id, generation: row.generation };
    const dir = this.dir(row.id, row.generation);
    try {
      const principal = (await this.ctx.users.principal(row.ownerId))?.principal;
      if (!principal) throw new Error('Its owner no longer exists.');
      const item = await this.ctx.catalogue.readItem(principal, row.collectionId, row.itemId);
      const href = item && item.properties?.type === 'model' ? onnxAsset(item) : undefined;
      if (!href) throw new Error(`The model ${row.itemId} is no longer in ${row.collectionId} for its owner.`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(path.join(dir, 'package'), { recursive: true });
      await pinModelFile(this.ctx, this.options, principal, href, path.join(dir, 'package', 'model.onnx'));
      fs.chmodSync(path.join(dir, 'package'), 0o755);
      fs.chmodSync(path.join(dir, 'package', 'model.onnx'), 0o644);
    } catch (error) {
      this.removeFiles(dir, row.id);
      return (await this.store.updateClaimed(claim, ['creating'], { status: 'error', error: this.shown(error) })) ?? row;
    }
    // stopped (or claimed by another) while its files were copied: it never starts
    const deploying = await this.store.updateClaimed(claim, ['creating'], { status: 'deploying' });
    if (!deploying || this.closed) {
      this.removeFiles(dir, row.id);
      return deploying ?? row;
    }
    return this.launch(deploying, claim, dir);
  }

  private async launch(row: ServiceRow, claim: Claim, dir: string): Promise<ServiceRow> {
    let pid = 0;
    try {
      pid = launchServiceProcess({
        dir,
        modelName: row.modelName,
        modelVersion: row.modelVersion,
        memoryMb: this.ctx.config.applications.memoryMb,
        script: this.options.script,
        readOnly: this.readOnly,
        sandbox: this.options.sandbox(),
        onExit: () => void this.exited(claim, pid, dir).catch((error: unknown) => this.warn(error, row.id, 'its end')),
        onWarning: (error) => this.warn(error, row.id, 'its control group'),
      });
    } catch (error) {
      return (await this.store.updateClaimed(claim, ['deploying'], { status: 'error', error: this.shown(error) })) ?? row;
    }
    this.processes.set(row.id, { pid, generation: claim.generation, dir, stopping: false });
    const deploying = await this.store.updateClaimed(claim, ['deploying'], { pid, error: null });
    if (!deploying) {
      // stopped meanwhile: its process goes at once
      this.stop(row.id);
      return row;
    }
    void this.track(this.awaitReady(claim, dir)).catch((error: unknown) => this.warn(error, row.id, 'readiness'));
    return deploying;
  }

  /** available once the service answers /v2/health/ready through its socket; error when it does not in time. */
  private async awaitReady(claim: Claim, dir: string): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const socketPath = path.join(dir, 'run', SOCKET);
    const isOurs = () => this.processes.get(claim.id)?.generation === claim.generation && !this.processes.get(claim.id)?.stopping;
    while (Date.now() < deadline && isOurs() && !this.closed) {
      if ((await getStatus(socketPath, '/v2/health/ready')) === 200) {
        await this.store.updateClaimed(claim, ['deploying'], { status: 'available' });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
    if (!isOurs() || this.closed) return;
    const words = this.lastWords(dir);
    this.stop(claim.id);
    await this.store.updateClaimed(claim, ['deploying'], {
      status: 'error',
      pid: null,
      error: `The service did not answer ready within ${READY_TIMEOUT_MS / 1000} s.\n${words}`,
    });
  }

  private lastWords(dir: string): string {
    return hideServerPaths(lastWords(path.join(dir, LOG)), path.dirname(this.options.root));
  }

  /** Its process ended: a stop's end, a shutdown's, or a failure (error, with its last words); its folder goes with it. */
  private async exited(claim: Claim, pid: number, dir: string): Promise<void> {
    const running = this.processes.get(claim.id);
    const isCurrent = running?.pid === pid;
    if (isCurrent) this.processes.delete(claim.id);
    // whatever the service left in its group goes with it
    signalGroup(pid, 'SIGKILL');
    if (this.closed) return;
    const words = this.lastWords(dir);
    this.removeFiles(dir, claim.id);
    if (!isCurrent || running.stopping) return;
    await this.store.updateClaimed(claim, RUNNING, { status: 'error', error: words, pid: null });
  }

  /**
   * The server stops: its services' processes end, then the node says it stopped, so that
   * another replica claims them at once (or this server at its next start).
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const [, running] of this.processes) {
      running.stopping = true;
      signalGroup(running.pid, 'SIGTERM');
    }
    const deadline = Date.now() + (this.options.killGraceMs ?? 5000);
    while ([...this.processes.values()].some((running) => groupAlive(running.pid)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const [, running] of this.processes) {
      signalGroup(running.pid, 'SIGKILL');
      this.removeFiles(running.dir, 0);
    }
    this.processes.clear();
    await Promise.allSettled([...this.pending]);
    await this.gateway.close();
    await this.store.stopNode(this.id).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'model services: the node could not say it stopped'));
  }
}
