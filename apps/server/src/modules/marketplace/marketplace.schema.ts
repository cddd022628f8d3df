import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MarketplaceResource } from '@asb/contracts';

/** PostgreSQL's built-in `tsvector` (in PGlite too): the resource's words, weighted (docs/marketplace.md). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/**
 * The marketplace's own table: one row per published resource, written by the marketplace from
 * its sources (published workflows, catalogue items of public collections) when they change, so
 * that a search reads one indexed table instead of every source (docs/marketplace.md "Storage").
 */
export const marketplaceResources = pgTable(
  'marketplace_resources',
  {
    /** `{type}:{collection}:{identifier}` */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    collectionId: text('collection_id').notNull(),
    identifier: text('identifier').notNull(),
    /** the source workflow, for a workflow */
    workflowId: integer('workflow_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resource: jsonb('resource').$type<MarketplaceResource>().notNull(),
    /** facet key → the resource's values (a keyword facet it lacks is absent: 'Not specified') */
    facets: jsonb('facets').$type<Record<string, string[]>>().notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    index('marketplace_resources_search_idx').using('gin', t.search),
    index('marketplace_resources_created_idx').on(t.createdAt.desc(), t.id),
    index('marketplace_resources_source_idx').on(t.collectionId, t.identifier),
    index('marketplace_resources_workflow_idx')
      .on(t.workflowId)
      .where(sql`${t.workflowId} IS NOT NULL`),
  ],
);

/**
 * Sources changed since the marketplace last read them, marked by triggers on
 * `catalogue_items`, `catalogue_collections` and `workflows` (migration 0013): every write path
 * (the applications store, the STAC transactions, an ingest, a cascade) marks what it changed,
 * and the marketplace brings its rows up to date before it answers.
 */
export const marketplaceChanges = pgTable('marketplace_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** a workflow's id */
  workflowId: integer('workflow_id'),
  /** an item's collection, or a collection whose every item is to be read again */
  collectionId: text('collection_id'),
  /** the item; null: the whole collection */
  itemId: text('item_id'),
});

/**
 * At most one row: what is listed changed and no `forceUpdate` has said so yet. Whoever applies
 * change marks (any replica's search or watcher) writes it in the same transaction; the watcher
 * that deletes it announces, so one change is announced once whichever replicas run
 * (docs/operations.md "In-process state").
 */
export const marketplaceUnannounced = pgTable('marketplace_unannounced', {
  /** always true: the primary key keeps one row */
  pending: boolean('pending').primaryKey().default(true),
});
