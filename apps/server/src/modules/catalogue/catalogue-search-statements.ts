import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { boxLiteral, polygonArrayLiteral, splitBbox } from './catalogue-geometry.js';
import { catalogueCollections as collections, catalogueCollectionWorkspaces as collectionWorkspaces, catalogueItems as items } from './catalogue.schema.js';
import { featureColumns } from './catalogue-feature-json.js';
import type { ReadScope } from './catalogue-access.js';
import { isProductItem } from './catalogue-conditions.js';
import type { ItemQuery } from './item-query.js';

/**
 * The page and count queries of a search as prepared statements (docs/catalogue.md "Search
 * answers"): the SQL of each query's shape — which conditions, how many boxes, which sort, the
 * text of a CQL2 filter — is built once and its values bound as parameters, so a search costs
 * the server no query building and, on PostgreSQL, the database no parse (node-postgres named
 * statements, one per shape and connection).
 */
/** Shapes whose SQL is kept (building one is cheap; this bounds the memory of odd requests). */
const KEPT_SHAPES = 256;
/** Shapes given a name: each named statement stays in every pooled PostgreSQL connection, so their number is bounded. */
const NAMED_SHAPES = 64;
/** Counting stops here: past it numberMatched is left out (a count of millions costs more than the page). */
const COUNT_LIMIT = 100_000;

const p = (name: string) => sql.placeholder(name);
/** node-postgres parses a statement without a name on each run (its name is tested for truth). */
const UNNAMED = '';

/** A page of rows (the item's parts) or of feature texts (catalogue-feature-json.ts). */
type Columns = 'rows' | 'features';

interface Shape {
  key: string;
  /** a CQL2 filter's SQL text, its values as $1, $2, … (filter0, filter1, … here) */
  filter: string | undefined;
  columns: Columns;
  collections: boolean;
  ids: boolean;
  boxes: number;
  polygons: boolean;
  interval: boolean;
  productsOnly: boolean;
  reader: 'staff' | 'anonymous' | 'user';
  sort: { kind: 'id' | 'collection' | 'datetime' | 'start_datetime' | 'end_datetime' | 'property'; direction: 'asc' | 'desc' }[];
}

interface Statement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

interface Prepared {
  page: Statement<unknown>;
  /** made when first needed: most pages tell the count themselves */
  count: () => Statement<{ n: number }>;
}

const dialect = new PgDialect();

/** The item columns a search answers. */
export const itemColumns = {
  collectionId: items.collectionId,
  id: items.id,
  geometry: items.geometry,
  bboxValues: items.bboxValues,
  properties: items.properties,
  assets: items.assets,
  links: items.links,
  document: items.document,
};

const READERS = { all: 'staff', public: 'anonymous', member: 'user' } as const satisfies Record<ReadScope['kind'], Shape['reader']>;

function shapeOf(query: ItemQuery, scope: ReadScope, columns: Columns, boxes: string[], filter: string | undefined): Shape {
  const shape = {
    columns,
    filter,
    collections: query.collections !== undefined,
    ids: query.ids !== undefined,
    boxes: boxes.length,
    polygons: query.spatial?.polygons !== undefined,
    interval: query.interval !== undefined,
    productsOnly: query.productsOnly === true,
    reader: READERS[scope.kind],
    sort: (query.sortby ?? []).map(({ key, direction }) => ({ kind: 'property' in key ? ('property' as const) : key.field, direction })),
  };
  return { ...shape, key: JSON.stringify(shape) };
}

/** The ReadScope in SQL (canReadCollection's rules), the user's id and workspaces as parameters. */
function readable(shape: Shape): SQL | undefined {
  if (shape.reader === 'staff') return undefined;
  const visible =
    shape.reader === 'anonymous'
      ? sql`${collections.isPublic}`
      : or(
          sql`${collections.isPublic}`,
          sql`${collections.ownerId} = ${p('me')}`,
          sql`${collections.id} IN (SELECT ${collectionWorkspaces.collectionId} FROM ${collectionWorkspaces} WHERE ${collectionWorkspaces.workspaceId} = ANY(${p('workspaces')}::int[]))`,
        );
  return sql`${items.collectionId} IN (SELECT ${collections.id} FROM ${collections} WHERE ${visible})`;
}

/** The box prefilter, then the exact footprint test (catalogue-conditions.ts spatialCondition, with parameters). */
function spatial(shape: Shape): SQL | undefined {
  if (shape.boxes === 0) return undefined;
  const names = Array.from({ length: shape.boxes }, (_, index) => `box${index}`);
  const prefilter = or(
    ...names.map((name) => sql`${items.bbox} && ${p(name)}::box`),
    ...names.map((name) => sql`(${items.bboxWrap} IS NOT NULL AND ${items.bboxWrap} && ${p(name)}::box)`),
  )!;
  if (!shape.polygons) return sql`(${prefilter})`;
  return sql`((${prefilter}) AND (${items.footprint} IS NULL OR EXISTS (SELECT 1 FROM unnest(${items.footprint}) AS part(p) WHERE p && ANY(${p('polygons')}::polygon[]))))`;
}

function sortExpression(kind: Shape['sort'][number]['kind'], index: number): SQL {
  switch (kind) {
    case 'property':
      return sql`(${items.properties} -> ${p(`sort${index}`)}::text)`;
    case 'id':
      return sql`${items.id}`;
    case 'collection':
      return sql`${items.collectionId}`;
    case 'datetime':
      return sql`${items.datetime}`;
    case 'start_datetime':
      return sql`${items.startAt}`;
    case 'end_datetime':
      return sql`${items.endAt}`;
  }
}

/** A filter's SQL text again as SQL, its $n parameters placeholders (cql2.ts binds every value, and writes no `$` of its own). */
function withPlaceholders(text: string): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${p(`filter${part}`)}`)));
}

export class SearchStatements {
  private readonly kept = new Map<string, Prepared>();
  private readonly named = new Set<string>();

  constructor(private readonly db: Db) {}

  /** The page of `query` and, when the page does not tell it, how many match (undefined past COUNT_LIMIT). */
  async search(query: ItemQuery, scope: ReadScope, columns: Columns, base = ''): Promise<{ rows: unknown[]; matched: number | undefined }> {
    const boxes = (query.spatial?.boxes ?? []).flatMap((bbox) => splitBbox(bbox)).map(boxLiteral);
    const filter = query.filter ? dialect.sqlToQuery(query.filter) : undefined;
    const shape = shapeOf(query, scope, columns, boxes, filter?.sql);
    const values: Record<string, unknown> = {
      limit: query.limit,
      offset: query.offset,
      base,
      collections: query.collections,
      ids: query.ids,
      polygons: query.spatial?.polygons ? polygonArrayLiteral(query.spatial.polygons) : undefined,
      start: query.interval?.start?.toISOString() ?? null,
      end: query.interval?.end?.toISOString() ?? null,
      me: scope.kind === 'member' ? scope.userId : undefined,
      workspaces: scope.kind === 'member' ? scope.workspaceIds : [],
    };
    boxes.forEach((box, index) => (values[`box${index}`] = box));
    filter?.params.forEach((value, index) => (values[`filter${index + 1}`] = value));
    query.sortby?.forEach(({ key }, index) => {
      if ('property' in key) values[`sort${index}`] = key.property;
    });
    const statements = this.statements(shape);
    const rows = await statements.page.execute(values);
    // a short last page tells the count without asking
    const returned = rows.length;
    if (returned < query.limit && (returned > 0 || query.offset === 0)) return { rows, matched: query.offset + returned };
    const [row] = await statements.count().execute(values);
    const n = Number(row?.n ?? 0);
    return { rows, matched: n > COUNT_LIMIT ? undefined : n };
  }

  /** The shape's statements: kept, and named while there are few. */
  private statements(shape: Shape): Prepared {
    const found = this.kept.get(shape.key);
    if (found) {
      // least recently used last out
      this.kept.delete(shape.key);
      this.kept.set(shape.key, found);
      return found;
    }
    if (this.named.size < NAMED_SHAPES) this.named.add(shape.key);
    const index = [...this.named].indexOf(shape.key);
    const prepared = this.prepare(shape, index >= 0 ? `catalogue_search_${index}` : undefined);
    this.kept.set(shape.key, prepared);
    if (this.kept.size > KEPT_SHAPES) this.kept.delete(this.kept.keys().next().value!);
    return prepared;
  }

  private prepare(shape: Shape, name: string | undefined): Prepared {
    const conditions = [
      shape.collections ? sql`${items.collectionId} = ANY(${p('collections')}::text[])` : undefined,
      readable(shape),
      shape.ids ? sql`${items.id} = ANY(${p('ids')}::text[])` : undefined,
      spatial(shape),
      shape.interval
        ? sql`tstzrange(${items.startAt}, ${items.endAt}, '[]') && tstzrange(${p('start')}::timestamptz, ${p('end')}::timestamptz, '[]')`
        : undefined,
      shape.filter === undefined ? undefined : withPlaceholders(shape.filter),
      shape.productsOnly ? isProductItem : undefined,
    ];
    const where = and(...conditions) ?? sql`true`;
    const sort = shape.sort.length > 0 ? shape.sort : [{ kind: 'datetime' as const, direction: 'desc' as const }];
    const order = [
      ...sort.map(({ kind, direction }, index) =>
        direction === 'desc' ? sql`${sortExpression(kind, index)} DESC NULLS LAST` : sql`${sortExpression(kind, index)} ASC NULLS LAST`,
      ),
      asc(items.collectionId),
      asc(items.id),
    ];
    const selection = shape.columns === 'features' ? featureColumns(p('base')) : itemColumns;
    const page = this.db
      .select(selection)
      .from(items)
      .where(where)
      .orderBy(...order)
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(name ? `${name}_page` : UNNAMED);
    let count: Statement<{ n: number }> | undefined;
    return {
      page,
      count: () =>
        (count ??= this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`(SELECT 1 FROM ${items} WHERE ${where} LIMIT ${COUNT_LIMIT + 1}) AS matched`)
          .prepare(name ? `${name}_count` : UNNAMED)),
    };
  }
}
