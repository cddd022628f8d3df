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
