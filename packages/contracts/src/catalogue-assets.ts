import { fillPath } from './api/operation.js';

/**
 * The URL of a local catalogue asset, in one place (docs/catalogue.md "Assets"): the demo
 * stores item asset hrefs as these paths, the catalogue serves the file
 * (`GET /resource-catalogue/assets/{collection}/{item}/{*}`), the tile service accepts them
 * as its `url` and the engine stages them from the datastore.
 */
export const CATALOGUE_ASSET_PATH = '/resource-catalogue/assets/{collection}/{item}/{*}' as const;

const CATALOGUE_ASSET = /^\/resource-catalogue\/assets\/([^/]+)\/([^/]+)\/(.+)$/s;

/** The root-relative URL of a file of a catalogue item; `file` is `/`-separated, each segment is encoded. */
export function catalogueAssetUrl(collectionId: string, itemId: string, file: string): string {
  return fillPath(CATALOGUE_ASSET_PATH, { collection: collectionId, item: itemId, '*': file });
}

/**
 * The collection, item and still-encoded file path named by a URL path (a query or fragment
 * is ignored), or undefined when it is not a catalogue asset. Ids come back decoded, or
 * undefined when their encoding is malformed.
 */
export function parseCatalogueAssetUrl(urlPath: string): { collectionId: string; itemId: string; encodedPath: string } | undefined {
  const match = CATALOGUE_ASSET.exec(urlPath.replace(/[?#].*$/s, ''));
  if (!match) return undefined;
  try {
    return { collectionId: decodeURIComponent(match[1]!), itemId: decodeURIComponent(match[2]!), encodedPath: match[3]! };
  } catch {
    return undefined;
  }
}
