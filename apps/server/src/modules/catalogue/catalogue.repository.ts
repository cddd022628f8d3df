import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isStacId, stacIdProblem, type StacItem } from '@asb/contracts';
import type { Db } from '../../platform/db/client.js';
import { workspaces } from '../../platform/db/schema.js';
import { isStorableText } from '../../platform/http/ids.js';
import { catalogueCollections as collections, catalogueCollectionWorkspaces as collectionWorkspaces, catalogueItems as items } from './catalogue.schema.js';
import type { ReadScope } from './catalogue-access.js';
import type { StacCollectionDocument } from './catalogue-store.js';
import type { CatalogueUrls, StoredCollection, StoredItem } from './catalogue-documents.js';
import { isProductItem } from './catalogue-conditions.js';
import { featureJson, type FeatureRow } from './catalogue-feature-json.js';
import { CatalogueInputError } from './catalogue-geometry.js';
import { itemColumns, SearchStatements } from './catalogue-search-statements.js';
import type { ItemPage, ItemQuery } from './item-query.js';
import { itemRow, type ItemRow } from './item-row.js';

/** Rows written in one INSERT. */
const BATCH = 500;

/**
 * The catalogue's tables (docs/catalogue.md): collections with their sharing, items with
 * their search columns. Who may read or write is not its business: reads take a ReadScope
 * that AuthorizedCatalogue (authorized-catalogue.ts) derives from the caller.
 */
export class CatalogueRepository {
  constructor(private readonly db: Db) {
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

  /** Every collection, by id, with its workspaces; `productsOnly`: only collections holding at least one product (an item that is neither an application nor a model: the product search's collections). */
  async listCollections(options: { productsOnly?: boolean } = {}): Promise<StoredCollection[]> {
    const holdsProducts = sql`EXISTS (SELECT 1 FROM ${items} WHERE ${items.collectionId} = ${collections.id} AND ${isProductItem})`;
    const rows = await this.db
      .select()
      .from(collections)
      .where(options.productsOnly ? holdsProducts : undefined)
      .orderBy(asc(collections.id));
    const shared = await this.db.select().from(collectionWorkspaces);
    const byCollection = new Map<string, number[]>();
    for (const { collectionId, workspaceId } of shared) byCollection.set(collectionId, [...(byCollection.get(collectionId) ?? []), workspaceId]);
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.ownerId,
      isPublic: row.isPublic,
      document: row.document,
      workspaceIds: byCollection.get(row.id) ?? [],
    }));
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

  /** Those of `workspaceIds` that name no workspace (a collection is shared only with existing ones). */
  async missingWorkspaces(workspaceIds: number[]): Promise<number[]> {
    const found = await this.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, workspaceIds));
    return workspaceIds.filter((id) => !found.some((row) => row.id === id));
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
  async writeRows(rows: ItemRow[]): Promise<{ created: number; replaced: number }> {
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

  /** Whether an item whose properties contain these (jsonb containment) is in a collection of `scope`. */
  async hasItemWith(scope: ReadScope, properties: Record<string, unknown>): Promise<boolean> {
    const [row] = await this.db
      .select({ id: items.id })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(and(sql`${items.properties} @> ${JSON.stringify(properties)}::jsonb`, this.readableCondition(scope)))
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

  /** A page of the items in collections of `scope` that match `query`, and how many match. */
  async search(query: ItemQuery, scope: ReadScope): Promise<ItemPage> {
    if (query.collections?.length === 0 || query.ids?.length === 0) return { items: [], matched: 0 };
    const { rows, matched } = await this.statements.search(query, scope, 'rows');
    return { items: rows as StoredItem[], matched };
  }

  /** The same page as JSON texts of its items, made by the database (catalogue-feature-json.ts). */
  async searchFeatures(query: ItemQuery, scope: ReadScope, urls: CatalogueUrls): Promise<{ features: string[]; matched: number | undefined }> {
    if (query.collections?.length === 0 || query.ids?.length === 0) return { features: [], matched: 0 };
    const { rows, matched } = await this.statements.search(query, scope, 'features', urls.base);
    return { features: (rows as FeatureRow[]).map((row) => featureJson(row, urls)), matched };
  }

  /** "The item's collection is in `scope`", in SQL: collections are not read into the server on a search. */
  private readableCondition(scope: ReadScope): SQL | undefined {
    if (scope.kind === 'all') return undefined;
    const member = scope.kind === 'member' ? scope : undefined;
    const readable = or(
      eq(collections.isPublic, true),
      ...(member ? [eq(collections.ownerId, member.userId)] : []),
      ...(member && member.workspaceIds.length > 0
        ? [
            inArray(
              collections.id,
              this.db
                .select({ id: collectionWorkspaces.collectionId })
                .from(collectionWorkspaces)
                .where(inArray(collectionWorkspaces.workspaceId, member.workspaceIds)),
            ),
          ]
        : []),
    );
    return inArray(items.collectionId, this.db.select({ id: collections.id }).from(collections).where(readable));
  }
}
