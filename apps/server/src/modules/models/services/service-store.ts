import { and, desc, eq, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { LOCKS, withAdvisoryLock } from '../../../platform/db/advisory-lock.js';
import type { Db } from '../../../platform/db/client.js';
import { modelServiceNodes, modelServices } from '../model-services.schema.js';

export type ServiceRow = typeof modelServices.$inferSelect;
export type ServiceStatus = ServiceRow['status'];
type NewService = Omit<typeof modelServices.$inferInsert, 'id' | 'status' | 'generation' | 'nodeId'>;

/** The states of a service that holds its model's place for its owner (spec 3 §4). */
export const ACTIVE = ['creating', 'deploying', 'available', 'error'] as const;
/** Whose process runs, or should: what the limits count and what a node claims. */
export const RUNNING = ['creating', 'deploying', 'available'] as const;

/** A node's hold on a service: it changes the row only while the row still names it with this generation. */
export interface Claim {
  id: number;
  nodeId: string;
  generation: number;
}

export type LimitRefusal = 'cluster' | 'user';

/** A service no live node holds; `silent`: its node neither stopped nor was forgotten, its beats are only late. */
export type Orphan = Pick<ServiceRow, 'id' | 'nodeId' | 'generation'> & { silent: boolean };

/** The SQL of model services and the nodes that run them (docs/models.md "Across replicas"). */
export class ServiceStore {
  private readonly db: Db;

  constructor(
    private readonly database: { db: Db; dbKind: 'pglite' | 'postgres' },
    /** a node whose last beat is older is dead (ASB_MODEL_SERVICE_DEAD_AFTER_BEATS beats) */
    private readonly liveWithinMs: number,
  ) {
    this.db = database.db;
  }

  async byId(id: number): Promise<ServiceRow | undefined> {
    const [row] = await this.db.select().from(modelServices).where(eq(modelServices.id, id));
    return row;
  }

  /** The owner's service of a model that is not stopped. */
  async activeOf(owner: string, collection: string, itemId: string): Promise<ServiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(modelServices)
      .where(
        and(
          eq(modelServices.ownerId, owner),
          eq(modelServices.collectionId, collection),
          eq(modelServices.itemId, itemId),
          ne(modelServices.status, 'undeployed'),
        ),
      );
    return row;
  }

  /**
   * A new service, counted against the limits under one advisory lock (its transaction on
   * PostgreSQL), so that starts on any replicas at once cannot pass them together; a refusal
   * names the limit it met. It goes to the least loaded live node (`fallback`, this server's
   * node, when none beats in time; unclaimed when there is neither).
   */
  insertWithinLimits(
    values: NewService,
    limits: { max: number; perUser: number },
    placement: { fallback: string | undefined },
  ): Promise<ServiceRow | LimitRefusal> {
    return withAdvisoryLock(this.database, [LOCKS.modelServices, 0], async (tx) => {
      const [counts] = await tx
        .select({
          all: sql<number>`count(*)::int`,
          own: sql<number>`(count(*) FILTER (WHERE ${modelServices.ownerId} = ${values.ownerId}))::int`,
        })
        .from(modelServices)
        .where(inArray(modelServices.status, [...RUNNING]));
      if ((counts?.all ?? 0) >= limits.max) return 'cluster';
      if ((counts?.own ?? 0) >= limits.perUser) return 'user';
      const nodeId = (await this.leastLoadedNode(tx)) ?? placement.fallback ?? null;
      const [row] = await tx
        .insert(modelServices)
        .values({ ...values, nodeId, status: 'creating', generation: nodeId ? 1 : 0 })
        .returning();
      return row!;
    });
  }

  /** Ends a service that is in one of `from` (a stop that came first wins); undefined when it was not. */
  async markEnded(id: number, status: 'undeployed' | 'error', from: readonly ServiceStatus[], error?: string): Promise<ServiceRow | undefined> {
    const [row] = await this.db
      .update(modelServices)
      .set({ status, pid: null, endedAt: status === 'undeployed' ? new Date() : null, ...(error === undefined ? {} : { error: error.slice(0, 4000) }) })
      .where(and(eq(modelServices.id, id), inArray(modelServices.status, [...from])))
      .returning();
    return row;
  }

  /** A change by the node that holds `claim`, when the service is in one of `from`; undefined when the claim or the state moved on. */
  async updateClaimed(
    claim: Claim,
    from: readonly ServiceStatus[],
    values: Partial<Pick<ServiceRow, 'status' | 'pid' | 'error'>>,
  ): Promise<ServiceRow | undefined> {
    const [row] = await this.db
      .update(modelServices)
      .set({ ...values, ...(values.error ? { error: values.error.slice(0, 4000) } : {}) })
      .where(
        and(
          eq(modelServices.id, claim.id),
          eq(modelServices.nodeId, claim.nodeId),
          eq(modelServices.generation, claim.generation),
          inArray(modelServices.status, [...from]),
        ),
      )
      .returning();
    return row;
  }

  /** The services of `owner` that run or start, newest first (one in error runs nothing: its usage shows it). */
  runningOfOwner(owner: string): Promise<ServiceRow[]> {
    return this.db
      .select()
      .from(modelServices)
      .where(and(eq(modelServices.ownerId, owner), inArray(modelServices.status, [...RUNNING])))
      .orderBy(desc(modelServices.startedAt));
  }

  /** Every service of `owner`, running and ended, newest first. */
  historyOf(owner: string): Promise<ServiceRow[]> {
    return this.db.select().from(modelServices).where(eq(modelServices.ownerId, owner)).orderBy(desc(modelServices.startedAt)).limit(500);
  }

  /** Every service that runs or starts, anyone's (staff). */
  running(): Promise<ServiceRow[]> {
    return this.db
      .select()
      .from(modelServices)
      .where(inArray(modelServices.status, [...RUNNING]))
      .orderBy(desc(modelServices.startedAt));
  }

  /** The services whose rows name `nodeId`, whatever their state: the node's processes must match them. */
  onNode(nodeId: string): Promise<ServiceRow[]> {
    return this.db.select().from(modelServices).where(eq(modelServices.nodeId, nodeId));
  }

  /** The address of a live node's gateway, undefined when it is dead. */
  async liveNodeAddress(nodeId: string): Promise<string | undefined> {
    const [node] = await this.db
      .select({ address: modelServiceNodes.address })
      .from(modelServiceNodes)
      .where(and(eq(modelServiceNodes.id, nodeId), this.alive()));
    return node?.address;
  }

  /** Whether any node runs services now (a start on a replica that runs none waits for one). */
  async anyLiveNode(): Promise<boolean> {
    const [node] = await this.db.select({ id: modelServiceNodes.id }).from(modelServiceNodes).where(this.alive()).limit(1);
    return node !== undefined;
  }

  /**
   * The live node a new service goes to: the fewest running services per CPU once it has it (of
   * two idle nodes, the one with more CPUs), then by host name and id.
   */
  async leastLoadedNode(db: Db = this.db): Promise<string | undefined> {
    const services = sql`(SELECT count(*) FROM ${modelServices} WHERE ${modelServices.nodeId} = ${modelServiceNodes.id} AND ${inArray(modelServices.status, [...RUNNING])})`;
    const [node] = await db
      .select({ id: modelServiceNodes.id })
      .from(modelServiceNodes)
      .where(this.alive())
      .orderBy(sql`(${services} + 1)::float / greatest(${modelServiceNodes.cpus}, 1)`, modelServiceNodes.hostname, modelServiceNodes.id)
      .limit(1);
    return node?.id;
  }

  private alive() {
    return and(isNull(modelServiceNodes.stoppedAt), sql`${modelServiceNodes.heartbeatAt} > now() - make_interval(secs => ${this.liveWithinMs / 1000})`);
  }

  /** Registers a node, or again one whose row went (forgotten after a day of silence). */
  async registerNode(node: { id: string; address: string; hostname: string; pid: number; cpus: number }): Promise<void> {
    await this.db.insert(modelServiceNodes).values(node).onConflictDoNothing();
  }

  /** The node lives; false when its row is gone or says it stopped. */
  async heartbeat(nodeId: string): Promise<boolean> {
    const rows = await this.db
      .update(modelServiceNodes)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(modelServiceNodes.id, nodeId), isNull(modelServiceNodes.stoppedAt)))
      .returning({ id: modelServiceNodes.id });
    return rows.length === 1;
  }

  async stopNode(nodeId: string): Promise<void> {
    await this.db
      .update(modelServiceNodes)
      .set({ stoppedAt: sql`now()` })
      .where(eq(modelServiceNodes.id, nodeId));
  }

  /**
   * Services that should run and that no live node holds: unclaimed, or on a dead node. Never
   * those of `sweeper`, which lives while it asks even when its last beat looks old (a database
   * that stalled between its beat and this query): its own services are its reconcile's.
   */
  async orphans(limit: number, sweeper: string): Promise<Orphan[]> {
    const live = this.db.select({ id: modelServiceNodes.id }).from(modelServiceNodes).where(this.alive());
    // not live, yet neither stopped nor forgotten: its beats are late
    const silent = sql<boolean>`exists (select 1 from ${modelServiceNodes} where ${modelServiceNodes.id} = ${modelServices.nodeId} and ${modelServiceNodes.stoppedAt} is null)`;
    return this.db
      .select({ id: modelServices.id, nodeId: modelServices.nodeId, generation: modelServices.generation, silent })
      .from(modelServices)
      .where(
        and(
          inArray(modelServices.status, [...RUNNING]),
          or(isNull(modelServices.nodeId), and(ne(modelServices.nodeId, sweeper), notInArray(modelServices.nodeId, live))),
        ),
      )
      .orderBy(modelServices.id)
      .limit(limit);
  }

  /**
   * `nodeId` takes an orphan: one conditional UPDATE on the generation it saw, so of several
   * replicas sweeping at once exactly one gets it. It is created again from its files.
   */
  async claim(orphan: Pick<ServiceRow, 'id' | 'generation'>, nodeId: string): Promise<ServiceRow | undefined> {
    const [row] = await this.db
      .update(modelServices)
      .set({ nodeId, generation: orphan.generation + 1, status: 'creating', pid: null, error: null })
      .where(and(eq(modelServices.id, orphan.id), eq(modelServices.generation, orphan.generation), inArray(modelServices.status, [...RUNNING])))
      .returning();
    return row;
  }

  /** Nodes dead for a day hold nothing worth keeping. */
  async forgetOldNodes(): Promise<void> {
    await this.db
      .delete(modelServiceNodes)
      .where(or(lt(modelServiceNodes.stoppedAt, sql`now() - interval '1 day'`), lt(modelServiceNodes.heartbeatAt, sql`now() - interval '1 day'`)));
  }
}
