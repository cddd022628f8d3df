import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseCatalogueAssetUrl, parseProductInputUrl, stacItemSchema, type StacItem } from '@asb/contracts';
import type { TaskJob } from '../../engine/executors/executor.js';
import { namesProduct, ProductStagingError, type ProductStager } from '../../engine/runtime/product-stager.js';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import { insidePath } from '../../engine/store/datastore.js';
import type { Principal } from '../../platform/auth/principal.js';
import { OutboundFetchError, readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { CatalogueStore } from './catalogue-store.js';

export interface ProductStagingOptions {
  store: CatalogueStore;
  /** where local assets are (DatastorePaths.catalogueDir) */
  paths: Pick<DatastorePaths, 'catalogueDir'>;
  /** remote items and assets are fetched through the guard only (docs/security.md "Outbound fetches") */
  outbound: Pick<OutboundFetch, 'fetch'>;
  /** the active user of a username (the execution's owner), as permission checks see them */
  principalOf(username: string): Promise<Principal | undefined>;
  /** origins that are this portal (ASB_PUBLIC_URL): a product link there is a local item */
  localOrigins: string[];
  /** what one task's product inputs may copy and download together (ASB_PRODUCT_STAGING_MB) */
  maxBytes: number;
  /** one remote request, its body included (default 30 minutes) */
  downloadTimeoutMs?: number;
}

/** What the wrapper gets for a product input (docs/process-runtime.md "Product inputs"). */
export interface StagedProduct {
  id: string;
  collection: string | null;
  datetime: string | null;
  start_datetime: string | null;
  end_datetime: string | null;
  bbox: number[] | null;
  geometry: Record<string, unknown> | null;
  /** the input's value as given: the product input link or the item's URL */
  url: string;
  /** the item's STAC JSON, staged */
  item: string;
  /** asset key → the staged file */
  assets: Record<string, string>;
}

const MB = 1024 * 1024;
const ITEM_MAX_BYTES = 16 * MB;
const DEFAULT_DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
/** a download's progress is logged at most this often */
const PROGRESS_EVERY_MS = 2_000;

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A file name from an asset key (and the extension of its href): letters, digits, `._-` only. */
function assetFileName(key: string, href: string, taken: Set<string>): string {
  let extension = '';
  try {
    extension = path.posix.extname(new URL(href, 'http://relative.invalid').pathname).toLowerCase();
  } catch {
    // no extension then
  }
  if (!/^\.[a-z0-9]{1,8}$/.test(extension)) extension = '';
  const base =
    key
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 100) || 'asset';
  let name = base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
  for (let index = 2; taken.has(name) || name === 'item.json'; index++) name = `${base}-${index}${extension}`;
  taken.add(name);
  return name;
}

/**
 * Stages EO-product inputs (docs/engine.md "Staging products"): a product input link of this
 * portal is read from the catalogue as the execution's owner (who must be allowed to read
 * it), an http(s) URL is fetched as a STAC item through the outbound-fetch guard. The item's
 * JSON and its assets go into the task's input folder: local assets by a hard link (a copy
 * across file systems), remote http(s) assets downloaded through the guard, with progress in
 * the task log, all of one task within `maxBytes`.
 */
export class CatalogueProductStager implements ProductStager {
  constructor(private readonly options: ProductStagingOptions) {}

  async stage(job: TaskJob, dir: string, log: (line: string) => void, signal: AbortSignal): Promise<Record<string, unknown>> {
    const inputs = { ...job.inputs };
    const budget = { left: this.options.maxBytes };
    for (const name of job.productInputs ?? []) {
      const value = inputs[name];
      if (typeof value !== 'string' || value.trim() === '') continue;
      const target = path.join(dir, name);
      const staged = await this.stageOne(name, value.trim(), job.owner, target, log, signal, budget);
      if (staged) inputs[name] = staged;
    }
    return inputs;
  }

  /** One input; undefined when its value names no item (a plain product identifier stays as it is). */
  private async stageOne(
    name: string,
    value: string,
    owner: string | undefined,
    dir: string,
    log: (line: string) => void,
    signal: AbortSignal,
    budget: { left: number },
  ): Promise<StagedProduct | undefined> {
    const link = parseProductInputUrl(value);
    const isLocal = link !== undefined && (link.origin === undefined || this.options.localOrigins.includes(link.origin));
    if (!isLocal && !namesProduct(value)) return undefined;
    await fs.mkdir(dir, { recursive: true });
    const files = new Set<string>();
    const assets: Record<string, string> = {};
    let item: StacItem;
    let principal: Principal | undefined;
    if (isLocal) {
      if (!link.collectionId) throw new ProductStagingError(`Input ${name}: the product link ${value} names no collection.`);
      principal = await this.ownerPrincipal(name, owner);
      const found = await this.options.store.readItem(principal, link.collectionId, link.itemId);
      if (!found)
        throw new ProductStagingError(`Input ${name}: the product ${link.collectionId}/${link.itemId} is not in the catalogue, or ${owner} may not read it.`);
      item = found;
      log(`Staging input ${name}: product ${link.collectionId}/${link.itemId} of the catalogue`);
    } else {
      log(`Staging input ${name}: reading the STAC item ${value}`);
      item = await this.fetchItem(name, value, signal);
    }
    const base = isLocal ? 'http://relative.invalid/' : value;
    for (const [key, asset] of Object.entries(item.assets)) {
      const fileName = assetFileName(key, asset.href, files);
      const target = path.join(dir, fileName);
      let href: URL;
      try {
        href = new URL(asset.href, base);
      } catch {
        log(`Input ${name}: asset ${key} skipped: its href ${asset.href} is not a URL`);
        continue;
      }
      const catalogueFile = this.localAsset(href);
      if (catalogueFile) {
        if (!principal) principal = await this.ownerPrincipal(name, owner);
        if (!(await this.options.store.canRead(principal, catalogueFile.collectionId)))
          throw new ProductStagingError(`Input ${name}: asset ${key} is in the collection ${catalogueFile.collectionId}, which ${owner} may not read.`);
        await this.linkLocal(name, key, catalogueFile.file, target, budget);
        log(`Input ${name}: asset ${key} staged (${fileName})`);
      } else if (href.protocol === 'http:' || href.protocol === 'https:') {
        await this.download(name, key, href.toString(), target, log, signal, budget);
      } else {
        log(`Input ${name}: asset ${key} skipped: ${href.protocol} hrefs are not fetched`);
        continue;
      }
      assets[key] = target;
    }
    const itemFile = path.join(dir, 'item.json');
    await fs.writeFile(itemFile, JSON.stringify(item, null, 2));
    log(`Staged input ${name}: ${Object.keys(assets).length} asset(s) of ${item.id}`);
    const properties = item.properties as Record<string, unknown>;
    return {
      id: item.id,
      collection: item.collection ?? (isLocal ? (link.collectionId ?? null) : null),
      datetime: stringOrNull(properties.datetime),
      start_datetime: stringOrNull(properties.start_datetime),
      end_datetime: stringOrNull(properties.end_datetime),
      bbox: item.bbox ?? null,
      geometry: item.geometry,
      url: value,
      item: itemFile,
      assets,
    };
  }

  private async ownerPrincipal(name: string, owner: string | undefined): Promise<Principal> {
    const principal = owner === undefined ? undefined : await this.options.principalOf(owner);
    if (!principal)
      throw new ProductStagingError(`Input ${name}: the execution's owner ${owner ?? '(unknown)'} is not an active user, so no product can be read for them.`);
    return principal;
  }

  /** The file of a catalogue asset URL of this portal (root-relative, or on one of its origins), if it is one. */
  private localAsset(href: URL): { collectionId: string; file: string } | undefined {
    if (href.origin !== 'http://relative.invalid' && !this.options.localOrigins.includes(href.origin)) return undefined;
    const asset = parseCatalogueAssetUrl(href.pathname);
    if (!asset) return undefined;
    let relative: string;
    try {
      relative = decodeURIComponent(asset.encodedPath);
    } catch {
      return undefined;
    }
    const file = insidePath(this.options.paths.catalogueDir(asset.collectionId, asset.itemId), relative);
    return file ? { collectionId: asset.collectionId, file } : undefined;
  }

  private async linkLocal(name: string, key: string, source: string, target: string, budget: { left: number }): Promise<void> {
    const stat = await fs.stat(source).catch(() => undefined);
    if (!stat?.isFile()) throw new ProductStagingError(`Input ${name}: the file of asset ${key} is missing from the catalogue's datastore.`);
    this.spend(name, budget, stat.size);
    try {
      await fs.link(source, target);
    } catch {
      // another file system (or no hard links there): a copy
      await fs.copyFile(source, target);
    }
  }

  private spend(name: string, budget: { left: number }, bytes: number): void {
    budget.left -= bytes;
    if (budget.left < 0)
      throw new ProductStagingError(`Input ${name}: the product inputs of this task are larger than the ${megabytes(this.options.maxBytes)} a task may stage.`);
  }

  private async fetchItem(name: string, url: string, signal: AbortSignal): Promise<StacItem> {
    let document: unknown;
    try {
      const response = await this.options.outbound.fetch(url, { headers: { accept: 'application/geo+json, application/json' }, signal });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProductStagingError(`Input ${name}: ${url} answered ${response.status}.`);
      }
      document = JSON.parse(await readCapped(response, ITEM_MAX_BYTES));
    } catch (error) {
      if (error instanceof ProductStagingError || signal.aborted) throw error;
      const reason = error instanceof OutboundFetchError ? error.message : error instanceof SyntaxError ? 'the answer is not JSON' : (error as Error).message;
      throw new ProductStagingError(`Input ${name}: the STAC item could not be read: ${reason}.`);
    }
    // a product input link of another portal answers a FeatureCollection holding the record
    const candidate =
      typeof document === 'object' && document !== null && (document as { type?: unknown }).type === 'FeatureCollection'
        ? ((document as { features?: unknown[] }).features ?? [])[0]
        : document;
    const parsed = stacItemSchema.safeParse(candidate);
    if (!parsed.success) throw new ProductStagingError(`Input ${name}: ${url} is not a STAC item.`);
    return parsed.data;
  }

  /** One remote asset through the guard, streamed into `target`, with progress lines and within the budget. */
  private async download(
    name: string,
    key: string,
    url: string,
    target: string,
    log: (line: string) => void,
    signal: AbortSignal,
    budget: { left: number },
  ): Promise<void> {
    const host = new URL(url).host;
    try {
      const response = await this.options.outbound.fetch(url, { signal, timeoutMs: this.options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new ProductStagingError(`Input ${name}: asset ${key} could not be downloaded: ${url} answered ${response.status}.`);
      }
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(length) && length > budget.left) {
        await response.body.cancel();
        this.spend(name, budget, length);
      }
      log(`Input ${name}: downloading asset ${key} from ${host}${Number.isFinite(length) ? ` (${megabytes(length)})` : ''}`);
      let received = 0;
      let loggedAt = Date.now();
      const meter = new Transform({
        transform: (chunk: Buffer, _encoding, callback) => {
          received += chunk.length;
          try {
            this.spend(name, budget, chunk.length);
          } catch (error) {
            callback(error as Error);
            return;
          }
          if (Date.now() - loggedAt >= PROGRESS_EVERY_MS) {
            loggedAt = Date.now();
            log(
              `Input ${name}: asset ${key}: ${megabytes(received)}${Number.isFinite(length) ? ` of ${megabytes(length)} (${Math.floor((100 * received) / length)} %)` : ''}`,
            );
          }
          callback(null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(response.body), meter, fsSync.createWriteStream(target), { signal });
      log(`Input ${name}: asset ${key} downloaded (${megabytes(received)})`);
    } catch (error) {
      if (error instanceof ProductStagingError || signal.aborted) throw error;
      const reason = error instanceof OutboundFetchError ? error.message : (error as Error).message;
      throw new ProductStagingError(`Input ${name}: asset ${key} could not be downloaded: ${reason}.`);
    }
  }
}
