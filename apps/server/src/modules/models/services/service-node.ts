import crypto from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../../app-context.js';
import { ServiceGateway } from './service-gateway.js';
import { RUNNING, type ServiceRow, type ServiceStore } from './service-store.js';
import { ServiceSupervisor, type ServiceSupervisorOptions } from './service-supervisor.js';

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
  private ticking = false;
  private registration: { id: string; address: string; hostname: string; pid: number } | undefined;
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
    this.registration = { id: this.id, address, hostname: os.hostname(), pid: process.pid };
    await this.store.registerNode(this.registration);
    await this.store.forgetOldNodes();
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
        if (claimed)
          void this.supervisor.track(this.supervisor.host(claimed)).catch((error: unknown) => this.supervisor.warn(error, claimed.id, 'its start here'));
      }
    } catch (error) {
      if (!this.closed) this.ctx.log.warn({ err: error }, 'model services: the node’s heartbeat');
    } finally {
      this.ticking = false;
    }
  }

  /** Processes whose rows were stopped or moved to another node end. */
  private async reconcile(): Promise<void> {
    const held = this.supervisor.held();
    if (held.length === 0) return;
    const rows = new Map((await this.store.onNode(this.id)).map((row) => [row.id, row]));
    for (const [id, generation] of held) {
      const row = rows.get(id);
      if (!row || row.generation !== generation || !(RUNNING as readonly string[]).includes(row.status)) this.supervisor.stop(id);
    }
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
