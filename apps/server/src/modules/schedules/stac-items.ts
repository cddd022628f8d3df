import type { NewItem } from './product-input.js';

/** One poll reads for at most this long, all pages together. */
export const POLL_TIMEOUT_MS = 30_000;
/** Pages followed through links[rel=next] in one poll. */
export const MAX_PAGES = 20;
/** A page larger than this is refused (a feature collection, not a data dump). */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

interface Link {
  rel?: unknown;
  href?: unknown;
  method?: unknown;
}

interface StacPage {
  type?: unknown;
  features?: unknown;
  links?: unknown;
}

const linksOf = (value: { links?: unknown }): Link[] => (Array.isArray(value.links) ? (value.links as Link[]) : []);

/** The href of the first link with this relation, as an absolute URL; only GET links (a STAC API may page by POST). */
function linkHref(value: { links?: unknown }, rel: string, base: string): string | undefined {
  const link = linksOf(value).find((candidate) => candidate.rel === rel && typeof candidate.href === 'string' && (candidate.method === undefined || String(candidate.method).toUpperCase() === 'GET'));
  return link ? new URL(link.href as string, base).toString() : undefined;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** fetch, with its failures said readably ('fetch failed' hides the reason in its cause) */
async function request(url: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { headers: { accept: 'application/geo+json, application/json' }, signal, redirect: 'follow' });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new Error(`${url} did not answer in time`, { cause: error });
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    throw new Error(`${url} could not be read: ${cause}`, { cause: error });
  }
}

async function getJson(url: string, signal: AbortSignal): Promise<StacPage> {
  const response = await request(url, signal);
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered HTTP ${response.status}`);
  }
  const text = await readCapped(response, MAX_PAGE_BYTES);
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
    return [{ id, url: linkHref(feature, 'self', pageUrl) ?? `${itemsUrl}/${encodeURIComponent(id)}` }];
  });
}

/**
 * The items a data URL lists now (docs/schedules.md "On new data"): a STAC API items
 * endpoint or any ItemCollection / FeatureCollection (`features[]` with `id`), its
 * `links[rel=next]` followed up to MAX_PAGES; a STAC Collection is read through its
 * `items` link. Throws with a readable reason when the URL cannot be read; `signal` ends
 * the poll early (the scheduler stopping).
 */
export async function fetchItems(dataUrl: string, options: { timeoutMs?: number; maxPages?: number; signal?: AbortSignal } = {}): Promise<NewItem[]> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? POLL_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = dataUrl;
  let page = await getJson(url, signal);
  if (!Array.isArray(page.features)) {
    const items = linkHref(page, 'items', url);
    if (!items) throw new Error(`${url} is neither a feature collection (no features) nor a STAC collection (no items link)`);
    url = items;
    page = await getJson(url, signal);
    if (!Array.isArray(page.features)) throw new Error(`${url} (the collection's items) has no features`);
  }
  const itemsUrl = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const found = new Map<string, NewItem>();
  const visited = new Set<string>([url]);
  for (let pages = 1; ; pages++) {
    for (const item of pageItems(page, url, itemsUrl)) if (!found.has(item.id)) found.set(item.id, item);
    const next = linkHref(page, 'next', url);
    if (!next || visited.has(next) || pages >= (options.maxPages ?? MAX_PAGES)) break;
    visited.add(next);
    url = next;
    page = await getJson(url, signal);
  }
  return [...found.values()];
}
