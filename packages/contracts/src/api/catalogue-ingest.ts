import { z } from 'zod';
import { stacIdSchema } from '../stac-ids.js';
import { defineOperations } from './operation.js';

/** `asb catalogue ingest` over HTTP for staff (docs/catalogue.md "Ingest"): a published static catalog by its URL. */
export const catalogueIngestRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/i, { message: 'must be an http:// or https:// URL (files are ingested with the asb catalogue ingest command)' })
    // what the WHATWG parser refuses (an IPv6 zone id, a bad port) names nothing the server could fetch
    .refine((url) => URL.canParse(url), { message: 'is not a valid URL' }),
  /** where items that name no collection go */
  collection: stacIdSchema.optional(),
  /** the collections written are readable signed out */
  public: z.boolean().default(false),
  /** write a collection's valid items even when some of its documents are invalid */
  skipInvalid: z.boolean().default(false),
});

/** What an ingest wrote and what it refused, with the reasons. */
export const catalogueIngestReportSchema = z
  .object({
    source: z.string(),
    collections: z.number().int(),
    created: z.number().int(),
    replaced: z.number().int(),
    invalid: z.array(z.object({ source: z.string(), what: z.string(), reasons: z.array(z.string()) })),
    skipped: z.array(z.object({ id: z.string(), items: z.number().int(), reason: z.string() })),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'CatalogueIngestReport' });

export const catalogueIngestOperations = defineOperations({
  'POST /resource-catalogue/ingest': {
    summary: 'Ingest a static STAC catalog, collection or item published at a URL (staff): the caller owns the collections written',
    body: catalogueIngestRequestSchema,
    response: catalogueIngestReportSchema,
  },
});
