/**
 * The value of an EO-product input (spec 1 §7 "Catalogue and products": "a product input URL
 * is built as a CSW GetRecords opensearch link with recordids"), in one place: the catalogue
 * browser builds it when a product is selected as an input, the catalogue serves it (the
 * link resolves to the record), and the engine parses it to stage the item's assets
 * (docs/catalogue.md "Products in workflows").
 */
/** The data types of one EO product of a mission, named by its product identifier (or its catalogue link). */
export const EO_PRODUCT_TYPES: readonly string[] = [
  'sentinel-1-product',
  'sentinel-2-product',
  'sentinel-3-product',
  'sentinel-5p-product',
  'landsat-8-product',
  'landsat-9-product',
  'modis-product',
];

/**
 * Data types whose value names an EO product: the execute form offers the catalogue browser
 * for them, the product order lists them, and the engine stages the product's assets.
 */
export const PRODUCT_DATA_TYPES: ReadonlySet<string> = new Set([...EO_PRODUCT_TYPES, 'eo-product', 'list-product', 'stac-item']);

export const CATALOGUE_CSW_PATH = '/resource-catalogue/csw' as const;

/** The CSW GetRecords opensearch link of one catalogue item, as a path of this portal. */
export function productInputUrl(collectionId: string, itemId: string): string {
  const query = new URLSearchParams({
    service: 'CSW',
    version: '3.0.0',
    request: 'GetRecords',
    mode: 'opensearch',
    typenames: 'csw:Record',
    elementsetname: 'full',
    outputformat: 'application/json',
    collections: collectionId,
    recordids: itemId,
  });
  return `${CATALOGUE_CSW_PATH}?${query.toString()}`;
}

/** A STAC item URL of this portal's STAC API, under either prefix (api/catalogue.ts STAC_PREFIXES). */
const STAC_ITEM_PATH = /^\/(?:backend\/catalogue|resource-catalogue)\/stac\/collections\/([^/]+)\/items\/([^/]+)\/?$/;

/**
 * The item a product input link names: a path of this portal or an absolute URL whose path is
 * the CSW path, or a STAC item URL of the portal's STAC API (a STAC client copies that one;
 * the caller decides whether its origin is this portal). Undefined for anything else, and for
 * a link naming no record or several.
 */
export function parseProductInputUrl(value: string): { origin?: string; collectionId?: string; itemId: string } | undefined {
  let url: URL;
  try {
    url = new URL(value.trim(), 'http://relative.invalid');
  } catch {
    return undefined;
  }
  const origin = url.origin === 'http://relative.invalid' ? undefined : url.origin;
  const stac = STAC_ITEM_PATH.exec(url.pathname);
  if (stac) {
    try {
      return { ...(origin ? { origin } : {}), collectionId: decodeURIComponent(stac[1]!), itemId: decodeURIComponent(stac[2]!) };
    } catch {
      return undefined;
    }
  }
  if (url.pathname !== CATALOGUE_CSW_PATH) return undefined;
  const request = url.searchParams.get('request');
  if (request !== null && request.toLowerCase() !== 'getrecords') return undefined;
  const ids = (url.searchParams.get('recordids') ?? '').split(',').filter((id) => id !== '');
  if (ids.length !== 1) return undefined;
  const collectionId = url.searchParams.get('collections') ?? undefined;
  return { ...(origin ? { origin } : {}), ...(collectionId ? { collectionId } : {}), itemId: ids[0]! };
}
