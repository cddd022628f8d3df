import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { NOT_SPECIFIED, PUBLISHED_PROPERTY, PUBLISHED_SUFFIX, type MarketplaceFilters, type MarketplaceResource } from '@asb/contracts';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { catalogueCollections as collections, catalogueItems as items } from '../catalogue/catalogue.schema.js';
import { isApplicationItem } from '../catalogue/catalogue-conditions.js';
import { workflows } from '../knowledge/workflows.schema.js';
import type { FacetCounts } from './marketplace-facets.js';
import type { Vocabulary } from './marketplace-spelling.js';
import type { ItemSource, WorkflowSource } from './marketplace-resources.js';
import { marketplaceChanges as changes, marketplaceResources as resources, marketplaceUnannounced as unannounced } from './marketplace.schema.js';

/** At most this many words of a query are searched. */
export const MAX_TERMS = 12;
/** The text-search configuration: English stemming ('bodies' finds 'body'). */
const CONFIG = sql.raw(`'english'`);
/** Catalogue item types that are marketplace resources besides applications (spec 3 §3 Catalogue item). */
const ITEM_TYPES = ['model', 'dataset'] as const;

/**
 * The words of a query (queryWords) as a PostgreSQL tsquery text: each word a prefix
 * (`water:* & bod:*`), all required; the words hold only letters and digits, so no input is
 * tsquery syntax. Undefined when there are none.
 */
export function tsqueryOf(words: readonly string[]): string | undefined {
  return words.length === 0 ? undefined : words.map((word) => `${word}:*`).join(' & ');
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** A change mark: what to read again. */
export interface Change {
  id: number;
  workflowId: number | null;
  collectionId: string | null;
  itemId: string | null;
}

/** A resource as it is stored: the answer, its facet values, its texts for the search. */
export interface StoredResource {
  resource: MarketplaceResource;
  facets: Record<string, string[]>;
  workflowId: number | null;
}

export interface PageQuery {
  tsquery?: string;
  filters: MarketplaceFilters;
  after?: string;
  before?: string;
  limit: number;
  offset: number;
}

/**
 * The marketplace's table (`marketplace_resources`) and its sources (docs/marketplace.md): published
 * workflows (not archived), the applications of public `{owner}:published` collections, the model
 * and dataset items marked published (asb:published) in public collections. A search is PostgreSQL full-text search on the stored,
 * GIN-indexed tsvector (the same SQL on PGlite), ranked by ts_rank.
 */
export class MarketplaceRepository {
  constructor(private readonly db: Db) {}

  /** The owner of a collection as verifiedPublisher reads it. */
  async collectionOwner(collectionId: string): Promise<{ username: string | null; isStaff: boolean }> {
    const [row] = await this.db
      .select({ username: users.username, isStaff: sql<boolean>`coalesce(${users.isStaff} OR ${users.isSuperuser}, false)` })
      .from(collections)
      .leftJoin(users, eq(users.id, collections.ownerId))
      .where(eq(collections.id, collectionId));
    return row ?? { username: null, isStaff: false };
  }

  async changes(limit: number): Promise<Change[]> {
    return this.db.select().from(changes).orderBy(asc(changes.id)).limit(limit);
  }

  /** The published workflows among these. */
  async workflows(ids: number[]): Promise<WorkflowSource[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: workflows.id,
        identifier: workflows.identifier,
        label: workflows.label,
        shortDescription: workflows.shortDescription,
        description: workflows.description,
        ownerId: workflows.ownerId,
        version: workflows.version,
        publishedAt: workflows.publishedAt,
        createdAt: workflows.createdAt,
      })
      .from(workflows)
      .where(and(inArray(workflows.id, ids), eq(workflows.isPublished, true), eq(workflows.isArchived, false)));
  }

  /** The listable items among these items, or of these whole collections. */
  async items(where: { items: { collectionId: string; itemId: string }[]; collections: string[] }): Promise<ItemSource[]> {
    const which = or(
      ...where.collections.map((id) => eq(items.collectionId, id)),
      ...where.items.map((key) => and(eq(items.collectionId, key.collectionId), eq(items.id, key.itemId))),
    );
    if (!which) return [];
    const itemType = sql<string>`${items.properties} ->> 'type'`;
    const listable = or(
      and(isApplicationItem, like(collections.id, `%${PUBLISHED_SUFFIX}`)),
      and(sql`NOT ${isApplicationItem}`, inArray(itemType, [...ITEM_TYPES]), sql`(${items.properties} -> ${PUBLISHED_PROPERTY}::text) = 'true'::jsonb`),
    );
    const rows = await this.db
      .select({
        collectionId: items.collectionId,
        collectionTitle: sql<string | null>`${collections.document} ->> 'title'`,
        id: items.id,
        isApplication: sql<boolean>`${isApplicationItem}`,
        itemType,
        properties: items.properties,
        assets: items.assets,
        links: items.links,
        createdAt: items.createdAt,
        ownerName: users.username,
        ownerIsStaff: sql<boolean>`coalesce(${users.isStaff} OR ${users.isSuperuser}, false)`,
      })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .leftJoin(users, eq(users.id, collections.ownerId))
      .where(and(which, eq(collections.isPublic, true), listable));
    return rows.map(({ isApplication, itemType: type, ownerName, ownerIsStaff, ...row }) => ({
      ...row,
      type: isApplication ? 'application' : type === 'model' ? 'model' : 'dataset',
      owner: { username: ownerName, isStaff: ownerIsStaff },
    }));
  }

  /**
   * In one transaction: the rows of the changed sources removed, those still listable written
   * again (true when there were any of either: what is listed changed, and an announcement is
   * then pending), and the change marks read cleared — by id, not "up to the last": a mark of a
   * transaction that commits later may have a lower id than one already read.
   */
  async apply(
    touched: { workflowIds: number[]; items: { collectionId: string; itemId: string }[]; collections: string[] },
    rows: StoredResource[],
    markIds: number[],
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      let removed = 0;
      const stale = or(
        touched.workflowIds.length > 0 ? inArray(resources.workflowId, touched.workflowIds) : undefined,
        ...touched.collections.map((id) => and(eq(resources.collectionId, id), sql`${resources.workflowId} IS NULL`)),
        ...touched.items.map((key) =>
          and(eq(resources.collectionId, key.collectionId), eq(resources.identifier, key.itemId), sql`${resources.workflowId} IS NULL`),
        ),
      );
      if (stale) removed = (await tx.delete(resources).where(stale).returning({ id: resources.id })).length;
      for (let index = 0; index < rows.length; index += 500) {
        await tx
          .insert(resources)
          .values(
            rows.slice(index, index + 500).map(({ resource, facets, workflowId }) => ({
              id: resource.id,
              type: resource.properties.type,
              collectionId: resource.collection,
              identifier: resource.identifier,
              workflowId,
              createdAt: new Date(resource.date_creation),
              resource,
              facets,
              search: sql`setweight(to_tsvector(${CONFIG}, ${resource.title}), 'A') || setweight(to_tsvector(${CONFIG}, ${resource.keywords.join(' ')}), 'B') || setweight(to_tsvector(${CONFIG}, ${resource.description}), 'C')`,
            })),
          )
          .onConflictDoUpdate({
            target: resources.id,
            set: {
              type: sql`excluded.type`,
              collectionId: sql`excluded.collection_id`,
              identifier: sql`excluded.identifier`,
              workflowId: sql`excluded.workflow_id`,
              createdAt: sql`excluded.created_at`,
              resource: sql`excluded.resource`,
              facets: sql`excluded.facets`,
              search: sql`excluded.search`,
            },
          });
      }
      await tx.delete(changes).where(inArray(changes.id, markIds));
      const written = removed > 0 || rows.length > 0;
      if (written) await tx.insert(unannounced).values({ pending: true }).onConflictDoNothing();
      return written;
    });
  }

  /** Whether what is listed changed since the last announcement; true to one caller only (it announces). */
  async claimAnnouncement(): Promise<boolean> {
    return (await this.db.delete(unannounced).returning()).length > 0;
  }

  /** One page of the resources matching the words, facets and dates, best match first (newest first without words), and how many match. */
  async page(query: PageQuery): Promise<{ resources: MarketplaceResource[]; total: number }> {
    const tsquery = query.tsquery === undefined ? undefined : sql`to_tsquery(${CONFIG}, ${query.tsquery})`;
    const conditions: (SQL | undefined)[] = [tsquery ? sql`${resources.search} @@ ${tsquery}` : undefined];
    for (const [key, checked] of Object.entries(query.filters)) {
      if (checked.length === 0) continue;
      const facet = key.toLowerCase();
      conditions.push(
        or(
          sql`jsonb_exists_any(${resources.facets} -> ${facet}, ${textArray(checked)})`,
          checked.includes(NOT_SPECIFIED) ? sql`NOT jsonb_exists(${resources.facets}, ${facet})` : undefined,
        ),
      );
    }
    if (query.after) conditions.push(sql`${resources.createdAt} >= (${query.after}::date)::timestamptz AT TIME ZONE 'UTC'`);
    if (query.before) conditions.push(sql`${resources.createdAt} < ((${query.before}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
    const where = and(...conditions);
    const order = tsquery
      ? [desc(sql`ts_rank(${resources.search}, ${tsquery})`), desc(resources.createdAt), asc(resources.id)]
      : [desc(resources.createdAt), asc(resources.id)];
    // the page and the count apart: a window count would read every match's document
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ resource: resources.resource })
        .from(resources)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(resources)
        .where(where),
    ]);
    const total = Number(counted?.n ?? 0);
    return { resources: rows.map((row) => row.resource), total };
  }

  /**
   * Every word of the resources' titles, descriptions and keywords (unstemmed: what people type)
   * with the number of resources it is in: what a misspelt word is corrected to. Numbers are left out.
   */
  async vocabulary(): Promise<Vocabulary> {
    const texts = `SELECT to_tsvector('simple', concat_ws(' ', resource ->> 'title', resource ->> 'description', resource ->> 'keywords')) FROM marketplace_resources`;
    const result = await this.db.execute(sql`SELECT word, ndoc FROM ts_stat(${texts}) WHERE length(word) >= 3`);
    const words = new Map<string, number>();
    for (const { word, ndoc } of rowsOf<{ word: string; ndoc: number }>(result)) if (/^(?=.*\p{L})[\p{L}\p{N}]+$/u.test(word)) words.set(word, Number(ndoc));
    return words;
  }

  /** The facet values over every resource (filterOptions makes the facets of them). */
  async facetCounts(): Promise<FacetCounts> {
    const pairs = await this.db.execute<{ key: string; value: string; n: number }>(sql`
      SELECT f.key AS key, v.value AS value, count(DISTINCT r.id)::int AS n
      FROM ${resources} AS r, jsonb_each(r.facets) AS f(key, vals), jsonb_array_elements_text(f.vals) AS v(value)
      GROUP BY f.key, v.value`);
    const keys = await this.db.execute<{ key: string; n: number }>(sql`
      SELECT f.key AS key, count(*)::int AS n FROM ${resources} AS r, jsonb_object_keys(r.facets) AS f(key) GROUP BY f.key`);
    const [total] = await this.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    return {
      pairs: rowsOf<{ key: string; value: string }>(pairs).map(({ key, value }) => ({ key, value })),
      resourcesWithKey: new Map(rowsOf<{ key: string; n: number }>(keys).map(({ key, n }) => [key, Number(n)])),
      total: Number(total?.n ?? 0),
    };
  }
}
