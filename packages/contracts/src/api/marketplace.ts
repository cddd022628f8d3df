import { z } from 'zod';
import { filterOptionSchema, MARKETPLACE_MAX_PAGE_SIZE, MARKETPLACE_MAX_QUERY, marketplaceResourceSchema } from '../marketplace.js';
import { defineOperations } from './operation.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const itemParams = z.object({ c: z.string().max(300), i: z.string().max(300) });

/** A model's or dataset's publication (docs/marketplace.md "Publishing a model or dataset"). */
export const itemPublicationSchema = z
  .object({
    published: z.boolean().describe('the item is marked published (its asb:published property)'),
    listed: z.boolean().describe('the marketplace lists it: published and its collection public'),
    collection_public: z.boolean(),
    editable: z.boolean().describe('the caller may publish or withdraw it (the owner of its collection or staff)'),
    publisher: z.string().describe("who publishes it: its collection's owner, or the organisation staff named (verifiedPublisher)"),
  })
  .meta({ id: 'ItemPublication' });
export type ItemPublication = z.infer<typeof itemPublicationSchema>;
const publicationResponse = z.object({ data: itemPublicationSchema });

/**
 * The marketplace's calls (spec 3 §7 "Catalogue, backend"; docs/marketplace.md): what is
 * published, searched and narrowed by facets, and the facets to offer. Public: the marketplace
 * is readable signed out.
 */
export const marketplaceOperations = defineOperations({
  'GET /backend/v1/catalogue-collections/published_resources': {
    summary: 'The published resources (applications, workflows, models, datasets) matching a text and facets, best match first',
    query: z.object({
      query: z
        .string()
        .max(MARKETPLACE_MAX_QUERY)
        .optional()
        .describe('words to find in title, description and keywords (each a prefix); empty: everything, newest first'),
      filters: z
        .string()
        .max(20_000)
        .optional()
        .describe(
          'JSON object: the checked values by facet key, e.g. {"type":["model"],"licence":["Not specified"]}; a facet with none or all checked imposes nothing',
        ),
      created_after: z.string().regex(DAY, 'A date YYYY-MM-DD').optional().describe('created on or after this day (YYYY-MM-DD)'),
      created_before: z.string().regex(DAY, 'A date YYYY-MM-DD').optional().describe('created on or before this day (YYYY-MM-DD)'),
      limit: z.coerce.number<string>().int().min(1).max(MARKETPLACE_MAX_PAGE_SIZE).optional(),
      offset: z.coerce.number<string>().int().min(0).max(1_000_000).optional(),
    }),
    response: z.object({
      data: z.object({
        resources: z.array(marketplaceResourceSchema),
        /** the collections the matched resources are in */
        collections: z.array(z.object({ identifier: z.string(), title: z.string(), publisher: z.string() })),
        /** how many resources match (all pages) */
        total: z.number().int(),
        corrected_query: z
          .string()
          .optional()
          .describe("the words searched instead: the query's words found nothing, and its misspelt words were corrected to known ones"),
      }),
    }),
  },
  'GET /resource-catalogue/collections/{c}/items/{i}/published': {
    summary: 'Whether a model or dataset item is published to the marketplace, and whether the caller may change it',
    params: itemParams,
    response: publicationResponse,
  },
  'PUT /resource-catalogue/collections/{c}/items/{i}/published': {
    summary: 'Publish a model or dataset item to the marketplace, or withdraw it (the owner of its collection or staff)',
    params: itemParams,
    body: z.object({ published: z.boolean() }),
    response: publicationResponse,
  },
  'GET /backend/v1/resource-filter-types': {
    summary: "The marketplace's facets: type, licence, input type and every FILTER:{key}:{value} keyword, each with more than one value",
    response: z.object({ data: z.array(filterOptionSchema) }),
  },
});
