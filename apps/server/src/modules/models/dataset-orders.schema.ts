import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/** A file of an order: the asset it came from and where it landed (relative to the order's folder). */
export interface OrderedFile {
  asset: string;
  path: string;
  size: number;
}

/**
 * Orders of training datasets (docs/models.md "Training datasets"): a dataset item's assets copied
 * into the user's datastore under ordered_datasets/{publisher}/{item}/{version}/{timestamp}.
 */
export const datasetOrders = pgTable(
  'dataset_orders',
  {
    id: serial('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    /** the item's version, '' when it has none */
    version: text('version').notNull(),
    publisher: text('publisher').notNull(),
    license: text('license'),
    /** where the files land, relative to the user's datastore folder (ordered_datasets/...) */
    path: text('path').notNull(),
    /** running → success | failed */
    status: text('status').$type<'running' | 'success' | 'failed'>().notNull(),
    /** 0–1, by bytes copied */
    progress: real('progress').notNull().default(0),
    files: jsonb('files').$type<OrderedFile[]>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** renewed while the copy runs: another replica fails an order whose copier stopped renewing it (died) */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dataset_orders_owner_idx').on(t.ownerId, t.startedAt), index('dataset_orders_item_idx').on(t.collectionId, t.itemId)],
);
