import { LRUCache } from 'lru-cache';
import { OutboundFetchError, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { pictureKind } from './picture-kind.js';

/** The largest picture fetched (thumbnails and logos are small; a bigger one is refused, read no further). */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** Pictures kept in memory, in all. */
const CACHE_BYTES = 32 * 1024 * 1024;
const KEPT_MS = 10 * 60_000;
/** A refusal is kept too, so a broken link is not fetched again by every visitor. */
const REFUSAL_KEPT_MS = 60_000;
/** Fetches at once: beyond, a request is refused (429) rather than queued behind slow hosts. */
const MAX_FETCHING = 8;

export type Picture = { type: string; bytes: Buffer } | { refused: string };

/**
 * Thumbnails and logos at other addresses, fetched by the server through the outbound guard
 * (docs/security.md "Thumbnails"): public addresses only, at most 2 MB, only PNG, JPEG, GIF
 * or WebP by their bytes, kept a while; one fetch per URL however many visitors ask at once.
 */
export class ThumbnailCache {
  private readonly kept = new LRUCache<string, Picture>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (picture) => ('bytes' in picture ? picture.bytes.length : 0) + 200,
    ttl: KEPT_MS,
  });
  private readonly fetching = new Map<string, Promise<Picture>>();

  constructor(private readonly outbound: OutboundFetch) {}

  /** The picture at `url`, its refusal, or 'busy' when too many are being fetched. */
  async get(url: string): Promise<Picture | 'busy'> {
    const kept = this.kept.get(url);
    if (kept) return kept;
    const pending = this.fetching.get(url);
    if (pending) return pending;
    if (this.fetching.size >= MAX_FETCHING) return 'busy';
    const fetched = this.fetch(url).then((picture) => {
      this.kept.set(url, picture, { ttl: 'refused' in picture ? REFUSAL_KEPT_MS : KEPT_MS });
      return picture;
    });
    this.fetching.set(url, fetched);
    try {
      return await fetched;
    } finally {
      this.fetching.delete(url);
    }
  }

  private async fetch(url: string): Promise<Picture> {
    try {
      const response = await this.outbound.fetch(url, { timeoutMs: TIMEOUT_MS, headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' } });
      if (!response.ok) {
        await response.body?.cancel();
        return { refused: `${url} answered ${response.status}` };
      }
      const bytes = await readUpTo(response, MAX_PICTURE_BYTES);
      if (!bytes) return { refused: `the picture at ${url} is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB` };
      const type = pictureKind(bytes);
      return type ? { type, bytes } : { refused: `${url} is not a PNG, JPEG, GIF or WebP image` };
    } catch (error) {
      // the guard's refusals say no more than 'could not fetch {url}' (no map of internal hosts)
      return { refused: error instanceof OutboundFetchError ? error.message : `could not fetch ${url}` };
    }
  }
}

/** The body, or undefined once it grows past `maxBytes` (then read no further). */
async function readUpTo(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}
