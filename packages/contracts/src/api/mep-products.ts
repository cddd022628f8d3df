import { z } from 'zod';
import { productSearchResponseSchema, STAC_MAX_LIMIT } from '../catalogue.js';
import { defineOperations } from './operation.js';

/**
 * Spec 1 §7 Knowledge: "GET mep/products with query parameters". The spec gives no more; here it
 * is the product search of the Search products tab (`POST /resource-catalogue/products/search`)
 * asked with query parameters, answering the same `{product_list, product_count}`
 * (docs/decisions.md "mep/products").
 */
export const mepProductOperations = defineOperations({
  'GET /knowledge/v1/mep/products': {
    summary: 'Products of a catalogue collection in a box and a date range (the product search as query parameters)',
    query: z.object({
      collection: z.string().min(1).max(256).describe('the catalogue collection id'),
      bbox: z.string().min(1).max(200).describe('west,south,east,north in degrees (west > east crosses the antimeridian)'),
      start: z.string().min(1).max(40).describe('first day, YYYY-MM-DD (from 00:00Z) or RFC 3339'),
      end: z.string().min(1).max(40).describe('last day, YYYY-MM-DD (through 23:59:59.999Z) or RFC 3339'),
      limit: z.coerce.number<string>().int().min(1).max(STAC_MAX_LIMIT).optional().describe(`products per page, 1..${STAC_MAX_LIMIT} (default 10)`),
      offset: z.coerce.number<string>().int().min(0).max(1_000_000_000).optional().describe('products skipped (default 0)'),
    }),
    response: productSearchResponseSchema,
  },
});
