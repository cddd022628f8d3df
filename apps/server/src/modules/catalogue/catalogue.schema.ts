import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../../platform/db/schema.js';

/** PostgreSQL's built-in `box` (in PGlite too): the bbox prefilter, GiST-indexed (docs/catalogue.md "Spatial search"). */
const box = customType<{ data: string; driverData: string }>({ dataType: () => 'box' });
/** Built-in `polygon[]`: the outer rings of a Polygon or MultiPolygon footprint, for the exact intersection. */
const polygons = customType<{ data: string; driverData: string }>({ dataType: () => 'polygon[]' });

/**
 * A STAC collection of the resource catalogue (docs/catalogue.md). `id` is the STAC id;
 * `document` the Collection as written, without the links the portal makes. Shared like
 * other resources: its owner, staff, the members of its workspaces; everyone when public.
 */
export const catalogueCollections = pgTable('catalogue_collections', {
  id: text('id').primaryKey(),
  /** users.id of the owner */
  ownerId: integer('owner_id').notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The workspaces a collection is shared with. */
export const catalogueCollectionWorkspaces = pgTable(
  'catalogue_collection_workspaces',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => catalogueCollections.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.workspaceId] }), index('catalogue_collection_workspaces_ws_idx').on(t.workspaceId)],
);

/**
 * A STAC item. Search reads the columns: `datetime` (the item's datetime, else its
 * start_datetime: the sort key), `start_at`/`end_at` (its instant or interval), `bbox` (its
 * box; for an item crossing the antimeridian the part east of it, `bbox_wrap` the part west),
 * `footprint` (outer rings of a polygonal geometry, for the exact test). `document` holds
 * the item's other top-level fields (stac_version, stac_extensions, extension fields).
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => catalogueCollections.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    datetime: timestamp('datetime', { withTimezone: true }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    bbox: box('bbox'),
    bboxWrap: box('bbox_wrap'),
    footprint: polygons('footprint'),
    /** the STAC bbox array as written (or computed from the geometry) */
    bboxValues: jsonb('bbox_values').$type<number[]>(),
    geometry: jsonb('geometry').$type<Record<string, unknown>>(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    assets: jsonb('assets').$type<Record<string, Record<string, unknown>>>().notNull(),
    links: jsonb('links').$type<Record<string, unknown>[]>().notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.id] }),
    // bbox and time in one GiST index: the search's usual filter is both
    index('catalogue_items_space_time_idx').using('gist', t.bbox, sql`tstzrange(${t.startAt}, ${t.endAt}, '[]')`),
    index('catalogue_items_wrap_idx')
      .using('gist', t.bboxWrap)
      .where(sql`${t.bboxWrap} IS NOT NULL`),
    index('catalogue_items_time_idx').using('gist', sql`tstzrange(${t.startAt}, ${t.endAt}, '[]')`),
    index('catalogue_items_collection_datetime_idx').on(t.collectionId, t.datetime.desc(), t.id),
    index('catalogue_items_datetime_idx').on(t.datetime.desc(), t.collectionId, t.id),
    index('catalogue_items_properties_idx').using('gin', sql`${t.properties} jsonb_path_ops`),
  ],
);
