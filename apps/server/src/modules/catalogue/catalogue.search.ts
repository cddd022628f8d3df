import { STAC_DEFAULT_LIMIT, type StacItemCollection } from '@asb/contracts';
import type { SQL } from 'drizzle-orm';
import {
  CatalogueInputError,
  checkBbox,
  checkGeometry,
  parseBboxText,
  parseDatetime,
  spatialOfBbox,
  spatialOfGeometry,
  type Bbox,
  type Interval,
  type SpatialQuery,
} from './catalogue-geometry.js';
import { itemDocument, rootLink, type CatalogueUrls } from './catalogue-documents.js';
import { spatialCondition, temporalCondition } from './catalogue-conditions.js';
import type { ItemPage, ItemQuery, SortKey } from './item-query.js';
import { checkFilterLang, filterToSql, parseFilterText } from './cql2.js';

/**
 * A STAC search request, from the query of a GET or the body of a POST, checked into the
 * repository's ItemQuery (docs/catalogue.md "Search"): every bad value is a
 * CatalogueInputError naming its parameter.
 */
export interface SearchRequest {
  bbox?: Bbox;
  intersects?: Record<string, unknown>;
  datetime?: Interval;
  collections?: string[];
  ids?: string[];
  limit?: number;
  sortby?: { field: string; direction: 'asc' | 'desc' }[];
  filter?: unknown;
  offset: number;
}

const list = (text: string | undefined): string[] | undefined =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');

/** A paging token: the offset of the page it names. */
export function encodeToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeToken(token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw new CatalogueInputError('token', 'token is not a paging token of this catalogue (take it from a next or prev link).');
  return Number(match[1]);
}

/** The query of GET /search (and of …/collections/{c}/items, which has fewer of them). */
export function searchRequestOfQuery(query: {
  bbox?: string;
  intersects?: string;
  datetime?: string;
  collections?: string;
  ids?: string;
  limit?: number;
  sortby?: string;
  filter?: string;
  'filter-lang'?: string;
  token?: string;
}): SearchRequest {
  checkFilterLang(query['filter-lang']);
  let intersects: unknown;
  if (query.intersects !== undefined) {
    try {
      intersects = JSON.parse(query.intersects) as unknown;
    } catch {
      throw new CatalogueInputError('intersects', 'intersects is not a GeoJSON geometry (JSON).');
    }
  }
  return checked({
    bbox: query.bbox === undefined ? undefined : parseBboxText(query.bbox),
    intersects,
    datetime: query.datetime,
    collections: list(query.collections),
    ids: list(query.ids),
    limit: query.limit,
    sortby: query.sortby === undefined ? undefined : parseSortbyText(query.sortby),
    filter: query.filter === undefined ? undefined : parseFilterText(query.filter),
    token: query.token,
  });
}

/** A search's body: a filter and a geometry are queries, not data (docs/security.md "Request limits"). */
export const SEARCH_BODY_LIMIT = 1024 * 1024;

/** The body of POST /search. */
export function searchRequestOfBody(body: {
  bbox?: number[];
  intersects?: unknown;
  datetime?: string;
  collections?: string[];
  ids?: string[];
  limit?: number;
  sortby?: { field: string; direction?: 'asc' | 'desc' }[];
  filter?: unknown;
  'filter-lang'?: string;
  token?: string;
}): SearchRequest {
  checkFilterLang(body['filter-lang']);
  return checked({
    bbox: body.bbox === undefined ? undefined : checkBbox(body.bbox),
    intersects: body.intersects,
    datetime: body.datetime,
    collections: body.collections,
    ids: body.ids,
    limit: body.limit,
    sortby: body.sortby?.map(({ field, direction }) => ({ field, direction: direction ?? 'asc' })),
    filter: body.filter,
    token: body.token,
  });
}

function checked(request: {
  bbox?: Bbox;
  intersects?: unknown;
  datetime?: string;
  collections?: string[];
  ids?: string[];
  limit?: number;
  sortby?: { field: string; direction: 'asc' | 'desc' }[];
  filter?: unknown;
  token?: string;
}): SearchRequest {
  if (request.bbox && request.intersects !== undefined) throw new CatalogueInputError('intersects', 'intersects and bbox cannot both be given.');
  return {
    ...(request.bbox ? { bbox: request.bbox } : {}),
    ...(request.intersects !== undefined ? { intersects: checkGeometry(request.intersects, 'intersects') } : {}),
    ...(request.datetime !== undefined ? { datetime: parseDatetime(request.datetime) } : {}),
    ...(request.collections ? { collections: request.collections } : {}),
    ...(request.ids ? { ids: request.ids } : {}),
    ...(request.limit !== undefined ? { limit: request.limit } : {}),
    ...(request.sortby ? { sortby: request.sortby } : {}),
    ...(request.filter !== undefined ? { filter: request.filter } : {}),
    offset: decodeToken(request.token),
  };
}

/** `+datetime,-properties.eo:cloud_cover` → fields with their directions. */
function parseSortbyText(text: string): { field: string; direction: 'asc' | 'desc' }[] {
  return (list(text) ?? []).map((part) => {
    const direction = part.startsWith('-') ? 'desc' : 'asc';
    return { field: part.replace(/^[+-]/, ''), direction };
  });
}

const CORE_SORT = new Set(['id', 'collection', 'datetime', 'start_datetime', 'end_datetime']);
const NOT_SORTABLE = new Set(['type', 'geometry', 'bbox', 'links', 'assets', 'stac_version', 'stac_extensions', 'properties']);
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_:.-]*$/;

/** A sortby field: id, collection, the item's times, or a property (`properties.x` or `x`). */
function sortKeyOf(field: string): SortKey {
  const name = field.startsWith('properties.') ? field.slice('properties.'.length) : field;
  if (CORE_SORT.has(name)) return { field: name as 'id' }; // one of the core fields
  if (NOT_SORTABLE.has(field) || !PROPERTY_NAME.test(name)) {
    throw new CatalogueInputError(
      'sortby',
      `sortby: "${field}" is not a sortable field (id, collection, datetime, start_datetime, end_datetime, properties.<name>).`,
    );
  }
  return { property: name };
}

/** What the query of a search needs besides the request: how to compile a filter. */
export function itemQueryOf(request: SearchRequest, limit = request.limit ?? STAC_DEFAULT_LIMIT): ItemQuery {
  const spatial: SpatialQuery | undefined = request.bbox ? spatialOfBbox(request.bbox) : request.intersects ? spatialOfGeometry(request.intersects) : undefined;
  let filter: SQL | undefined;
  if (request.filter !== undefined) filter = filterToSql(request.filter, { spatial: spatialCondition, temporal: temporalCondition });
  return {
    ...(request.collections ? { collections: request.collections } : {}),
    ...(request.ids ? { ids: request.ids } : {}),
    ...(spatial ? { spatial } : {}),
    ...(request.datetime ? { interval: request.datetime } : {}),
    ...(filter ? { filter } : {}),
    ...(request.sortby ? { sortby: request.sortby.map(({ field, direction }) => ({ key: sortKeyOf(field), direction })) } : {}),
    limit,
    offset: request.offset,
  };
}

/** How the next and previous pages of an answer are linked: a GET URL, or a POST with its body. */
export type PageLinker = (offset: number) => Record<string, unknown> & { href: string };

/** A page's fields besides its features: its links (self, root, next and prev when there are) and counts. */
export function pageFieldsOf(
  returned: number,
  matched: number | undefined,
  query: Pick<ItemQuery, 'limit' | 'offset'>,
  urls: CatalogueUrls,
  self: string,
  linker: PageLinker,
): Omit<StacItemCollection, 'type' | 'features'> & { links: StacItemCollection['links'] } {
  const more = matched === undefined ? returned === query.limit : query.offset + returned < matched;
  const links: StacItemCollection['links'] = [{ rel: 'self', href: self, type: 'application/geo+json' }, rootLink(urls)];
  if (more) links.push({ rel: 'next', type: 'application/geo+json', ...linker(query.offset + query.limit) });
  if (query.offset > 0) links.push({ rel: 'prev', type: 'application/geo+json', ...linker(Math.max(0, query.offset - query.limit)) });
  return { links, ...(matched !== undefined ? { numberMatched: matched } : {}), numberReturned: returned };
}

/** A page as a STAC ItemCollection. */
export function itemCollectionOf(
  page: ItemPage,
  query: Pick<ItemQuery, 'limit' | 'offset'>,
  urls: CatalogueUrls,
  self: string,
  linker: PageLinker,
): StacItemCollection {
  const { links, ...counts } = pageFieldsOf(page.items.length, page.matched, query, urls, self, linker);
  return { type: 'FeatureCollection', features: page.items.map((item) => itemDocument(item, urls)), links, ...counts };
}

/** The URL `href` with `name` set to `value` (or removed when undefined). */
export function withParameter(href: string, name: string, value: string | undefined): string {
  const url = new URL(href);
  if (value === undefined) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.toString();
}
