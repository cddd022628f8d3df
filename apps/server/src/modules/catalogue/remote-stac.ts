import { stacLinkHref, type ProductCollection, type ProductSearchResponse, type ProductSummary, type StacItem } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { CatalogueInputError } from './catalogue-geometry.js';
import type { ProductQuery, ProductSource } from './product-search.js';

/** One request to a remote catalogue is answered in at most this long. */
const REQUEST_TIMEOUT_MS = 15_000;
/** A remote answer larger than this is refused (a page of items, not a data dump). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** The remote's collections are asked again after this long. */
const COLLECTIONS_TTL_MS = 5 * 60_000;
/** A failed collections list is not asked again before this long (a remote down does not slow every list). */
const COLLECTIONS_RETRY_MS = 30_000;
/** Items asked for in one page; offset paging reads pages up to offset + limit. */
const PAGE_LIMIT = 250;
/** Pages followed for one search (offset + limit up to PAGE_LIMIT × MAX_PAGES). */
const MAX_PAGES = 8;

/** The separator of `{remote}:{collection}`, the id of a remote collection in the portal. */
const REMOTE_SEPARATOR = ':';

export interface RemoteStac {
  name: string;
  /** the STAC API's landing page URL, without a trailing slash */
  url: string;
}

type Json = Record<string, unknown>;
/**
 * A remote STAC API searched as a product source (docs/catalogue.md "Remote catalogues"):
 * its collections appear as `{name}:{collection}`, a product search of such a collection
 * asks the remote's item search, and every request goes through the outbound-fetch guard
 * with a time-out and a size cap. The remote is public data: it is asked without the
 * user's credentials.
 */
export class RemoteStacSource implements ProductSource {
  private cached?: { at: number; collections?: ProductCollection[]; error?: string };

  constructor(
    readonly remote: RemoteStac,
    private readonly outbound: OutboundFetch,
    private readonly now: () => number = Date.now,
  ) {}

  get name(): string {
    return this.remote.name;
  }

  async owns(collection: string): Promise<boolean> {
    return this.remoteCollectionId(collection) !== undefined;
  }

  /** Whether a portal collection id names a collection of this remote; its remote id when it does. */
  remoteCollectionId(collectionId: string): string | undefined {
    const prefix = `${this.name}${REMOTE_SEPARATOR}`;
    return collectionId.startsWith(prefix) && collectionId.length > prefix.length ? collectionId.slice(prefix.length) : undefined;
  }

  /**
   * The remote's collections as the product search lists them: id `{name}:{id}`, `href` the
   * remote collection's URL. Kept for a few minutes; a remote that cannot be read lists
   * nothing (the guard logs why) and says so, and the local list still answers.
   */
  async collections(): Promise<{ collections: ProductCollection[]; error?: string }> {
    const now = this.now();
    const fresh = this.cached && now - this.cached.at < (this.cached.error ? COLLECTIONS_RETRY_MS : COLLECTIONS_TTL_MS);
    if (!fresh) {
      try {
        this.cached = { at: now, collections: await this.readCollections() };
      } catch (error) {
        this.cached = { at: now, error: (error as Error).message };
      }
    }
    return { collections: this.cached!.collections ?? [], ...(this.cached!.error ? { error: this.cached!.error } : {}) };
  }

  private async readCollections(): Promise<ProductCollection[]> {
    const found: ProductCollection[] = [];
    let url: string | undefined = `${this.remote.url}/collections`;
    for (let pages = 0; url && pages < MAX_PAGES; pages++) {
      const page = await this.getJson(url);
      const list = Array.isArray(page.collections) ? (page.collections as Json[]) : [];
      for (const collection of list) {
        if (typeof collection?.id !== 'string') continue;
        const self = stacLinkHref(collection, 'self', url) ?? `${this.remote.url}/collections/${encodeURIComponent(collection.id)}`;
        found.push({
          id: `${this.name}${REMOTE_SEPARATOR}${collection.id}`,
          title: typeof collection.title === 'string' ? collection.title : collection.id,
          description: typeof collection.description === 'string' ? collection.description : null,
          source: this.name,
          href: self,
        });
      }
      const next = stacLinkHref(page, 'next', url);
      url = next === url ? undefined : next;
    }
    return found;
  }

  /**
   * The spec's product search against the remote (GET /search, which every STAC API item
   * search answers): the box and the interval of the date range (whole days, as ProductSearch
   * read them), offset paging over the remote's pages (up to PAGE_LIMIT × MAX_PAGES products).
   */
  async search(query: ProductQuery): Promise<ProductSearchResponse> {
    const remoteCollection = this.remoteCollectionId(query.collection);
    if (remoteCollection === undefined) throw detailError(404, `No collection "${query.collection}".`);
    const { offset, limit } = query;
    const wanted = offset + limit;
    if (wanted > PAGE_LIMIT * MAX_PAGES)
      throw new CatalogueInputError(
        offset > 0 ? 'offset' : 'limit',
        `${offset > 0 ? 'offset' : 'limit'}: a remote catalogue is paged up to ${PAGE_LIMIT * MAX_PAGES} products (offset + limit is ${wanted}).`,
      );
    const parameters = new URLSearchParams({
      collections: remoteCollection,
      bbox: query.bbox.join(','),
      datetime: `${query.interval.start?.toISOString() ?? '..'}/${query.interval.end?.toISOString() ?? '..'}`,
      limit: String(Math.min(wanted, PAGE_LIMIT)),
    });
    const features: StacItem[] = [];
    let matched: number | undefined;
    let hasMore = false;
    let url: string | undefined = `${this.remote.url}/search?${parameters.toString()}`;
    for (let pages = 0; url && features.length < wanted && pages < MAX_PAGES; pages++) {
      const page = await this.getJson(url);
      if (!Array.isArray(page.features)) throw this.failed(`its search answered no features`);
      features.push(...(page.features as StacItem[]));
      matched ??= numberMatched(page);
      const next = stacLinkHref(page, 'next', url);
      hasMore = next !== undefined && next !== url;
      url = hasMore ? next : undefined;
    }
    const product_list = features.slice(offset, wanted).map((item) => this.summary(item, remoteCollection));
    // without numberMatched the count is what was read, and one more page when the remote has one
    const product_count = matched ?? features.length + (hasMore ? limit : 0);
    return { product_list, product_count };
  }

  private summary(item: StacItem, remoteCollection: string): ProductSummary {
    const self =
      stacLinkHref(item, 'self', this.remote.url) ??
      `${this.remote.url}/collections/${encodeURIComponent(remoteCollection)}/items/${encodeURIComponent(item.id)}`;
    const properties = item.properties as Json;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const thumbnail = item.assets?.thumbnail?.href;
    return {
      id: item.id,
      collection: `${this.name}${REMOTE_SEPARATOR}${item.collection ?? remoteCollection}`,
      source: this.name,
      title: text(properties.title) ?? item.id,
      datetime: text(properties.datetime),
      start_datetime: text(properties.start_datetime),
      end_datetime: text(properties.end_datetime),
      geometry: item.geometry ?? null,
      bbox: item.bbox ?? null,
      thumbnail: typeof thumbnail === 'string' ? new URL(thumbnail, self).toString() : null,
      url: self,
      item: self,
    };
  }

  private async getJson(url: string): Promise<Json> {
    let text: string;
    try {
      const response = await this.outbound.fetch(url, { headers: { accept: 'application/geo+json, application/json' }, timeoutMs: REQUEST_TIMEOUT_MS });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`it answered HTTP ${response.status}`);
      }
      text = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      throw this.failed((error as Error).message, error);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw this.failed('it did not answer JSON', error);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw this.failed('it did not answer a JSON object');
    return body as Json;
  }

  /** The remote failing is not the caller's mistake: 502, saying which remote. */
  private failed(reason: string, cause?: unknown) {
    const error = detailError(502, `The remote catalogue ${this.name} could not be searched: ${reason}`);
    if (cause !== undefined) error.cause = cause;
    return error;
  }
}

const numberMatched = (page: Json): number | undefined => {
  if (typeof page.numberMatched === 'number') return page.numberMatched;
  const context = page.context as { matched?: unknown } | undefined;
  return typeof context?.matched === 'number' ? context.matched : undefined;
};

/** The sources of ASB_STAC_REMOTES. */
export function remoteSources(remotes: readonly RemoteStac[], outbound: OutboundFetch): RemoteStacSource[] {
  return remotes.map((remote) => new RemoteStacSource(remote, outbound));
}
