import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isStacId, stacIdProblem, stacItemInputSchema, type StacItem } from '@asb/contracts';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { isStorableText } from '../../platform/http/ids.js';
import { catalogueCollections as collections, catalogueCollectionWorkspaces as collectionWorkspaces, catalogueItems as items } from './catalogue.schema.js';
import type { CatalogueStore, StacCollectionDocument } from './catalogue-store.js';
import { itemDocument, type CatalogueUrls, type StoredCollection, type StoredItem } from './catalogue-documents.js';
import { featureJson, type FeatureRow } from './catalogue-feature-json.js';
import { itemColumns, SearchStatements } from './catalogue-search-statements.js';
import {
  boxLiteral,
  CatalogueInputError,
  checkBbox,
  checkGeometry,
  footprintPolygons,
  geometryBbox,
  parseInstant,
  polygonArrayLiteral,
  splitBbox,
  type Bbox,
  type Interval,
  type SpatialQuery,
} from './catalogue-geometry.js';

/** A sort key of a search: a column or a property of the items. */
export type SortKey = { field: 'id' | 'collection' | 'datetime' | 'start_datetime' | 'end_datetime' } | { property: string };

/** A search, checked and parsed (catalogue.search.ts makes it from a request). */
export interface ItemQuery {
  /** restrict to these collections (of those the caller may read) */
  collections?: string[];
  ids?: string[];
  spatial?: SpatialQuery;
  interval?: Interval;
  /** a compiled CQL2 filter */
  filter?: SQL;
  sortby?: { key: SortKey; direction: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  /** leave out application and model items (docs/applications.md, docs/marketplace.md): the product searches ask for products only */
  productsOnly?: boolean;
}

export interface ItemPage {
  items: StoredItem[];
  /** how many items match in all; undefined past COUNT_LIMIT (docs/catalogue.md "numberMatched") */
  matched: number | undefined;
}

/** `properties['asb:type']` of an application item (modules/applications): not a product. */
export const APPLICATION_ITEM = { key: 'asb:type', value: 'application' } as const;
/** "The item is an application", in SQL. */
export const isApplicationItem = sql`(${items.properties} ->> ${APPLICATION_ITEM.key}) IS NOT DISTINCT FROM ${APPLICATION_ITEM.value}`;
/** "The item is an EO product": neither an application nor a model (the marketplace's; a dataset is data, so a product). */
export const isProductItem = sql`NOT ${isApplicationItem} AND (${items.properties} ->> 'type') IS DISTINCT FROM 'model'`;

/** Rows written in one INSERT. */
const BATCH = 500;

/** Who may read a collection: public, its owner, staff, or a member of a workspace it is shared with. */
export function canReadCollection(principal: Principal | null, row: Pick<StoredCollection, 'ownerId' | 'isPublic' | 'workspaceIds'>): boolean {
  if (row.isPublic) return true;
  if (!principal) return false;
  if (principal.isStaff || principal.isSuperuser || principal.id === row.ownerId) return true;
  return row.workspaceIds.some((id) => (principal.roles.get(id)?.length ?? 0) > 0);
}

/** Who may write a collection and its items: its owner and staff. */
export function canWriteCollection(principal: Principal | null, row: Pick<StoredCollection, 'ownerId'>): boolean {
  return principal !== null && (principal.isStaff || principal.isSuperuser || principal.id === row.ownerId);
}

/**
 * Why `principal` may not make a collection of this id, or undefined: an id `{name}:...` belongs
 * to the user `name` (the applications module trusts it: `{username}:published`,
 * `{username}:ogcapi`), so only that user or a superuser creates one. An id without ':' is free.
 */
export function collectionIdRefusal(principal: Pick<Principal, 'username' | 'isSuperuser'>, id: string): string | undefined {
  const colon = id.indexOf(':');
  if (colon < 0 || principal.isSuperuser) return undefined;
  const prefix = id.slice(0, colon);
  if (prefix === principal.username) return undefined;
  return `Collection id "${id}": an id "{username}:..." belongs to that user ("${prefix}"); yours begin with "${principal.username}:" or have no ":".`;
}

/** Whether a STAC item document (stored properties, or a body) is an application item (modules/applications). */
export function isApplicationDocument(item: unknown): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const properties = (item as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null && (properties as Record<string, unknown>)[APPLICATION_ITEM.key] === APPLICATION_ITEM.value;
}

/** The SQL of "the item meets this spatial query": the indexed box prefilter, then the exact polygon test when both sides have one. */
export function spatialCondition(query: SpatialQuery): SQL {
  const boxes = query.boxes.flatMap((bbox) => splitBbox(bbox)).map(boxLiteral);
  const prefilter = or(
    ...boxes.map((box) => sql`${items.bbox} && ${box}::box`),
    ...boxes.map((box) => sql`(${items.bboxWrap} IS NOT NULL AND ${items.bboxWrap} && ${box}::box)`),
  )!;
  if (!query.polygons) return sql`(${prefilter})`;
  const polygons = polygonArrayLiteral(query.polygons);
  return sql`((${prefilter}) AND (${items.footprint} IS NULL OR EXISTS (SELECT 1 FROM unnest(${items.footprint}) AS part(p) WHERE p && ANY(${polygons}::polygon[]))))`;
}

/** The SQL of "the item's time meets this interval" (ends included, null ends open): the GiST range index answers it. */
export function temporalCondition(interval: Interval): SQL {
  const start = interval.start?.toISOString() ?? null;
  const end = interval.end?.toISOString() ?? null;
  return sql`tstzrange(${items.startAt}, ${items.endAt}, '[]') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[]')`;
}

/** The columns of an item, checked: its time, its boxes and footprint, its parts. Throws naming the field (under `pointer`). */
export function itemRow(collectionId: string, raw: unknown, pointer = ''): typeof items.$inferInsert {
  const parsed = stacItemInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogueInputError(`${pointer}/${issue.path.join('/')}`, `${pointer}/${issue.path.join('/')}: ${z.prettifyError(new z.ZodError([issue]))}`);
  }
  const item = parsed.data;
  if (item.collection !== undefined && item.collection !== collectionId) {
    throw new CatalogueInputError(`${pointer}/collection`, `${pointer}/collection: the item names collection "${item.collection}", not "${collectionId}".`);
  }
  const { type: _type, id, collection: _collection, geometry, bbox, properties, assets, links, ...rest } = item;
  const time = (name: 'datetime' | 'start_datetime' | 'end_datetime'): Date | undefined => {
    const value = properties[name];
    if (value === undefined || value === null) return undefined;
    const instant = typeof value === 'string' ? parseInstant(value) : undefined;
    if (!instant)
      throw new CatalogueInputError(`${pointer}/properties/${name}`, `${pointer}/properties/${name}: "${String(value)}" is not an RFC 3339 date-time.`);
    return instant;
  };
  const datetime = time('datetime');
  const start = time('start_datetime');
  const end = time('end_datetime');
  if (!datetime && (!start || !end)) {
    throw new CatalogueInputError(
      `${pointer}/properties/datetime`,
      `${pointer}/properties/datetime: an item needs a datetime, or start_datetime and end_datetime.`,
    );
  }
  if (start && end && start > end) {
    throw new CatalogueInputError(`${pointer}/properties/start_datetime`, `${pointer}/properties/start_datetime is after end_datetime.`);
  }
  const checkedGeometry = geometry === null ? null : checkGeometry(geometry, `${pointer}/geometry`);
  let box: Bbox | undefined;
  if (bbox !== undefined) box = checkBbox(bbox, `${pointer}/bbox`);
  else if (checkedGeometry) box = geometryBbox(checkedGeometry);
  const boxes = box ? splitBbox(box) : [];
  const footprint = footprintPolygons(checkedGeometry);
  return {
    collectionId,
    id,
    datetime: datetime ?? start!,
    startAt: start ?? datetime!,
    endAt: end ?? datetime!,
    bbox: boxes[0] ? boxLiteral(boxes[0]) : null,
    bboxWrap: boxes[1] ? boxLiteral(boxes[1]) : null,
    footprint: footprint ? polygonArrayLiteral(footprint) : null,
    bboxValues: bbox ?? (box ? [...box] : null),
    geometry: checkedGeometry,
    properties: { ...properties, datetime: properties.datetime ?? null },
    assets,
    links,
    document: rest,
    updatedAt: new Date(),
  };
}

/**
 * The catalogue's tables (docs/catalogue.md): collections with their sharing, items with
 * their search columns. Implements the CatalogueStore port the rest of the server uses.
 */
export class CatalogueRepository implements CatalogueStore {
  constructor(
    private readonly db: Db,
    /** the URLs of documents read outside a request (readItem): the portal's configured public URL */
    private readonly defaultUrls: CatalogueUrls,
  ) {
    this.statements = new SearchStatements(db);
  }

  private readonly statements: SearchStatements;

  // ---- collections

  async getCollection(id: string): Promise<StoredCollection | undefined> {
    if (!isStorableText(id)) return undefined;
    const [row] = await this.db.select().from(collections).where(eq(collections.id, id));
    if (!row) return undefined;
    const shared = await this.db
      .select({ workspaceId: collectionWorkspaces.workspaceId })
      .from(collectionWorkspaces)
      .where(eq(collectionWorkspaces.collectionId, id));
    return {
      id: row.id,
      ownerId: row.ownerId,
      isPublic: row.isPublic,
      document: row.document,
      workspaceIds: shared.map((s) => s.workspaceId).sort((a, b) => a - b),
    };
  }

  /** The collections `principal` may read, by id. */
  /** `productsOnly`: only collections holding at least one product (an item that is neither an application nor a model: the product search's collections). */
  async readableCollections(principal: Principal | null, options: { productsOnly?: boolean } = {}): Promise<StoredCollection[]> {
    const holdsProducts = sql`EXISTS (SELECT 1 FROM ${items} WHERE ${items.collectionId} = ${collections.id} AND ${isProductItem})`;
    const rows = await this.db
      .select()
      .from(collections)
      .where(options.productsOnly ? holdsProducts : undefined)
      .orderBy(asc(collections.id));
    const shared = await this.db.select().from(collectionWorkspaces);
    const byCollection = new Map<string, number[]>();
    for (const { collectionId, workspaceId } of shared) byCollection.set(collectionId, [...(byCollection.get(collectionId) ?? []), workspaceId]);
    return rows
      .map((row) => ({ id: row.id, ownerId: row.ownerId, isPublic: row.isPublic, document: row.document, workspaceIds: byCollection.get(row.id) ?? [] }))
      .filter((row) => canReadCollection(principal, row));
  }

  async canRead(principal: Principal | null, collectionId: string): Promise<boolean> {
    const row = await this.getCollection(collectionId);
    return row !== undefined && canReadCollection(principal, row);
  }

  async upsertCollection(collection: StacCollectionDocument, options: { ownerId: number; isPublic: boolean; workspaceIds?: number[] }): Promise<void> {
    // every way a collection is made (transactions, the collections resource, ingest, applications) ends here
    if (!isStacId(collection.id)) throw new CatalogueInputError('/id', `/id: ${stacIdProblem(collection.id)}`);
    const { links, ...document } = collection;
    const stored = { ...document, links: Array.isArray(links) ? links : [] };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(collections)
        .values({ id: collection.id, ownerId: options.ownerId, isPublic: options.isPublic, document: stored })
        .onConflictDoUpdate({ target: collections.id, set: { ownerId: options.ownerId, isPublic: options.isPublic, document: stored, updatedAt: new Date() } });
      if (options.workspaceIds) await this.share(tx, collection.id, options.workspaceIds);
    });
  }

  /** Replaces a collection's document and, when given, its public flag and workspaces (the owner stays). */
  async updateCollection(id: string, document: Record<string, unknown>, options: { isPublic?: boolean; workspaceIds?: number[] }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(collections)
        .set({ document, ...(options.isPublic !== undefined ? { isPublic: options.isPublic } : {}), updatedAt: new Date() })
        .where(eq(collections.id, id));
      if (options.workspaceIds) await this.share(tx, id, options.workspaceIds);
    });
  }

  private async share(tx: Db, collectionId: string, workspaceIds: number[]): Promise<void> {
    await tx.delete(collectionWorkspaces).where(eq(collectionWorkspaces.collectionId, collectionId));
    const unique = [...new Set(workspaceIds)];
    if (unique.length > 0) await tx.insert(collectionWorkspaces).values(unique.map((workspaceId) => ({ collectionId, workspaceId })));
  }

  async deleteCollection(id: string): Promise<void> {
    await this.db.delete(collections).where(eq(collections.id, id));
  }

  // ---- items

  async upsertItems(collectionId: string, list: StacItem[]): Promise<{ created: number; replaced: number }> {
    const rows = list.map((item, index) => itemRow(collectionId, item, list.length > 1 ? `/features/${index}` : ''));
    return this.writeRows(rows);
  }

  /**
   * Writes checked rows, all or none; an id given twice keeps its last version. Each batch is
   * one INSERT of one JSON parameter (jsonb_populate_recordset): less work for the server's
   * thread than a statement of BATCH × 14 parameters (bench/catalogue/README.md).
   */
  async writeRows(rows: (typeof items.$inferInsert)[]): Promise<{ created: number; replaced: number }> {
    const unique = [...new Map(rows.map((row) => [`${row.collectionId}\u0000${row.id}`, row])).values()];
    let created = 0;
    return this.db.transaction(async (tx) => {
      for (let start = 0; start < unique.length; start += BATCH) {
        const batch = unique.slice(start, start + BATCH).map((row) => ({
          collection_id: row.collectionId,
          id: row.id,
          datetime: row.datetime,
          start_at: row.startAt,
          end_at: row.endAt,
          bbox: row.bbox ?? null,
          bbox_wrap: row.bboxWrap ?? null,
          footprint: row.footprint ?? null,
          bbox_values: row.bboxValues ?? null,
          geometry: row.geometry ?? null,
          properties: row.properties,
          assets: row.assets,
          links: row.links,
          document: row.document,
          updated_at: row.updatedAt ?? new Date(),
        }));
        const result = await tx.execute(sql`
          WITH written AS (
            INSERT INTO ${items} (collection_id, id, datetime, start_at, end_at, bbox, bbox_wrap, footprint, bbox_values, geometry, properties, assets, links, document, updated_at)
            SELECT collection_id, id, datetime, start_at, end_at, bbox, bbox_wrap, footprint, bbox_values, geometry, properties, assets, links, document, updated_at
            FROM jsonb_populate_recordset(NULL::catalogue_items, ${JSON.stringify(batch)}::jsonb)
            ON CONFLICT (collection_id, id) DO UPDATE SET
              datetime = excluded.datetime, start_at = excluded.start_at, end_at = excluded.end_at, bbox = excluded.bbox, bbox_wrap = excluded.bbox_wrap,
              footprint = excluded.footprint, bbox_values = excluded.bbox_values, geometry = excluded.geometry, properties = excluded.properties,
              assets = excluded.assets, links = excluded.links, document = excluded.document, updated_at = excluded.updated_at
            RETURNING (xmax = 0) AS inserted
          )
          SELECT count(*) FILTER (WHERE inserted)::int AS created FROM written`);
        // node-postgres and PGlite both answer { rows }
        created += Number((result as unknown as { rows: { created: number }[] }).rows[0]?.created ?? 0);
      }
      return { created, replaced: unique.length - created };
    });
  }

  async getItem(collectionId: string, itemId: string): Promise<StoredItem | undefined> {
    if (!isStorableText(collectionId) || !isStorableText(itemId)) return undefined;
    const [row] = await this.db
      .select(itemColumns)
      .from(items)
      .where(and(eq(items.collectionId, collectionId), eq(items.id, itemId)));
    return row;
  }

  async readItem(principal: Principal | null, collectionId: string, itemId: string, options: { urls?: CatalogueUrls } = {}): Promise<StacItem | undefined> {
    if (!(await this.canRead(principal, collectionId))) return undefined;
    const row = await this.getItem(collectionId, itemId);
    return row ? itemDocument(row, options.urls ?? this.defaultUrls) : undefined;
  }

  /** Whether `principal` may read an item whose properties contain these (jsonb containment). */
  async readableItemWith(principal: Principal | null, properties: Record<string, unknown>): Promise<boolean> {
    const [row] = await this.db
      .select({ id: items.id })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(and(sql`${items.properties} @> ${JSON.stringify(properties)}::jsonb`, this.readableCondition(principal)))
      .limit(1);
    return row !== undefined;
  }

  /** Sets one property of an item (undefined: removes it); false when there is no such item. */
  async setItemProperty(collectionId: string, itemId: string, key: string, value: unknown): Promise<boolean> {
    const properties =
      value === undefined
        ? sql`${items.properties} - ${key}::text`
        : sql`${items.properties} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`;
    const updated = await this.db
      .update(items)
      .set({ properties, updatedAt: new Date() })
      .where(and(eq(items.collectionId, collectionId), eq(items.id, itemId)))
      .returning({ id: items.id });
    return updated.length > 0;
  }

  async deleteItem(collectionId: string, itemId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(items)
      .where(and(eq(items.collectionId, collectionId), eq(items.id, itemId)))
      .returning({ id: items.id });
    return deleted.length > 0;
  }

  /** A page of the items `principal` may read that match `query`, and how many match. */
  async search(query: ItemQuery, principal: Principal | null): Promise<ItemPage> {
    if (query.collections?.length === 0 || query.ids?.length === 0) return { items: [], matched: 0 };
    const { rows, matched } = await this.statements.search(query, principal, 'rows');
    return { items: rows as StoredItem[], matched };
  }

  /** The same page as JSON texts of its items, made by the database (catalogue-feature-json.ts). */
  async searchFeatures(query: ItemQuery, principal: Principal | null, urls: CatalogueUrls): Promise<{ features: string[]; matched: number | undefined }> {
    if (query.collections?.length === 0 || query.ids?.length === 0) return { features: [], matched: 0 };
    const { rows, matched } = await this.statements.search(query, principal, 'features', urls.base);
    return { features: (rows as FeatureRow[]).map((row) => featureJson(row, urls)), matched };
  }

  /**
   * "The item's collection is one `principal` may read", in SQL (canReadCollection's rules:
   * public, its owner, a member of a workspace it is shared with; staff read all, so no
   * condition). Collections are not read into the server on a search.
   */
  private readableCondition(principal: Principal | null): SQL | undefined {
    if (principal && (principal.isStaff || principal.isSuperuser)) return undefined;
    const workspaceIds = principal ? [...principal.roles].filter(([, roles]) => roles.length > 0).map(([id]) => id) : [];
    const readable = or(
      eq(collections.isPublic, true),
      ...(principal ? [eq(collections.ownerId, principal.id)] : []),
      ...(workspaceIds.length > 0
        ? [
            inArray(
              collections.id,
              this.db
                .select({ id: collectionWorkspaces.collectionId })
                .from(collectionWorkspaces)
                .where(inArray(collectionWorkspaces.workspaceId, workspaceIds)),
            ),
          ]
        : []),
    );
    return inArray(items.collectionId, this.db.select({ id: collections.id }).from(collections).where(readable));
  }
}
