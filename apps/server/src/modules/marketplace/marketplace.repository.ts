import { and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PUBLISHED_SUFFIX } from '@asb/contracts';
import type { Db } from '../../platform/db/client.js';
import { catalogueCollections as collections, catalogueItems as items } from '../catalogue/catalogue.schema.js';
import { isApplicationItem } from '../catalogue/catalogue.repository.js';
import { workflows } from '../knowledge/workflows.schema.js';
import type { ItemSource, WorkflowSource } from './marketplace-resources.js';

/** At most this many words of a query are searched. */
const MAX_TERMS = 12;
/** The text-search configuration: English stemming ('bodies' finds 'body'). */
const CONFIG = sql.raw(`'english'`);
/** Catalogue item types that are marketplace resources besides applications (spec 3 §3 Catalogue item). */
const ITEM_TYPES = ['model', 'dataset'] as const;

/**
 * The words of a query as a PostgreSQL tsquery text: each word a prefix (`water:* & bod:*`), all
 * required; anything but letters and digits separates words, so no input is tsquery syntax.
 * Undefined when the query has no word.
 */
export function tsqueryText(query: string | undefined): string | undefined {
  const terms = (query ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  return terms.length === 0 ? undefined : terms.map((term) => `${term}:*`).join(' & ');
}

/** One tsvector of the texts, weighted: title A, keywords B, description C (a word in the title ranks first). */
function weighted(title: (SQL | AnyPgColumn)[], keywords: (SQL | AnyPgColumn)[], description: (SQL | AnyPgColumn)[]): SQL {
  const part = (texts: (SQL | AnyPgColumn)[], weight: string) =>
    texts.length === 0
      ? sql`''::tsvector`
      : sql`setweight(to_tsvector(${CONFIG}, ${sql.join(
          texts.map((text) => sql`coalesce(${text}, '')`),
          sql` || ' ' || `,
        )}), ${sql.raw(`'${weight}'`)})`;
  return sql`(${part(title, 'A')} || ${part(keywords, 'B')} || ${part(description, 'C')})`;
}

export interface Ranked<T> {
  source: T;
  /** ts_rank of the match (0 without a query) */
  rank: number;
}

/**
 * What the marketplace lists (docs/marketplace.md): published workflows (not archived), the
 * applications of public `{owner}:published` collections, and the model and dataset items of
 * public collections; matched by PostgreSQL full-text search (the same SQL on PGlite) over title,
 * description and keywords, ranked by ts_rank.
 */
export class MarketplaceRepository {
  constructor(private readonly db: Db) {}

  async workflows(query: string | undefined): Promise<Ranked<WorkflowSource>[]> {
    const document = weighted([sql`${workflows.label}`], [], [workflows.shortDescription, workflows.description]);
    const tsquery = query === undefined ? undefined : sql`to_tsquery(${CONFIG}, ${query})`;
    const rows = await this.db
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
        rank: tsquery ? sql<number>`ts_rank(${document}, ${tsquery})` : sql<number>`0`,
      })
      .from(workflows)
      .where(and(eq(workflows.isPublished, true), eq(workflows.isArchived, false), tsquery ? sql`${document} @@ ${tsquery}` : undefined))
      .orderBy(desc(workflows.publishedAt), desc(workflows.id));
    return rows.map(({ rank, ...source }) => ({ source, rank: Number(rank) }));
  }

  async items(query: string | undefined): Promise<Ranked<ItemSource>[]> {
    const property = (key: string) => sql`${items.properties} ->> ${key}`;
    const document = weighted([property('name'), property('title')], [property('keywords')], [property('abstract'), property('description')]);
    const tsquery = query === undefined ? undefined : sql`to_tsquery(${CONFIG}, ${query})`;
    const itemType = sql<string>`${items.properties} ->> 'type'`;
    const published: SQL = or(
      and(isApplicationItem, like(collections.id, `%${PUBLISHED_SUFFIX}`)),
      and(
        sql`NOT ${isApplicationItem}`,
        sql`${itemType} IN (${sql.join(
          ITEM_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})`,
      ),
    )!;
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
        rank: tsquery ? sql<number>`ts_rank(${document}, ${tsquery})` : sql<number>`0`,
      })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(and(eq(collections.isPublic, true), published, tsquery ? sql`${document} @@ ${tsquery}` : undefined))
      .orderBy(desc(items.createdAt), items.collectionId, items.id);
    return rows.map(({ rank, isApplication, itemType: type, ...row }) => ({
      source: { ...row, type: isApplication ? 'application' : type === 'model' ? 'model' : 'dataset' },
      rank: Number(rank),
    }));
  }
}
