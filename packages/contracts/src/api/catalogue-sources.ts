import { z } from 'zod';
import { defineOperations } from './operation.js';

/**
 * A collection the product search can search (docs/catalogue.md "Remote catalogues"): one
 * of this catalogue the caller may read (`source` 'local'), or one of a remote STAC API of
 * ASB_STAC_REMOTES, named `{remote}:{collection}` (`source` the remote's name).
 */
export const productCollectionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    /** 'local', or the name of the remote STAC API */
    source: z.string(),
    /** the STAC collection's URL: the portal's for local ones, the remote's own otherwise */
    href: z.string(),
  })
  .meta({ id: 'ProductCollection' });
export type ProductCollection = z.infer<typeof productCollectionSchema>;

export const productCollectionsSchema = z.object({
  collections: z.array(productCollectionSchema),
  /** remotes whose collections could not be read just now: they are missing from the list */
  unavailable: z.array(z.object({ source: z.string(), detail: z.string() })),
});

/** The product search's collections: this catalogue's and the remote catalogues'. */
export const productSourceOperations = defineOperations({
  'GET /resource-catalogue/products/collections': {
    summary: "The collections the product search searches: this catalogue's the caller may read, then those of the remote STAC APIs",
    response: productCollectionsSchema,
  },
});

/** A field an extension schema describes (docs/marketplace.md "Extension schemas"). */
export const extensionFieldSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** the JSON Schema type when the schema says ('string', 'array', …) */
  type: z.string().nullable(),
});

/** What the item pages show of a STAC extension's JSON Schema, read from its URL. */
export const extensionSchemaSummarySchema = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    /** the prefixed fields (`sci:doi`, `mlm:name`) the schema names, with what it says of each */
    fields: z.array(extensionFieldSchema),
  })
  .meta({ id: 'ExtensionSchemaSummary' });
export type ExtensionSchemaSummary = z.infer<typeof extensionSchemaSummarySchema>;

/** A STAC extension's schema, fetched by the server through its outbound guard and kept a while. */
export const extensionSchemaOperations = defineOperations({
  'GET /resource-catalogue/extension-schema': {
    summary: "A STAC extension's JSON Schema summarised (title, description, its fields): fetched from its URL through the outbound guard, kept an hour",
    query: z.object({
      url: z
        .string()
        .max(2000)
        .regex(/^https?:\/\//i, 'An http(s) URL')
        .describe('the schema URL an item lists in stac_extensions'),
    }),
    response: z.object({ data: extensionSchemaSummarySchema }),
  },
});
