import crypto from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../../app-context.js';
import { ServiceGateway } from './service-gateway.js';
import { RUNNING, type ServiceRow, type ServiceStore } from './service-store.js';
import { ServiceSupervisor, type ServiceSupervisorOptions } from './service-supervisor.js';

const isRunning = (row: ServiceRow) => (RUNNING as readonly string[]).includes(row.status);

/** At most this many orphans are claimed per sweep, so that one node does not take a dead node's all at once. */
const CLAIMS_PER_SWEEP = 2;

export interface ServiceNodeOptions extends ServiceSupervisorOptions {
  /** the portal's signing secret: the per-service tokens are derived from it */
  secret: string;
  /** host:port the gateway listens on, and the address the other replicas reach it at */
  listen: string;
  address: string | undefined;
  heartbeatMs: number;
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

/**
 * This server process as a node that runs model services (docs/models.md "Across replicas"): it
 * registers with its gateway's address, beats every `heartbeatMs`, claims the services no live
 * node holds (new ones started on a replica without the engine, and a dead node's) for its
 * supervisor to run, and ends the processes whose rows no longer name it (stopped on another
 * replica, or claimed by another node while this one was taken for dead).
 */
export class ServiceNode {
  readonly id = crypto.randomUUID();
  private readonly supervisor: ServiceSupervisor;
  private readonly gateway: ServiceGateway;
  private timer: NodeJS.Timeout | undefined;
  private beating = false;
  private sweeping = false;
  /** the services of silent nodes this node saw at its last sweep, with their generation */
  private suspects = new Map<number, number>();
  private registration: { id: string; address: string; hostname: string; pid: number; cpus: number } | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly store: ServiceStore,
    private readonly options: ServiceNodeOptions,
  ) {
    this.supervisor = new ServiceSupervisor(ctx, store, this.id, options);
    this.gateway = new ServiceGateway(options.secret, (id) => this.supervisor.local(id));
  }

  /** Listens, registers, then beats and sweeps until closed. */
  async open(): Promise<void> {
    const port = await this.gateway.listen(this.options.listen);
    const host = this.options.listen.slice(0, this.options.listen.lastIndexOf(':'));
    const reachable = host === '0.0.0.0' || host === '::' ? machineAddress() : host;
    const address = (this.options.address ?? `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`).replace(/\/+$/, '');
    this.registration = { id: this.id, address, hostname: os.hostname(), pid: process.pid, cpus: this.ctx.config.engine.localCpus };
    await this.store.registerNode(this.registration);
    await this.store.forgetOldNodes();
    await this.supervisor.removeLeftovers();
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs);
    await this.tick();
  }

  /** The service as the proxy reaches it, while its process runs here. */
  local(id: number) {
    return this.supervisor.local(id);
  }

  /** Runs a service this node holds (a start here); answers its row as it stands. */
  host(row: ServiceRow): Promise<ServiceRow> {
    return this.supervisor.host(row);
  }

  /** Ends the process of a service if it runs here (its row already says why). */
  stop(id: number): void {
    this.supervisor.stop(id);
  }

  /**
   * Beats, then sweeps. The beat goes out at every interval even while the last sweep still
   * waits on a slow database: a node busy claiming is no dead one, and the other nodes would take
   * its services if a slow sweep held its beats back for 3 intervals.
   */
  private async tick(): Promise<void> {
    if (this.beating || this.closed) return;
    this.beating = true;
    try {
      // silent for a day (a frozen machine) and forgotten: it comes back as a new node would
      if (!(await this.store.heartbeat(this.id)) && this.registration) await this.store.registerNode(this.registration);
    } catch (error) {
      if (!this.closed) this.ctx.log.warn({ err: error }, 'model services: the node’s heartbeat');
      return;
    } finally {
      this.beating = false;
    }
    await this.sweep();
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const assigned = await this.reconcile();
      for (const row of assigned) await this.claim(row);
      // a dead node's services (and those started while no node lived) go to the least loaded node, one at a time;
      // a silent node's only when still orphaned a sweep later: after a database (or machine) stalled every node at
      // once, the first node to sweep would see the others' beats as old as its own, and take their services
      const orphans = await this.store.orphans(CLAIMS_PER_SWEEP, this.id);
      const seen = this.suspects;
      this.suspects = new Map(orphans.filter((orphan) => orphan.silent).map((orphan) => [orphan.id, orphan.generation]));
      for (const orphan of orphans) {
        if (orphan.silent && seen.get(orphan.id) !== orphan.generation) continue;
        if (this.closed || (await this.store.leastLoadedNode()) !== this.id) break;
        await this.claim(orphan);
      }
    } catch (error) {
      if (!this.closed) this.ctx.log.warn({ err: error }, 'model services: the node’s sweep');
    } finally {
      this.sweeping = false;
    }
  }

  /** Takes a service for a fresh start here (a new generation: whoever held it before no longer acts on it). */
  private async claim(row: Pick<ServiceRow, 'id' | 'generation'>): Promise<void> {
    const claimed = await this.store.claim(row, this.id);
    if (claimed) void this.supervisor.track(this.supervisor.host(claimed)).catch((error: unknown) => this.supervisor.warn(error, claimed.id, 'its start here'));
  }

  /**
   * Processes whose rows were stopped or moved to another node end; answers the services that
   * should run here and do not (placed here by a start on another replica).
   */
  private async reconcile(): Promise<ServiceRow[]> {
    const rows = await this.store.onNode(this.id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [id, generation] of this.supervisor.held()) {
      const row = byId.get(id);
      if (!row || row.generation !== generation || !isRunning(row)) this.supervisor.stop(id);
    }
    return rows.filter((row) => isRunning(row) && !this.supervisor.isHere(row.id));
  }

  /**
   * The server stops: its services' processes end, then the node says it stopped, so that
   * another replica claims them at once (or this server at its next start).
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.supervisor.close();
    await this.gateway.close();
    await this.store.stopNode(this.id).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'model services: the node could not say it stopped'));
  }
}
