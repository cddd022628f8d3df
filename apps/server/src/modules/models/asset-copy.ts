import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { parseCatalogueAssetUrl } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { detailError } from '../../platform/http/errors.js';
import { readCapped } from '../../platform/outbound/outbound-fetch.js';
import type { CatalogueAssets } from '../catalogue/catalogue-assets.js';
import { decodeAssetPath } from '../catalogue/catalogue-assets.js';

/** Where the catalogue's files are read from, and this portal's origins as its documents name them. */
export interface AssetSources {
  assets: Pick<CatalogueAssets, 'read'>;
  origins: string[];
}

/** An asset to copy: its bytes as a stream, and its size when known. */
interface OpenedAsset {
  size: number | undefined;
  body: Readable;
}

/**
 * Opens the file of an asset's href as `principal` may read it: a local catalogue asset (their
 * permission on its collection), or another server's file through the outbound guard. `what`
 * names it in the 4xx/5xx: 409 when it is not there, 502 when the other server fails, 413 over
 * `maxBytes`.
 */
async function openAsset(
  ctx: AppContext,
  sources: AssetSources,
  principal: Principal,
  href: string,
  what: string,
  maxBytes: number,
  timeoutMs: number,
): Promise<OpenedAsset> {
  let url: URL;
  try {
    url = new URL(href, 'http://relative.invalid');
  } catch {
    throw detailError(409, `${what} has no usable URL.`);
  }
  const local = url.origin === 'http://relative.invalid' || sources.origins.includes(url.origin) ? parseCatalogueAssetUrl(url.pathname) : undefined;
  if (local) {
    const relative = decodeAssetPath(local.encodedPath);
    const stored = relative === undefined ? undefined : await sources.assets.read(principal, local.collectionId, local.itemId, relative);
    if (!stored) throw detailError(409, `${what} is missing from the catalogue.`);
    if (stored.size > maxBytes) throw detailError(413, `${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    return { size: stored.size, body: stored.body };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw detailError(409, `${what} is neither a file of this catalogue nor an http(s) URL.`);
  let response: Awaited<ReturnType<AppContext['outbound']['fetch']>>;
  try {
    response = await ctx.outbound.fetch(url.toString(), { timeoutMs });
  } catch (error) {
    throw detailError(502, `${what} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await readCapped(response, 1024).catch(() => undefined);
    throw detailError(502, `${what} could not be fetched: HTTP ${response.status}.`);
  }
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) > maxBytes) throw detailError(413, `${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  return { size: length === null ? undefined : Number(length), body: Readable.fromWeb(response.body as WebReadableStream) };
}

/**
 * Copies an asset's file into `file` (see openAsset), at most `maxBytes` whatever the other
 * server announced; `onBytes` hears of every chunk written (an order's progress).
 */
export async function copyAsset(
  ctx: AppContext,
  sources: AssetSources,
  principal: Principal,
  href: string,
  file: string,
  options: { what: string; maxBytes: number; timeoutMs?: number; onBytes?: (count: number) => void; onSize?: (size: number | undefined) => void },
): Promise<number> {
  // the whole download, another server's included, within the time-out (10 minutes unless said)
  const opened = await openAsset(ctx, sources, principal, href, options.what, options.maxBytes, options.timeoutMs ?? 600_000);
  options.onSize?.(opened.size);
  let copied = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      copied += chunk.length;
      if (copied > options.maxBytes) return done(detailError(413, `${options.what} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`));
      options.onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  await pipeline(opened.body, counter, fs.createWriteStream(file));
  return copied;
}
