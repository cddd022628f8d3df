import { z } from 'zod';

/**
 * The marketplace (spec 3 §2 Marketplace, §3 Marketplace resource and Filter option, §5
 * Marketplace search, §9 keyword conventions; docs/marketplace.md): everything published,
 * found by ranked text search and narrowed by facets.
 */

/** The types a resource has (`properties.type`); the executable ones get an Execute button (spec 3 §9). */
export const MARKETPLACE_TYPES = ['application', 'workflow', 'model', 'dataset'] as const;
export type MarketplaceType = (typeof MARKETPLACE_TYPES)[number];
export const EXECUTABLE_TYPES: readonly MarketplaceType[] = ['application', 'workflow', 'model'];

/** The value of a facet for a resource that has none (spec 3 §5). */
export const NOT_SPECIFIED = 'Not specified';
/** The version of a resource that gives none (spec 3 §3). */
export const VERSION_NOT_SPECIFIED = 'not specified';

/** `FILTER:{key}:{value}` and `softwareVersion:{x}` keywords (spec 3 §9) are conventions, not tags to show. */
export const FILTER_KEYWORD = /^FILTER:([^:]+):(.+)$/;
export const VERSION_KEYWORD = /^softwareVersion:(.+)$/;

/** Whether a keyword is a tag to show, not one of those conventions. */
export function isTagKeyword(keyword: string): boolean {
  return !/^FILTER:/i.test(keyword) && !/^softwareVersion:/.test(keyword);
}

/** The publisher of a catalogue item: the part of its collection before the colon (spec 3 §3), else the whole id. */
export function publisherOf(collection: string): string {
  const colon = collection.indexOf(':');
  return colon < 0 ? collection : collection.slice(0, colon);
}

/**
 * The publisher a published catalogue item is shown with (issue 30 §6): the collection's
 * owner, not a name anyone may choose — any user may make a collection `esa`. The id's prefix
 * (publisherOf) is shown only where the portal vouches for it: the owner is staff, who name
 * organisations (an ingest into `esa:sentinel-2`); a `{username}:…` id of anyone else is their
 * own username anyway (catalogue ids `{name}:…` belong to the user `name`).
 */
export function verifiedPublisher(collection: string, owner: { username: string | null; isStaff: boolean }): string {
  // an id without a prefix names no publisher (a demo seeded before its `{owner}:` prefix, docs/seed-data.md): its owner is
  if (owner.isStaff && collection.includes(':')) return publisherOf(collection);
  return owner.username ?? 'unknown';
}

/** The version a `softwareVersion:{x}` keyword gives (spec 3 §3), if any. */
export function keywordVersion(keywords: readonly unknown[]): string | undefined {
  for (const keyword of keywords) {
    const match = typeof keyword === 'string' ? VERSION_KEYWORD.exec(keyword) : null;
    if (match) return match[1]!.trim();
  }
  return undefined;
}

export const marketplaceResourceSchema = z
  .object({
    /** unique in the marketplace: `{type}:{collection}:{identifier}` */
    id: z.string(),
    /** the item's id in its collection (a workflow's is `asb:workflows:{workflow id}`) */
    identifier: z.string(),
    /** the collection, `{publisher}:{name}` (a workflow's: `{owner}:workflows`) */
    collection: z.string(),
    /** the collection's title (null for a workflow's) */
    collectionTitle: z.string().nullable(),
    parentidentifier: z.string(),
    title: z.string(),
    description: z.string(),
    version: z.string(),
    /** http(s) addresses only (spec 3 §5) */
    logo: z.string().nullable(),
    thumbnail: z.string().nullable(),
    /** the licence's name or URL, or null */
    licence: z.string().nullable(),
    /** every keyword, the FILTER: and softwareVersion: conventions included */
    keywords: z.array(z.string()),
    releaseNotes: z.string().nullable(),
    /** ISO 8601 */
    date_creation: z.string(),
    publisher: z.string(),
    author: z.string().nullable(),
    properties: z.object({ type: z.enum(MARKETPLACE_TYPES) }),
    /** the workflow's numeric id, for its detail and execute routes */
    workflowId: z.number().int().nullable(),
    /** whether its card offers Execute: a workflow or application always, a model only with an ONNX file (onnxAsset), a dataset never */
    isExecutable: z.boolean(),
  })
  .meta({ id: 'MarketplaceResource' });
export type MarketplaceResource = z.infer<typeof marketplaceResourceSchema>;

export const FILTER_OPTION_TYPES = ['properties', 'static', 'keyword'] as const;
export const filterOptionSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    /** the values to choose from ('Not specified' for resources lacking one) */
    values: z.array(z.string()),
    type: z.enum(FILTER_OPTION_TYPES),
  })
  .meta({ id: 'FilterOption' });
export type FilterOption = z.infer<typeof filterOptionSchema>;

/** The checked values by facet key: `{"type": ["model"], "licence": ["MIT", "Not specified"]}`. */
export const marketplaceFiltersSchema = z.record(z.string().max(100), z.array(z.string().max(300)).max(100));
export type MarketplaceFilters = z.infer<typeof marketplaceFiltersSchema>;

export const MARKETPLACE_PAGE_SIZE = 48;
/**
 * The item property an owner sets to publish a model or dataset to the marketplace
 * (docs/marketplace.md): listed while it is `true` and the item's collection is public.
 */
export const PUBLISHED_PROPERTY = 'asb:published';
/** Whether a STAC item's properties say it is published to the marketplace. */
export const isPublishedItem = (properties: Record<string, unknown> | undefined): boolean => properties?.[PUBLISHED_PROPERTY] === true;
export const MARKETPLACE_MAX_PAGE_SIZE = 200;
export const MARKETPLACE_MAX_QUERY = 200;
