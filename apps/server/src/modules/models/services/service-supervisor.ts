import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../../app-context.js';
import { signalGroup, terminateGroup } from '../../../engine/executors/process-group.js';
import { nodeScriptReadOnly } from '../../../engine/runtime/node-script-paths.js';
import type { TaskSandbox } from '../../../engine/sandbox/task-sandbox.js';
import { hideServerPaths } from '../../../engine/store/server-paths.js';
import { onnxAsset } from '@asb/contracts';
import { pinModelFile, type ModelExecutionDeps } from '../model-executions.js';
import type { LocalService } from './service-gateway.js';
import { getStatus, groupAlive, lastWords, launchServiceProcess, LOG, SOCKET } from './service-process.js';
import { RUNNING, type Claim, type ServiceRow, type ServiceStore } from './service-store.js';

/** How long a service may take to load its model and answer ready. */
const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 200;

export interface ServiceSupervisorOptions extends ModelExecutionDeps {
  /** the folder the services' files live in ({data}/services) */
  root: string;
  /** the OIP server script (runtime/onnx-serve.mjs) */
  script: string;
  /** the task sandbox, opened when the first service starts */
  sandbox: () => TaskSandbox;
  /** SIGTERM → SIGKILL when a service is stopped */
  killGraceMs?: number;
}

interface Running {
  pid: number;
  generation: number;
  dir: string;
  stopping: boolean;
}

/**
 * The service processes of one node: each claimed service's model pinned, its OIP server started
 * in the task sandbox, watched until ready and until it ends. Every change it writes holds the
 * node's claim (id and generation), so it never overwrites a successor's.
 */
export class ServiceSupervisor {
  private readonly processes = new Map<number, Running>();
  /** services whose files are being made ready here, before their process starts */
  private readonly starting = new Set<number>();
  private readonly readOnly: string[];
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly store: ServiceStore,
    private readonly nodeId: string,
    private readonly options: ServiceSupervisorOptions,
  ) {
    this.readOnly = nodeScriptReadOnly(options.script);
  }

  /** The service as this node's proxy and gateway reach it, while its process runs here. */
  local(id: number): LocalService | undefined {
    const running = this.processes.get(id);
    if (!running || running.stopping) return undefined;
    return { generation: running.generation, socketPath: path.join(running.dir, 'run', SOCKET) };
  }

  /** The services whose processes run here, with the generation each was claimed at. */
  held(): [id: number, generation: number][] {
    return [...this.processes].map(([id, running]) => [id, running.generation]);
  }

  /** Whether the service starts or runs here. */
  isHere(id: number): boolean {
    return this.starting.has(id) || this.processes.has(id);
  }

  private dir(id: number, generation: number): string {
    return path.join(this.options.root, `${id}-${generation}`);
  }

  /**
   * Removes the folders of services that no longer run under that claim (a killed server's, an
   * earlier version's `{id}`): the folder may be shared by the nodes, so a folder whose service
   * still runs under its generation stays, wherever it runs.
   */
  async removeLeftovers(): Promise<void> {
    let names: string[];
    try {
      names = fs.readdirSync(this.options.root);
    } catch {
      return; // no service ever ran here
    }
    const folders = names.flatMap((name) => {
      const match = /^(\d+)(?:-\d+)?$/.exec(name);
      return match ? [{ name, id: Number(match[1]) }] : [];
    });
    if (folders.length === 0) return;
    const live = new Set((await this.store.running()).map((row) => `${row.id}-${row.generation}`));
    for (const folder of folders) if (!live.has(folder.name)) this.removeFiles(path.join(this.options.root, folder.name), folder.id);
  }

  /** Work in the background that close() waits for. */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  warn(error: unknown, service: number, what: string): void {
    this.ctx.log.warn({ err: error, service }, `model service: ${what}`);
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
    // an earlier generation still runs here when its row moved on between the node's reconcile and
    // this claim: it ends now, as its entry gives way to the new one and no later reconcile would find it
    this.stop(row.id);
    this.starting.add(row.id);
    try {
      return await this.prepare(row);
    } finally {
      this.starting.delete(row.id);
    }
  }

  private async prepare(row: ServiceRow): Promise<ServiceRow> {
    const claim: Claim = { id: row.id, nodeId: this.nodeId, generation: row.generation };
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
      this.removeFiles(dir, row.id);
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
    // the next start of this service (here or elsewhere) makes a new folder: this one is done with
    const words = this.closed ? '' : this.lastWords(dir);
    this.removeFiles(dir, claim.id);
    if (this.closed || !isCurrent || running.stopping) return;
    await this.store.updateClaimed(claim, RUNNING, { status: 'error', error: words, pid: null });
  }

  /** The server stops: the processes end (SIGTERM, then SIGKILL after the grace), their folders with them. */
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
    for (const [id, running] of this.processes) {
      signalGroup(running.pid, 'SIGKILL');
      this.removeFiles(running.dir, id);
    }
    this.processes.clear();
    await Promise.allSettled([...this.pending]);
  }
}
