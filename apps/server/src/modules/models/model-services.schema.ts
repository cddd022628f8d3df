import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * Models as services (docs/models.md "Models as services"): each start of a model's Open
 * Inference Protocol server by a user, running or ended. One running service per user and
 * model; an ended one stays as the usage history (spec 3 §3 Model-as-service item).
 */
export const modelServices = pgTable(
  'model_services',
  {
    id: serial('id').primaryKey(),
    /** the model item: its catalogue collection and id */
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    /** the item's name as its pages show it */
    title: text('title').notNull(),
    /** the name and version the service answers to (/v2/models/{name}/versions/{version}) */
    modelName: text('model_name').notNull(),
    modelVersion: text('model_version').notNull(),
    /** who started it (a username): only they and staff reach and stop it */
    ownerId: text('owner_id').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** spec 3 §4: creating → deploying → available, or error; undeployed once stopped */
    status: text('status').$type<'creating' | 'deploying' | 'available' | 'error' | 'undeployed'>().notNull(),
    /** why it is in error (the service's last words), shown to its owner */
    error: text('error'),
    /** the process (group) running it on its node */
    pid: integer('pid'),
    /** the node (model_service_nodes) that runs it; null while no node has claimed it */
    nodeId: text('node_id'),
    /** one more at each claim: a node acts on the row only while it holds this claim, and the proxy's token names it */
    generation: integer('generation').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('model_services_owner_idx').on(t.ownerId, t.startedAt),
    index('model_services_node_idx').on(t.nodeId),
    // one service of a model per user until it is stopped: two starts at once cannot both win
    uniqueIndex('model_services_one_per_user_idx')
      .on(t.ownerId, t.collectionId, t.itemId)
      .where(sql`${t.status} <> 'undeployed'`),
  ],
);

/**
 * The server processes that run model services (docs/models.md "Across replicas"): each says it
 * lives every heartbeat; one that stopped, or whose heartbeat is 3 beats old, is dead and its
 * services are claimed by another.
 */
export const modelServiceNodes = pgTable('model_service_nodes', {
  id: text('id').primaryKey(),
  /** the http:// address of its gateway, which the other replicas proxy to */
  address: text('address').notNull(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  /** the CPUs it gives its work (ASB_LOCAL_CPUS): a new service goes to the node with the fewest services per CPU */
  cpus: integer('cpus').notNull().default(1),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** the database's clock, so that replicas' clocks need not agree */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  /** set when it closed: its services move at once */
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
});
