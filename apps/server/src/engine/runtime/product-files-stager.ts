import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stacItemSchema, type StacItem } from '@asb/contracts';
import { OutboundFetchError, readCapped, type OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { TaskJob } from '../executors/executor.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { insidePath } from '../store/datastore.js';
import { namesProduct, ProductStagingError, type ProductStager, type ResolvedProduct } from './product-stager.js';

export interface ProductFilesOptions {
  /** where the catalogue's files are (the data directory the servers and workers share) */
  paths: Pick<DatastorePaths, 'catalogueDir'>;
  /** remote items and assets are fetched through the guard only (docs/security.md "Outbound fetches") */
  outbound: Pick<OutboundFetch, 'fetch'>;
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

interface Staging {
  name: string;
  log: (line: string) => void;
  signal: AbortSignal;
  budget: { left: number };
}

/**
 * Puts EO-product inputs in place where the attempt runs (docs/engine.md "Staging products"),
 * on a server's local executor and on a worker alike, from what needs no database: an item of
 * this portal's catalogue as the server resolved it into the job (TaskJob.products: its
 * catalogue files hard-linked from the shared data directory, a copy across file systems;
 * its http(s) assets downloaded), a remote STAC item fetched here. Every fetch goes through
 * the outbound guard, with progress in the task log, all of one task within `maxBytes`.
 */
export class ProductFilesStager implements ProductStager {
  constructor(private readonly options: ProductFilesOptions) {}

  async stage(job: TaskJob, dir: string, log: (line: string) => void, signal: AbortSignal): Promise<Record<string, unknown>> {
    const inputs = { ...job.inputs };
    const budget = { left: this.options.maxBytes };
    for (const name of job.productInputs ?? []) {
      const value = inputs[name];
      if (typeof value !== 'string' || value.trim() === '') continue;
      const staging: Staging = { name, log, signal, budget };
      const target = path.join(dir, name);
      const resolved = job.products?.[name];
      if (resolved) inputs[name] = await this.stageResolved(staging, value.trim(), resolved, target);
      else if (/^\s*https?:\/\//i.test(value)) inputs[name] = await this.stageRemote(staging, value.trim(), target);
      else if (namesProduct(value))
        throw new ProductStagingError(`Input ${name}: the product ${value} was not resolved by the server that submitted the task.`);
    }
    return inputs;
  }

  private async stageResolved(staging: Staging, value: string, resolved: ResolvedProduct, dir: string): Promise<StagedProduct> {
    const { name, log } = staging;
    log(`Staging input ${name}: product ${resolved.collectionId}/${resolved.item.id} of the catalogue`);
    for (const note of resolved.notes) log(note);
    await fs.mkdir(dir, { recursive: true });
    const files = new Set<string>();
    const assets: Record<string, string> = {};
    for (const [key, asset] of Object.entries(resolved.assets)) {
      const href = resolved.item.assets[key]?.href ?? ('url' in asset ? asset.url : asset.catalogue.path);
      const target = path.join(dir, assetFileName(key, href, files));
      if ('url' in asset) {
        await this.download(staging, key, asset.url, target);
      } else {
        const source = insidePath(this.options.paths.catalogueDir(asset.catalogue.collectionId, asset.catalogue.itemId), asset.catalogue.path);
        if (!source) throw new ProductStagingError(`Input ${name}: the file of asset ${key} is outside its item's folder.`);
        await this.linkLocal(staging, key, source, target);
        log(`Input ${name}: asset ${key} staged (${path.basename(target)})`);
      }
      assets[key] = target;
    }
    return this.finish(staging, value, resolved.item, resolved.item.collection ?? resolved.collectionId, dir, assets);
  }

  private async stageRemote(staging: Staging, url: string, dir: string): Promise<StagedProduct> {
    const { name, log } = staging;
    log(`Staging input ${name}: reading the STAC item ${url}`);
    const item = await this.fetchItem(staging, url);
    await fs.mkdir(dir, { recursive: true });
    const files = new Set<string>();
    const assets: Record<string, string> = {};
    for (const [key, asset] of Object.entries(item.assets)) {
      let href: URL;
      try {
        href = new URL(asset.href, url);
      } catch {
        log(`Input ${name}: asset ${key} skipped: its href ${asset.href} is not a URL`);
        continue;
      }
      if (href.protocol !== 'http:' && href.protocol !== 'https:') {
        log(`Input ${name}: asset ${key} skipped: ${href.protocol} hrefs are not fetched`);
        continue;
      }
      const target = path.join(dir, assetFileName(key, asset.href, files));
      await this.download(staging, key, href.toString(), target);
      assets[key] = target;
    }
    return this.finish(staging, url, item, item.collection ?? null, dir, assets);
  }

  private async finish(
    staging: Staging,
    value: string,
    item: StacItem,
    collection: string | null,
    dir: string,
    assets: Record<string, string>,
  ): Promise<StagedProduct> {
    const itemFile = path.join(dir, 'item.json');
    await fs.writeFile(itemFile, JSON.stringify(item, null, 2));
    staging.log(`Staged input ${staging.name}: ${Object.keys(assets).length} asset(s) of ${item.id}`);
    const properties = item.properties as Record<string, unknown>;
    return {
      id: item.id,
      collection,
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

  private async linkLocal(staging: Staging, key: string, source: string, target: string): Promise<void> {
    const stat = await fs.stat(source).catch(() => undefined);
    if (!stat?.isFile()) throw new ProductStagingError(`Input ${staging.name}: the file of asset ${key} is missing from the catalogue's datastore.`);
    this.spend(staging, stat.size);
    try {
      await fs.link(source, target);
    } catch {
      // another file system (or no hard links there): a copy
      await fs.copyFile(source, target);
    }
  }

  private spend(staging: Staging, bytes: number): void {
    staging.budget.left -= bytes;
    if (staging.budget.left < 0)
      throw new ProductStagingError(
        `Input ${staging.name}: the product inputs of this task are larger than the ${megabytes(this.options.maxBytes)} a task may stage.`,
      );
  }

  private async fetchItem(staging: Staging, url: string): Promise<StacItem> {
    const { name, signal } = staging;
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
  private async download(staging: Staging, key: string, url: string, target: string): Promise<void> {
    const { name, log, signal } = staging;
    const host = new URL(url).host;
    try {
      const response = await this.options.outbound.fetch(url, { signal, timeoutMs: this.options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new ProductStagingError(`Input ${name}: asset ${key} could not be downloaded: ${url} answered ${response.status}.`);
      }
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(length) && length > staging.budget.left) {
        await response.body.cancel();
        this.spend(staging, length);
      }
      log(`Input ${name}: downloading asset ${key} from ${host}${Number.isFinite(length) ? ` (${megabytes(length)})` : ''}`);
      let received = 0;
      let loggedAt = Date.now();
      const meter = new Transform({
        transform: (chunk: Buffer, _encoding, callback) => {
          received += chunk.length;
          try {
            this.spend(staging, chunk.length);
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
