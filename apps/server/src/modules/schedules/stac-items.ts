import { stacLinkHref } from '@asb/contracts';
import { readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { NewItem } from './product-input.js';

/** One page is read in at most this long (a hanging data URL holds only its own poll). */
const PAGE_TIMEOUT_MS = 10_000;
/** One poll, all its pages together, ends after this long. */
const POLL_TIMEOUT_MS = 30_000;
/** Pages followed through links[rel=next] in one poll. */
const MAX_PAGES = 20;
/** A page larger than this is refused (a feature collection, not a data dump). */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

interface StacPage {
  type?: unknown;
  features?: unknown;
  links?: unknown;
}

/** One page as a JSON object, with the reasons it could not be read said readably. */
async function getJson(outbound: OutboundFetch, url: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<StacPage> {
  const response = await outbound.fetch(url, { headers: { accept: 'application/geo+json, application/json' }, timeoutMs, signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readCapped(response, MAX_PAGE_BYTES);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new Error(`${url} did not answer JSON`, { cause: error });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`${url} did not answer a JSON object`);
  return body as StacPage;
}

/** The items of one page, with their addresses. */
function pageItems(page: StacPage, pageUrl: string, itemsUrl: string): NewItem[] {
  const features = Array.isArray(page.features) ? (page.features as { id?: unknown; links?: unknown }[]) : [];
  return features.flatMap((feature) => {
    if (typeof feature?.id !== 'string' && typeof feature?.id !== 'number') return [];
    const id = String(feature.id);
    return [{ id, url: stacLinkHref(feature, 'self', pageUrl) ?? `${itemsUrl}/${encodeURIComponent(id)}` }];
  });
}

/**
 * The items a data URL lists now (docs/schedules.md "On new data"): a STAC API items
 * endpoint or any ItemCollection / FeatureCollection (`features[]` with `id`), its
 * `links[rel=next]` followed up to MAX_PAGES; a STAC Collection is read through its
 * `items` link. Every page is fetched through the outbound-fetch guard, in at most
 * `timeoutMs`. Throws with a readable reason when the URL cannot be read; `signal` ends
 * the poll early (the scheduler stopping).
 */
export async function fetchItems(
  outbound: OutboundFetch,
  dataUrl: string,
  options: { timeoutMs?: number; maxPages?: number; signal?: AbortSignal } = {},
): Promise<NewItem[]> {
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(POLL_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    return await readPages(dataUrl, options.maxPages ?? MAX_PAGES, (url) => getJson(outbound, url, timeoutMs, signal));
  } catch (error) {
    if (deadline.aborted && !options.signal?.aborted) throw new Error(`${dataUrl} was not read within ${POLL_TIMEOUT_MS / 1000} s`, { cause: error });
    throw error;
  }
}

async function readPages(dataUrl: string, maxPages: number, getPage: (url: string) => Promise<StacPage>): Promise<NewItem[]> {
  let url = dataUrl;
  let page = await getPage(url);
  if (!Array.isArray(page.features)) {
    const items = stacLinkHref(page, 'items', url);
    if (!items) throw new Error(`${url} is neither a feature collection (no features) nor a STAC collection (no items link)`);
    url = items;
    page = await getPage(url);
    if (!Array.isArray(page.features)) throw new Error(`${url} (the collection's items) has no features`);
  }
  const itemsUrl = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const found = new Map<string, NewItem>();
  const visited = new Set<string>([url]);
  for (let pages = 1; ; pages++) {
    for (const item of pageItems(page, url, itemsUrl)) if (!found.has(item.id)) found.set(item.id, item);
    const next = stacLinkHref(page, 'next', url);
    if (!next || visited.has(next) || pages >= maxPages) break;
    visited.add(next);
    url = next;
    page = await getPage(url);
  }
  return [...found.values()];
}
