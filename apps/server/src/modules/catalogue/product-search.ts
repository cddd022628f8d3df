import { productInputUrl, type ProductSearchRequest, type ProductSearchResponse, type ProductSummary, type StacItem } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { notFound } from '../../platform/http/errors.js';
import { itemDocument, type CatalogueUrls } from './catalogue-documents.js';
import { CatalogueInputError, checkBbox, parseDatetime, spatialOfBbox } from './catalogue-geometry.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';

/** The product search's page size when none is asked for (the browser's default max results). */
const DEFAULT_PRODUCTS = 10;

/** One search of one source: the request checked, who asks, where the portal is. */
export interface ProductQuery {
  collection: string;
  bbox: [number, number, number, number];
  interval: { start: Date | null; end: Date | null };
  limit: number;
  offset: number;
  principal: Principal | null;
  urls: CatalogueUrls;
}

/**
 * Where products come from (docs/catalogue.md "Product search"): this catalogue, and later
 * remote STAC APIs (ASB_STAC_REMOTES). The first source that owns the collection answers.
 */
export interface ProductSource {
  /** 'local', or the remote's name: ProductSummary.source */
  readonly name: string;
  /** whether this source serves the collection (the local source last: it owns the rest) */
  owns(collection: string, principal: Principal | null): Promise<boolean>;
  search(query: ProductQuery): Promise<ProductSearchResponse>;
}

/** The product summary of a STAC item (`url`: the product input value; `item`: the item's URL). */
function productSummary(item: StacItem, source: string, url: string): ProductSummary {
  const properties = item.properties as Record<string, unknown>;
  const text = (name: string) => (typeof properties[name] === 'string' ? (properties[name] as string) : null);
  const thumbnail = Object.values(item.assets).find((asset) => asset.roles?.includes('thumbnail')) ?? item.assets.thumbnail;
  const self = item.links.find((link) => link.rel === 'self')?.href ?? '';
  return {
    id: item.id,
    collection: item.collection ?? '',
    source,
    title: text('title') ?? item.id,
    datetime: text('datetime'),
    start_datetime: text('start_datetime'),
    end_datetime: text('end_datetime'),
    geometry: item.geometry,
    bbox: item.bbox ?? null,
    thumbnail: thumbnail?.href ?? null,
    url,
    item: self,
  };
}

/** The products of this catalogue's collections. */
export class LocalProductSource implements ProductSource {
  readonly name = 'local';
  constructor(private readonly catalogue: AuthorizedCatalogue) {}

  async owns(): Promise<boolean> {
    return true;
  }

  async search(query: ProductQuery): Promise<ProductSearchResponse> {
    if (!(await this.catalogue.canRead(query.principal, query.collection))) throw notFound(`No collection "${query.collection}".`);
    const page = await this.catalogue.search(
      {
        collections: [query.collection],
        spatial: spatialOfBbox(query.bbox),
        interval: query.interval,
        limit: query.limit,
        offset: query.offset,
        productsOnly: true,
      },
      query.principal,
    );
    return {
      product_list: page.items.map((row) => productSummary(itemDocument(row, query.urls), this.name, productInputUrl(row.collectionId, row.id))),
      product_count: page.matched ?? query.offset + page.items.length,
    };
  }
}

/** The spec's product search over its sources. */
export class ProductSearch {
  constructor(private readonly sources: ProductSource[]) {}

  async search(request: ProductSearchRequest, principal: Principal | null, urls: CatalogueUrls): Promise<ProductSearchResponse> {
    const bbox = checkBbox(request.boundingBox, 'boundingBox');
    const interval = parseDatetime(`${request.dateRange.start}/${request.dateRange.end}`, 'dateRange', { dates: true });
    const query: ProductQuery = {
      collection: request.collection,
      bbox,
      interval,
      limit: request.limit ?? DEFAULT_PRODUCTS,
      offset: request.offset ?? 0,
      principal,
      urls,
    };
    for (const source of this.sources) {
      if (await source.owns(request.collection, principal)) return source.search(query);
    }
    throw new CatalogueInputError('collection', `No source serves the collection "${request.collection}".`);
  }
}
