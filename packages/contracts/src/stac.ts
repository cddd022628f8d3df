import { z } from 'zod';

/** A STAC link (STAC 1.0 item-spec "Link Object"). */
export const stacLinkSchema = z.object({ rel: z.string(), href: z.string(), type: z.string().optional(), title: z.string().optional() }).catchall(z.unknown());

/**
 * The href of a document's first GET link with this relation, made absolute against `base`
 * (where the document was read); undefined when there is none or its href is not a URL. A
 * link with another method (a STAC API may page by POST) does not count.
 */
export function stacLinkHref(document: { links?: unknown }, rel: string, base: string): string | undefined {
  const links = Array.isArray(document.links) ? (document.links as { rel?: unknown; href?: unknown; method?: unknown }[]) : [];
  const link = links.find(
    (candidate) =>
      candidate?.rel === rel && typeof candidate.href === 'string' && (candidate.method === undefined || String(candidate.method).toUpperCase() === 'GET'),
  );
  if (!link) return undefined;
  try {
    return new URL(link.href as string, base).toString();
  } catch {
    return undefined;
  }
}

/** A STAC asset ("Asset Object"). */
export const stacAssetSchema = z
  .object({
    href: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    type: z.string().optional(),
    roles: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());

/**
 * A STAC 1.0 Item: a GeoJSON Feature with properties (datetime, or start/end_datetime),
 * links and assets. Extensions add properties by prefix, so properties stay open.
 */
export const stacItemSchema = z
  .object({
    type: z.literal('Feature'),
    stac_version: z.string(),
    stac_extensions: z.array(z.string()).optional(),
    id: z.string(),
    collection: z.string().optional(),
    geometry: z.record(z.string(), z.unknown()).nullable(),
    bbox: z.array(z.number()).optional(),
    properties: z.object({ datetime: z.string().nullable() }).catchall(z.unknown()),
    links: z.array(stacLinkSchema),
    assets: z.record(z.string(), stacAssetSchema),
  })
  .meta({ id: 'StacItem' });
export type StacItem = z.infer<typeof stacItemSchema>;
