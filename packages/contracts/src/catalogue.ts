import { z } from 'zod';
import { stacIdSchema } from './stac-ids.js';
import { stacItemSchema, stacLinkSchema } from './stac.js';

/**
 * The resource catalogue's documents (docs/catalogue.md): STAC API 1.0 answers and the
 * spec's own product search (spec 1 §7 "Catalogue and products"). STAC documents are open
 * objects: extension fields pass through every answer untouched.
 */

/** The largest `limit` of a STAC page. */
export const STAC_MAX_LIMIT = 10_000;
/** The `limit` of a STAC page when none is asked for. */
export const STAC_DEFAULT_LIMIT = 10;

/** A GeoJSON geometry (RFC 7946): type and coordinates, or a GeometryCollection's geometries. */
export const geoJsonGeometrySchema = z
  .object({
    type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']),
    coordinates: z.unknown().optional(),
    geometries: z.array(z.unknown()).optional(),
  })
  .catchall(z.unknown());
export type GeoJsonGeometry = z.infer<typeof geoJsonGeometrySchema>;

/** A STAC 1.0 Collection (collection-spec): extent, license, links; everything else passes through. */
export const stacCollectionSchema = z
  .object({
    type: z.literal('Collection'),
    stac_version: z.string(),
    stac_extensions: z.array(z.string()).optional(),
    id: z.string().min(1),
    title: z.string().optional(),
    description: z.string(),
    keywords: z.array(z.string()).optional(),
    license: z.string(),
    providers: z.array(z.record(z.string(), z.unknown())).optional(),
    extent: z
      .object({
        spatial: z.object({ bbox: z.array(z.array(z.number())) }).catchall(z.unknown()),
        temporal: z.object({ interval: z.array(z.array(z.string().nullable())) }).catchall(z.unknown()),
      })
      .catchall(z.unknown()),
    summaries: z.record(z.string(), z.unknown()).optional(),
    links: z.array(stacLinkSchema),
    assets: z.record(z.string(), z.unknown()).optional(),
    /** the portal's: readable signed out (docs/catalogue.md "Sharing") */
    'asb:public': z.boolean().optional(),
    /** the portal's: the workspaces the collection is shared with */
    'asb:workspaces': z.array(z.number().int()).optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'StacCollection' });
export type StacCollection = z.infer<typeof stacCollectionSchema>;

/**
 * A collection as a client writes it (transactions): links may be left out (the portal
 * makes its own), `asb:public` and `asb:workspaces` set who may read it.
 */
export const stacCollectionInputSchema = stacCollectionSchema.extend({ id: stacIdSchema, links: z.array(stacLinkSchema).default([]) });
export type StacCollectionInput = z.input<typeof stacCollectionInputSchema>;

/** An item as a client writes it: links and assets may be left out. */
export const stacItemInputSchema = stacItemSchema.extend({
  id: stacIdSchema,
  links: z.array(stacLinkSchema).default([]),
  assets: stacItemSchema.shape.assets.default({}),
  geometry: geoJsonGeometrySchema.nullable(),
});
export type StacItemInput = z.input<typeof stacItemInputSchema>;

/** A GeoJSON FeatureCollection of items with the STAC API paging fields. */
export const stacItemCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(stacItemSchema),
    links: z.array(stacLinkSchema),
    numberMatched: z.number().int().optional(),
    numberReturned: z.number().int().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'StacItemCollection' });
export type StacItemCollection = z.infer<typeof stacItemCollectionSchema>;

/** Items written in one call (POST …/items with a FeatureCollection). */
export const stacItemCollectionInputSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(stacItemInputSchema) }).catchall(z.unknown());

/** The landing page: a STAC Catalog with the conformance classes. */
export const stacLandingSchema = z
  .object({
    type: z.literal('Catalog'),
    stac_version: z.string(),
    id: z.string(),
    title: z.string().optional(),
    description: z.string(),
    conformsTo: z.array(z.string()),
    links: z.array(stacLinkSchema),
  })
  .catchall(z.unknown())
  .meta({ id: 'StacLanding' });

export const stacConformanceSchema = z.object({ conformsTo: z.array(z.string()) });

export const stacCollectionsSchema = z
  .object({
    collections: z.array(stacCollectionSchema),
    links: z.array(stacLinkSchema),
    numberMatched: z.number().int().optional(),
    numberReturned: z.number().int().optional(),
  })
  .catchall(z.unknown());

/** `sortby` of a POST search: fields of the item (`properties.x`, `x`, `id`, `datetime`…). */
export const stacSortbySchema = z.array(z.object({ field: z.string().min(1), direction: z.enum(['asc', 'desc']).default('asc') }));

/**
 * The body of POST /search (STAC API item-search, with the filter and sort extensions).
 * Values are checked by the server past their shape, so that every message names its
 * parameter (an inverted bbox, a malformed datetime, an unknown operator of `filter`).
 */
export const stacSearchBodySchema = z
  .object({
    bbox: z.array(z.number()).optional(),
    intersects: geoJsonGeometrySchema.optional(),
    datetime: z.string().optional(),
    collections: z.array(z.string()).optional(),
    ids: z.array(z.string()).optional(),
    limit: z.number().int().min(1).max(STAC_MAX_LIMIT).optional(),
    sortby: stacSortbySchema.optional(),
    filter: z.unknown().optional(),
    'filter-lang': z.string().optional(),
    'filter-crs': z.string().optional(),
    token: z.string().optional(),
  })
  .catchall(z.unknown());
export type StacSearchBody = z.input<typeof stacSearchBodySchema>;

/** The spec's product search (spec 1 §7): one collection, a box `[west, south, east, north]` and a date range. */
export const productSearchRequestSchema = z.object({
  collection: z.string().min(1),
  boundingBox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  dateRange: z.object({ start: z.string().min(1), end: z.string().min(1) }),
  limit: z.number().int().min(1).max(STAC_MAX_LIMIT).optional(),
  offset: z.number().int().min(0).optional(),
});
export type ProductSearchRequest = z.infer<typeof productSearchRequestSchema>;

/** One product found: where it is from, when and where it is, and the value an EO-product input takes. */
export const productSummarySchema = z.object({
  id: z.string(),
  collection: z.string(),
  /** 'local', or the name of the remote STAC API it came from */
  source: z.string(),
  title: z.string(),
  datetime: z.string().nullable(),
  start_datetime: z.string().nullable(),
  end_datetime: z.string().nullable(),
  geometry: z.record(z.string(), z.unknown()).nullable(),
  bbox: z.array(z.number()).nullable(),
  /** the thumbnail asset's URL */
  thumbnail: z.string().nullable(),
  /** the product input value: productInputUrl(collection, id) for local items, the remote item's URL otherwise */
  url: z.string(),
  /** the URL of the STAC item */
  item: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSearchResponseSchema = z.object({ product_list: z.array(productSummarySchema), product_count: z.number().int() });
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;
