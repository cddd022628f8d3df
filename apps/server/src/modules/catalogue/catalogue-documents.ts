import type { StacCollection, StacItem } from '@asb/contracts';

/**
 * The STAC documents the catalogue serves, made from its rows (docs/catalogue.md "Links"):
 * the portal's own links (self, root, parent, collection, items) as absolute URLs of the
 * portal, the links a writer gave kept beside them, root-relative asset hrefs made absolute.
 */

/** Where the documents of one answer live: the portal's origin and the STAC root under it. */
export interface CatalogueUrls {
  /** the portal's public origin, without a trailing slash */
  base: string;
  /** the STAC API root, e.g. `${base}/resource-catalogue/stac` */
  root: string;
}

export const STAC_VERSION = '1.0.0';
/** Links the portal makes: a writer's links of these relations are replaced. */
export const PORTAL_RELS = new Set(['self', 'root', 'parent', 'collection', 'items', 'next', 'prev']);

const enc = encodeURIComponent;
export const collectionUrl = (urls: CatalogueUrls, collectionId: string) => `${urls.root}/collections/${enc(collectionId)}`;
const itemUrl = (urls: CatalogueUrls, collectionId: string, itemId: string) => `${collectionUrl(urls, collectionId)}/items/${enc(itemId)}`;

type Link = StacItem['links'][number];
const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';

export function rootLink(urls: CatalogueUrls): Link {
  return { rel: 'root', href: `${urls.root}/`, type: JSON_TYPE, title: 'Resource catalogue' };
}

const keptLinks = (links: readonly Record<string, unknown>[] | undefined): Link[] =>
  (links ?? []).filter((link): link is Link => typeof link.rel === 'string' && typeof link.href === 'string' && !PORTAL_RELS.has(link.rel));

/** A root-relative href (a local asset, /resource-catalogue/assets/…) as a URL of the portal; others as written. */
function absoluteHref(urls: CatalogueUrls, href: string): string {
  return href.startsWith('/') && !href.startsWith('//') ? `${urls.base}${href}` : href;
}

/** An item row's parts. */
export interface StoredItem {
  collectionId: string;
  id: string;
  geometry: Record<string, unknown> | null;
  bboxValues: number[] | null;
  properties: Record<string, unknown>;
  assets: Record<string, Record<string, unknown>>;
  links: Record<string, unknown>[];
  document: Record<string, unknown>;
}

export function itemDocument(row: StoredItem, urls: CatalogueUrls): StacItem {
  const assets = Object.fromEntries(
    Object.entries(row.assets).map(([key, asset]) => [key, { ...asset, href: absoluteHref(urls, String(asset.href ?? '')) }]),
  ) as StacItem['assets'];
  const collection = collectionUrl(urls, row.collectionId);
  return {
    ...row.document,
    type: 'Feature',
    stac_version: typeof row.document.stac_version === 'string' ? row.document.stac_version : STAC_VERSION,
    id: row.id,
    collection: row.collectionId,
    geometry: row.geometry,
    ...(row.bboxValues ? { bbox: row.bboxValues } : {}),
    properties: { ...row.properties, datetime: (row.properties.datetime as string | null | undefined) ?? null },
    links: [
      ...keptLinks(row.links),
      { rel: 'self', href: itemUrl(urls, row.collectionId, row.id), type: GEOJSON_TYPE },
      { rel: 'parent', href: collection, type: JSON_TYPE },
      { rel: 'collection', href: collection, type: JSON_TYPE },
      rootLink(urls),
    ],
    assets,
  };
}

/** The stored item as its writer would send it: the document a merge patch applies to. */
export function writtenItem(row: StoredItem): Record<string, unknown> {
  return {
    ...row.document,
    type: 'Feature',
    id: row.id,
    collection: row.collectionId,
    geometry: row.geometry,
    ...(row.bboxValues ? { bbox: row.bboxValues } : {}),
    properties: row.properties,
    assets: row.assets,
    links: row.links,
  };
}

export interface StoredCollection {
  id: string;
  ownerId: number;
  isPublic: boolean;
  document: Record<string, unknown>;
  workspaceIds: number[];
}

/** A collection's document; `sharing` adds who it is shared with (for its owner and staff). */
export function collectionDocument(row: StoredCollection, urls: CatalogueUrls, sharing: boolean): StacCollection {
  // stored as written: checked against the Collection schema when it was
  const document = row.document as StacCollection;
  const self = collectionUrl(urls, row.id);
  return {
    ...document,
    type: 'Collection',
    id: row.id,
    stac_version: typeof document.stac_version === 'string' ? document.stac_version : STAC_VERSION,
    links: [
      ...keptLinks(document.links),
      { rel: 'self', href: self, type: JSON_TYPE },
      { rel: 'parent', href: `${urls.root}/`, type: JSON_TYPE },
      rootLink(urls),
      { rel: 'items', href: `${self}/items`, type: GEOJSON_TYPE },
    ],
    'asb:public': row.isPublic,
    ...(sharing ? { 'asb:workspaces': row.workspaceIds } : {}),
  };
}
