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
    /** the process (group) running it while it runs on this server */
    pid: integer('pid'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('model_services_owner_idx').on(t.ownerId, t.startedAt),
    // one service of a model per user until it is stopped: two starts at once cannot both win
    uniqueIndex('model_services_one_per_user_idx')
      .on(t.ownerId, t.collectionId, t.itemId)
      .where(sql`${t.status} <> 'undeployed'`),
  ],
);
