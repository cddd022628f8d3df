import { itemLicenceUrl, MODEL_TERMS_FEATURE, onnxAsset, type ModelServiceInfo, type ModelServiceItem, type StaffModelServiceItem } from '@asb/contracts';
import type { AppContext } from '../../../app-context.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { isUniqueViolation } from '../../../platform/db/unique-violation.js';
import { detailError, notFound } from '../../../platform/http/errors.js';
import { rowId } from '../../../platform/http/ids.js';
import { requireTermsAccepted } from '../../terms/terms-gate.js';
import type { ServiceNode } from './service-node.js';
import { ACTIVE, type ServiceRow, type ServiceStore } from './service-store.js';
import { serviceToken } from './service-token.js';
import { serviceInfo, serviceItem, staffServiceItem } from './service-views.js';

/** A start on a replica without the engine when no server of the portal runs services. */
const NO_NODE = 'No server of this portal runs model services at the moment (those with the engine on do): try again later.';

/** Where the proxy finds a running service: its socket on this node, or another node's gateway with the claim's token. */
export type ServiceTarget = { socketPath: string } | { address: string; token: string } | 'unreachable';

export interface ModelServicesOptions {
  /** this server's node; undefined on a replica without the engine (its starts wait for a node to claim them) */
  node: ServiceNode | undefined;
  /** the portal's signing secret, which the per-service tokens derive from */
  secret: string;
  /** at most this many services run at once in the whole portal, and per user (docs/models.md) */
  maxServices: number;
  maxPerUser: number;
}

/**
 * Models as services (spec 3 §2 "Model as a Service", §4, §7; docs/models.md "Models as
 * services"): a user starts a model's Open Inference Protocol v2 server, which a node of the
 * portal runs in its task sandbox; any replica proxies `/backend/catalogue/stac/maas/{id}/v2/...`
 * to it for its owner and staff. One service per user and model; the limits are counted in the
 * database; a service whose node dies is started again on another.
 */
export class ModelServices {
  constructor(
    private readonly ctx: AppContext,
    private readonly store: ServiceStore,
    private readonly options: ModelServicesOptions,
  ) {}

  private base(): string {
    return (this.ctx.config.publicUrl ?? `http://localhost:${this.ctx.config.port}`).replace(/\/+$/, '');
  }

  private info(row: ServiceRow | undefined): ModelServiceInfo {
    return serviceInfo(this.base(), row);
  }

  /** Where the proxy sends a request to a running service of `principal`'s (staff: anyone's); undefined when there is none. */
  async target(principal: Principal, id: number): Promise<ServiceTarget | undefined> {
    const row = await this.store.byId(id);
    if (!row || (row.ownerId !== principal.username && !principal.isStaff)) return undefined;
    if (row.status !== 'available' || !row.nodeId) return undefined;
    const node = this.options.node;
    if (row.nodeId === node?.id) return node.local(id) ?? 'unreachable';
    const address = await this.store.liveNodeAddress(row.nodeId);
    if (!address) return 'unreachable';
    return { address, token: serviceToken(this.options.secret, row.id, row.generation) };
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
    return this.info(await this.store.activeOf(principal.username, collection, itemId));
  }

  /**
   * GET .../start: the row is made within the limits and placed on the least loaded live node;
   * when that is this server's node it runs it at once (its files copied: creating, its process
   * loading the model: deploying, then available), else that node at its next heartbeat.
   */
  async start(principal: Principal, collection: string, itemId: string): Promise<ModelServiceInfo> {
    const node = this.options.node;
    if (!node && !(await this.store.anyLiveNode())) throw detailError(503, NO_NODE);
    const { item, href } = await this.model(principal, collection, itemId);
    if (!href) throw detailError(409, 'This model cannot be deployed as a service.');
    const properties = (item.properties ?? {}) as Record<string, unknown>;
    const title = String(properties.name ?? properties.title ?? item.id);
    if (this.ctx.config.themeFeatures.includes(MODEL_TERMS_FEATURE))
      await requireTermsAccepted(this.ctx.db, principal.id, itemLicenceUrl(item), `starting ${title} as a service`);
    const current = await this.store.activeOf(principal.username, collection, itemId);
    if (current && current.status !== 'error') return this.info(current);
    // an errored service gives its place to the new start
    if (current) await this.store.markEnded(current.id, 'undeployed', ['error']);
    let created;
    try {
      created = await this.store.insertWithinLimits(
        {
          collectionId: collection,
          itemId,
          title,
          modelName: typeof properties['mlm:name'] === 'string' && properties['mlm:name'] ? properties['mlm:name'] : item.id,
          modelVersion: typeof properties.version === 'string' && properties.version ? properties.version : '1',
          ownerId: principal.username,
          ownerUserId: principal.id,
        },
        { max: this.options.maxServices, perUser: this.options.maxPerUser },
        { fallback: node?.id },
      );
    } catch (error) {
      // another start of the same model by the same user (on any replica) won the race: its service is the one
      if (!isUniqueViolation(error)) throw error;
      return this.info(await this.store.activeOf(principal.username, collection, itemId));
    }
    if (created === 'cluster')
      throw detailError(409, `This portal runs at most ${this.options.maxServices} model services at once: stop one (on /resources) and start again.`);
    if (created === 'user') throw detailError(409, `You may run at most ${this.options.maxPerUser} model services at once: stop one on /resources first.`);
    return this.info(node && created.nodeId === node.id ? await node.host(created) : created);
  }

  /** GET .../stop: the caller's service ends (undeployed); answers its status. */
  async stop(principal: Principal, collection: string, itemId: string): Promise<ModelServiceInfo> {
    // by the caller's own row: a model that went private or away since can still be stopped
    const current = await this.store.activeOf(principal.username, collection, itemId);
    if (current) await this.end(current.id);
    return this.info(undefined);
  }

  /** Undeployed at once; its process ends here, or on its node at the node's next heartbeat. */
  private async end(id: number): Promise<ServiceRow | undefined> {
    const ended = await this.store.markEnded(id, 'undeployed', ACTIVE);
    this.options.node?.stop(id);
    return ended;
  }

  /** POST maas/{id}/stop (staff): anyone's service ends. */
  async stopAny(rawId: string): Promise<StaffModelServiceItem> {
    const id = rowId(rawId.replace(/^maas-/, ''));
    const row = id === undefined ? undefined : await this.store.byId(id);
    if (!row) throw notFound(`No model service ${rawId}.`);
    return staffServiceItem(this.base(), (await this.end(row.id)) ?? row);
  }

  /** GET maas/services (staff): every service that runs or starts. */
  async running(): Promise<StaffModelServiceItem[]> {
    return (await this.store.running()).map((row) => staffServiceItem(this.base(), row));
  }

  /** GET models/started: the caller's services that run (or are starting); one in error is in maas/usage. */
  async started(principal: Principal): Promise<ModelServiceItem[]> {
    return (await this.store.runningOfOwner(principal.username)).map((row) => serviceItem(this.base(), row));
  }

  /** GET maas/usage: the caller's services, running and ended, newest first. */
  async usage(principal: Principal): Promise<ModelServiceItem[]> {
    return (await this.store.historyOf(principal.username)).map((row) => serviceItem(this.base(), row));
  }
}
