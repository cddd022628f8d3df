import { z } from 'zod';
import {
  productSearchRequestSchema,
  productSearchResponseSchema,
  STAC_MAX_LIMIT,
  stacCollectionInputSchema,
  stacCollectionSchema,
  stacCollectionsSchema,
  stacConformanceSchema,
  stacItemCollectionInputSchema,
  stacItemCollectionSchema,
  stacItemInputSchema,
  stacLandingSchema,
  stacSearchBodySchema,
} from '../catalogue.js';
import { stacItemSchema } from '../stac.js';
import { defineOperations, noContent, type Operation, type OperationKey } from './operation.js';

/** The two prefixes of the same STAC API (spec 1 §7, spec 3 §7). */
export const STAC_PREFIXES = ['/backend/catalogue/stac', '/resource-catalogue/stac'] as const;
export type StacPrefix = (typeof STAC_PREFIXES)[number];

const f = z.string().optional().describe('the answer format: json (the only one; also geojson, application/json)');
const limit = z.coerce.number<string>().int().min(1).max(STAC_MAX_LIMIT).optional().describe(`items per page, 1..${STAC_MAX_LIMIT} (default 10)`);
const bbox = z.string().optional().describe('west,south,east,north (or six numbers with heights); west > east crosses the antimeridian');
const datetime = z.string().optional().describe('an instant or an interval start/end, either end open (.. or empty), RFC 3339');
const token = z.string().optional().describe('the paging token of a next or prev link');
const filter = z.string().optional().describe('a CQL2-JSON filter (filter-lang=cql2-json)');
const filterLang = z.string().optional().describe('cql2-json (the only one)');

const collectionParams = z.object({ c: z.string().min(1) });
const itemParams = z.object({ c: z.string().min(1), i: z.string().min(1) });
// an unknown query parameter is refused, naming it (OGC API – Features /req/core/query-param-unknown): a misspelt filter must not pass as none
const fQuery = z.strictObject({ f });
const sortby = z.string().optional().describe('fields, comma separated, each with an optional + or - (descending)');
// sortby on items too: the ogcapi-features#sort conformance class is claimed (STAC Browser sends it)
const itemsQuery = z.strictObject({ limit, bbox, datetime, token, filter, 'filter-lang': filterLang, sortby, f });
const searchQuery = z.strictObject({
  bbox,
  intersects: z.string().optional().describe('a GeoJSON geometry'),
  datetime,
  collections: z.string().optional().describe('collection ids, comma separated'),
  ids: z.string().optional().describe('item ids, comma separated'),
  limit,
  sortby,
  filter,
  'filter-lang': filterLang,
  token,
  f,
});

/**
 * The queryables (OGC API – Features Part 3, the STAC filter extension): a JSON Schema of the
 * properties a CQL2 filter may name, served as application/schema+json.
 */
// $schema and $id are not declared: a property named $id would read as a schema id to the OpenAPI tools; the loose object keeps them
const queryablesSchema = z.looseObject({
  type: z.literal('object'),
  title: z.string(),
  properties: z.record(z.string(), z.record(z.string(), z.unknown())),
  additionalProperties: z.boolean(),
});

/** A body the route checks itself (so that its messages name the field), shown as `documents`. */
const checkedByTheRoute = z.unknown();

/** The STAC API 1.0 operations under /backend/catalogue/stac (the same ones under /resource-catalogue/stac). */
const stacApi = defineOperations({
  'GET /backend/catalogue/stac/': { summary: 'The STAC landing page', query: fQuery, response: stacLandingSchema },
  'GET /backend/catalogue/stac/queryables': {
    summary: 'The properties a filter may name in any collection (JSON Schema)',
    query: z.strictObject({}),
    response: queryablesSchema,
  },
  'GET /backend/catalogue/stac/collections/{c}/queryables': {
    summary: "The properties a filter may name in a collection, with the types its items' values take (JSON Schema)",
    params: collectionParams,
    query: z.strictObject({}),
    response: queryablesSchema,
  },
  'GET /backend/catalogue/stac/conformance': { summary: 'The conformance classes', query: fQuery, response: stacConformanceSchema },
  'GET /backend/catalogue/stac/collections': { summary: 'The collections the caller may read', query: fQuery, response: stacCollectionsSchema },
  'GET /backend/catalogue/stac/collections/{c}': { summary: 'A collection', params: collectionParams, query: fQuery, response: stacCollectionSchema },
  'GET /backend/catalogue/stac/collections/{c}/items': {
    summary: "A page of a collection's items",
    params: collectionParams,
    query: itemsQuery,
    response: stacItemCollectionSchema,
  },
  'GET /backend/catalogue/stac/collections/{c}/items/{i}': { summary: 'An item', params: itemParams, query: fQuery, response: stacItemSchema },
  'GET /backend/catalogue/stac/search': { summary: 'Search items (STAC item search)', query: searchQuery, response: stacItemCollectionSchema },
  'POST /backend/catalogue/stac/search': {
    summary: 'Search items (STAC item search, with filter and sort)',
    query: fQuery,
    body: stacSearchBodySchema,
    response: stacItemCollectionSchema,
  },
  'POST /backend/catalogue/stac/collections': {
    summary: 'Create a collection (the caller owns it)',
    body: checkedByTheRoute,
    documents: stacCollectionInputSchema,
    status: 201,
    response: stacCollectionSchema,
  },
  'PUT /backend/catalogue/stac/collections/{c}': {
    summary: 'Replace a collection',
    params: collectionParams,
    body: checkedByTheRoute,
    documents: stacCollectionInputSchema,
    response: stacCollectionSchema,
  },
  'PATCH /backend/catalogue/stac/collections/{c}': {
    summary: 'Update a collection (JSON merge patch)',
    params: collectionParams,
    body: z.record(z.string(), z.unknown()),
    response: stacCollectionSchema,
  },
  'DELETE /backend/catalogue/stac/collections/{c}': {
    summary: 'Delete a collection and its items',
    params: collectionParams,
    status: 204,
    response: noContent,
  },
  'POST /backend/catalogue/stac/collections/{c}/items': {
    summary: 'Create or replace items: one Item, or a FeatureCollection of them (all or none)',
    params: collectionParams,
    body: checkedByTheRoute,
    documents: z.union([stacItemInputSchema, stacItemCollectionInputSchema]),
    status: 201,
    response: z.union([stacItemSchema, stacItemCollectionSchema]),
  },
  'PUT /backend/catalogue/stac/collections/{c}/items/{i}': {
    summary: 'Replace an item',
    params: itemParams,
    body: checkedByTheRoute,
    documents: stacItemInputSchema,
    response: stacItemSchema,
  },
  'PATCH /backend/catalogue/stac/collections/{c}/items/{i}': {
    summary: 'Update an item (JSON merge patch)',
    params: itemParams,
    body: z.record(z.string(), z.unknown()),
    response: stacItemSchema,
  },
  'DELETE /backend/catalogue/stac/collections/{c}/items/{i}': { summary: 'Delete an item', params: itemParams, status: 204, response: noContent },
});

type Reprefixed<M, From extends string, To extends string> = {
  [K in keyof M as K extends `${infer Method} ${From}${infer Rest}` ? `${Method} ${To}${Rest}` : never]: M[K];
};

function reprefix<M extends Record<OperationKey, Operation>, From extends string, To extends string>(
  operations: M,
  from: From,
  to: To,
): Reprefixed<M, From, To> {
  return Object.fromEntries(
    Object.entries(operations).map(([key, operation]) => {
      const space = key.indexOf(' ');
      return [`${key.slice(0, space)} ${to}${key.slice(space + 1 + from.length)}`, operation];
    }),
  ) as Reprefixed<M, From, To>;
}

/** The STAC API under both prefixes: the same operations, the same data. */
export const stacOperations = { ...stacApi, ...reprefix(stacApi, '/backend/catalogue/stac', '/resource-catalogue/stac') };

/** The spec's own calls of the catalogue (spec 1 §7 "Catalogue and products"). */
export const catalogueOperations = defineOperations({
  'GET /resource-catalogue/collections/{c}/items': {
    summary: "A page of a collection's items, with offset paging (the catalogue browser's call)",
    params: collectionParams,
    query: z.object({
      bbox: z.string().optional().describe('left,top,right,bottom: min lon, max lat, max lon, min lat'),
      datetime,
      limit,
      offset: z.coerce.number<string>().int().min(0).optional().describe('items skipped (default 0)'),
      f,
      type: z.string().optional().describe('the record type (dataset); every item of a collection is one'),
    }),
    response: stacItemCollectionSchema,
  },
  'POST /resource-catalogue/products/search': {
    summary: 'Search products of a collection in a box and a date range (the Search products tab)',
    body: productSearchRequestSchema,
    response: productSearchResponseSchema,
  },
  'GET /resource-catalogue/csw': {
    summary: 'CSW GetRecords in OpenSearch mode: the records named by recordids (the product input link)',
    query: z.object({
      service: z.string().optional(),
      version: z.string().optional(),
      request: z.string().optional(),
      mode: z.string().optional(),
      typenames: z.string().optional(),
      elementsetname: z.string().optional(),
      outputformat: z.string().optional(),
      collections: z.string().optional().describe('collection ids, comma separated'),
      recordids: z.string().optional().describe('item ids, comma separated'),
      maxrecords: z.coerce.number<string>().int().min(1).max(STAC_MAX_LIMIT).optional(),
      startposition: z.coerce.number<string>().int().min(1).optional().describe('1-based'),
      f,
    }),
    response: stacItemCollectionSchema,
  },
});
