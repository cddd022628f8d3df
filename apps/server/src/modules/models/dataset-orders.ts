import fs from 'node:fs';
import path from 'node:path';
import { itemLicenceUrl, MODEL_TERMS_FEATURE, publisherOf, type DatasetOrder, type UsageRecord } from '@asb/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import { parseRange, RangeNotSatisfiable, readLocal } from '../../engine/store/datastore.js';
import type { Principal } from '../../platform/auth/principal.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { rowId } from '../../platform/http/ids.js';
import { sendFile } from '../../platform/http/send-file.js';
import { requireTermsAccepted } from '../terms/terms-gate.js';
import { LOCKS, withAdvisoryLock } from '../../platform/db/advisory-lock.js';
import { hideServerPaths } from '../../engine/store/server-paths.js';
import { copyAsset, type AssetSources } from './asset-copy.js';
import { ENGINE_OFF } from './model-executions.js';
import { datasetOrders, type OrderedFile } from './dataset-orders.schema.js';
import { DatasetOrderRecovery, ORDER_HEARTBEAT_MS } from './dataset-order-recovery.js';

type OrderRow = typeof datasetOrders.$inferSelect;

/** One file of an order is at most this large, and an order at most this many files. */
const MAX_FILE_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_FILES = 500;
/** A user copies at most this many orders at once. */
const MAX_RUNNING_PER_USER = 2;
/** One file may take this long to fetch from another server. */
const FILE_TIMEOUT_MS = 3_600_000;
/** Assets that picture a dataset rather than hold it are not copied. */
const PICTURE_ROLES = new Set(['thumbnail', 'overview', 'logo', 'visual']);

export interface DatasetOrdersOptions extends AssetSources {
  paths: Pick<DatastorePaths, 'orderDir' | 'root'>;
}

/** An order's timestamp as a folder name: 2026-11-27T09-20-00-123Z. */
const stampOf = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/** The file name an asset lands as: its key (unique in the item) with its file's extension. */
function fileNameOf(key: string, href: string): string {
  const name = decodeURIComponent(new URL(href, 'http://relative.invalid').pathname.split('/').pop() ?? '');
  const extension = path.extname(name).replace(/[^A-Za-z0-9.]/g, '');
  const base = key.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '') || 'asset';
  return base.endsWith(extension) ? base : `${base}${extension}`;
}

/**
 * Orders of training datasets (spec 3 §2 Dataset detail, §7 datasets/{d}/order and /orders,
 * datasets/usage; docs/models.md "Training datasets"): the dataset item's files are copied, as the
 * caller may read them, into their datastore under
 * /ordered_datasets/{publisher}/{item id}/{version if known}/{order timestamp} (spec 3 §9), in the
 * background with progress; a failed order leaves no files behind.
 */
export class DatasetOrders {
  private readonly recovery: DatasetOrderRecovery;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: DatasetOrdersOptions,
  ) {
    this.recovery = new DatasetOrderRecovery(ctx, (row) => this.folder(row));
  }

  /** Fails the orders whose copier is gone, now and regularly (dataset-order-recovery.ts). */
  recover(): Promise<void> {
    return this.recovery.start();
  }

  stop(): void {
    this.recovery.stop();
  }

  private folder(row: OrderRow): string {
    return this.options.paths.orderDir(row.ownerId, { publisher: row.publisher, itemId: row.itemId, version: row.version, stamp: stampOf(row.startedAt) });
  }

  private view(row: OrderRow): DatasetOrder {
    const base = `/backend/catalogue/stac/orders/${row.id}/files/`;
    return {
      id: String(row.id),
      collection: row.collectionId,
      item: row.itemId,
      title: row.title,
      version: row.version,
      path: row.path,
      status: row.status,
      progress: row.progress,
      // by name (the item's assets come in the database's key order)
      files: [...row.files]
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((file) => ({ ...file, href: `${base}${file.path.split('/').map(encodeURIComponent).join('/')}` })),
      error: row.error,
      datetime_start: row.startedAt.toISOString(),
      datetime_end: row.endedAt?.toISOString() ?? null,
    };
  }

  /** GET .../datasets/{d}/order: checks the item (404; 400 not a dataset; 409 no files) and its terms (403 with aiopen-tcs), records the order and copies in the background. */
  async order(principal: Principal, collection: string, itemId: string): Promise<DatasetOrder> {
    if (this.ctx.config.engine.enabled === false) throw detailError(503, ENGINE_OFF);
    const item = await this.ctx.catalogue.readItem(principal, collection, itemId);
    if (!item) throw notFound(`No dataset ${itemId} in the collection ${collection}.`);
    const properties = (item.properties ?? {}) as Record<string, unknown>;
    const title = String(properties.name ?? properties.title ?? item.id);
    if (properties.type !== 'dataset') throw detailError(400, `${title} is not a dataset.`);
    const assets = Object.entries(item.assets ?? {}).filter(
      ([, asset]) => typeof asset.href === 'string' && !(asset.roles ?? []).some((role) => PICTURE_ROLES.has(role)),
    );
    if (assets.length === 0) throw detailError(409, `${title} has no files to order.`);
    if (assets.length > MAX_FILES) throw detailError(409, `${title} has ${assets.length} files: an order copies at most ${MAX_FILES}.`);
    if (this.ctx.config.themeFeatures.includes(MODEL_TERMS_FEATURE))
      await requireTermsAccepted(this.ctx.db, principal.id, itemLicenceUrl(item), `ordering ${title}`);
    const publisher = publisherOf(collection);
    const version = typeof properties.version === 'string' ? properties.version : '';
    // a user's running orders are counted and one more recorded by one request at a time, on any replica
    const row = await withAdvisoryLock(this.ctx, [LOCKS.datasetOrders, principal.id], async (db) => {
      const running = await db
        .select({ collectionId: datasetOrders.collectionId, itemId: datasetOrders.itemId })
        .from(datasetOrders)
        .where(and(eq(datasetOrders.ownerId, principal.username), eq(datasetOrders.status, 'running')));
      if (running.some((order) => order.collectionId === collection && order.itemId === item.id))
        throw detailError(409, `Your order of ${title} is still being copied: wait for it to end.`);
      if (running.length >= MAX_RUNNING_PER_USER) throw detailError(409, `You have ${running.length} orders being copied: wait for one to end.`);
      const startedAt = new Date();
      const shownPath = ['', 'ordered_datasets', publisher, item.id, ...(version ? [version] : []), stampOf(startedAt)].join('/');
      const [inserted] = await db
        .insert(datasetOrders)
        .values({
          ownerId: principal.username,
          ownerUserId: principal.id,
          collectionId: collection,
          itemId: item.id,
          title,
          version,
          publisher,
          license: typeof properties.license === 'string' ? properties.license : null,
          path: shownPath,
          status: 'running',
          startedAt,
        })
        .returning();
      return inserted!;
    });
    this.copy(
      principal,
      row,
      assets.map(([key, asset]) => ({ key, href: asset.href })),
    ).catch((error: unknown) => this.ctx.log.warn({ err: error, order: row.id }, 'dataset order: copy'));
    return this.view(row);
  }

  /** Copies the files one after the other, the progress by bytes written to the database every file and every 2 s. */
  private async copy(principal: Principal, row: OrderRow, assets: { key: string; href: string }[]): Promise<void> {
    let folder: string | undefined;
    const files: OrderedFile[] = [];
    const sizes = new Map<string, number | undefined>();
    let copied = 0;
    let lastWrite = 0;
    const progress = () => {
      const known = [...sizes.values()].reduce<number>((sum, size) => sum + (size ?? 0), 0);
      // files not opened yet count as the average of those that were
      const average = sizes.size > 0 ? known / sizes.size : 0;
      const total = known + average * (assets.length - sizes.size);
      return total > 0 ? Math.min(0.99, copied / total) : files.length / assets.length;
    };
    const save = async (force: boolean) => {
      if (!force && Date.now() - lastWrite < 2000) return;
      lastWrite = Date.now();
      await this.ctx.db
        .update(datasetOrders)
        .set({ progress: progress(), files })
        .where(and(eq(datasetOrders.id, row.id), eq(datasetOrders.status, 'running')));
    };
    // while it is renewed, no other replica takes the order for one its copier abandoned (dataset-order-recovery.ts)
    const heartbeat = setInterval(() => {
      this.ctx.db
        .update(datasetOrders)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(datasetOrders.id, row.id), eq(datasetOrders.status, 'running')))
        .catch(() => undefined);
    }, ORDER_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      folder = this.folder(row);
      fs.mkdirSync(path.dirname(folder), { recursive: true });
      // its own folder: never one another order writes
      fs.mkdirSync(folder);
      const used = new Set<string>();
      for (const asset of assets) {
        let name = fileNameOf(asset.key, asset.href);
        for (let n = 2; used.has(name); n++) name = `${path.parse(fileNameOf(asset.key, asset.href)).name}-${n}${path.extname(name)}`;
        used.add(name);
        const size = await copyAsset(this.ctx, this.options, principal, asset.href, path.join(folder, name), {
          what: `The file of asset ${asset.key}`,
          maxBytes: MAX_FILE_BYTES,
          timeoutMs: FILE_TIMEOUT_MS,
          onSize: (announced) => sizes.set(asset.key, announced),
          onBytes: (count) => {
            copied += count;
            save(false).catch(() => undefined);
          },
        });
        sizes.set(asset.key, size);
        files.push({ asset: asset.key, path: name, size });
        await save(true);
      }
      const stillRunning = and(eq(datasetOrders.id, row.id), eq(datasetOrders.status, 'running'));
      const ended = await this.ctx.db
        .update(datasetOrders)
        .set({ status: 'success', progress: 1, files, endedAt: new Date() })
        .where(stillRunning)
        .returning({ id: datasetOrders.id });
      // another replica failed it meanwhile (this copier missed its heartbeats): its files go with it
      if (ended.length === 0) fs.rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      // nothing half-copied stays: the order failed as a whole
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
      // a refusal says why; anything else without the server's folders
      const detail = (error as { body?: { detail?: unknown } }).body?.detail;
      const reason = typeof detail === 'string' ? detail : hideServerPaths(error instanceof Error ? error.message : String(error), this.options.paths.root);
      await this.ctx.db
        .update(datasetOrders)
        .set({ status: 'failed', files: [], error: reason.slice(0, 2000), endedAt: new Date() })
        .where(and(eq(datasetOrders.id, row.id), eq(datasetOrders.status, 'running')))
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** GET .../datasets/{d}/orders: the caller's orders of the dataset, newest first. */
  async list(principal: Principal, collection: string, itemId: string): Promise<DatasetOrder[]> {
    const rows = await this.ctx.db
      .select()
      .from(datasetOrders)
      .where(and(eq(datasetOrders.ownerId, principal.username), eq(datasetOrders.collectionId, collection), eq(datasetOrders.itemId, itemId)))
      .orderBy(desc(datasetOrders.startedAt));
    return rows.map((row) => this.view(row));
  }

  /** GET datasets/usage: the caller's orders as usage records (spec 3 §3), newest first. */
  async usage(principal: Principal): Promise<UsageRecord[]> {
    const rows = await this.ctx.db
      .select()
      .from(datasetOrders)
      .where(eq(datasetOrders.ownerId, principal.username))
      .orderBy(desc(datasetOrders.startedAt))
      .limit(500);
    return rows.map((row) => ({
      title: row.title,
      catalogue_item_version: row.version || 'not specified',
      owner_id: row.publisher,
      resource_license: row.license,
      datetime_start: row.startedAt.toISOString(),
      datetime_end: row.endedAt?.toISOString() ?? null,
      catalogue_collection_id: row.collectionId,
      catalogue_item_id: row.itemId,
      external_reference: String(row.id),
      status: row.status,
    }));
  }

  /** GET orders/{id}/files/{*}: a file of the caller's order (staff: anyone's). */
  async sendFile(reply: FastifyReply, principal: Principal, id: string, relative: string, range: string | undefined): Promise<FastifyReply> {
    const number = rowId(id);
    const [row] = number === undefined ? [] : await this.ctx.db.select().from(datasetOrders).where(eq(datasetOrders.id, number));
    if (!row || (row.ownerId !== principal.username && !principal.isStaff)) throw notFound('No such order.');
    let file;
    try {
      file = await readLocal(this.folder(row), relative, parseRange(range));
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      return reply.code(416).header('content-range', `bytes */${error.size}`).send();
    }
    if (!file) throw notFound('No such file.');
    return sendFile(reply, file, path.basename(relative));
  }
}
