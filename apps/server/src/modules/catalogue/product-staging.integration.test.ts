import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { catalogueAssetUrl, productInputUrl, type StacItem } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCatalogueStore, principal } from '../../../test/helpers/memory-catalogue.js';
import type { TaskJob } from '../../engine/executors/executor.js';
import { ProductStagingError } from '../../engine/runtime/product-stager.js';
import { DatastorePaths } from '../../engine/store/datastore-paths.js';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import { ProductFilesStager } from '../../engine/runtime/product-files-stager.js';
import { CatalogueProductStager, type StagedProduct } from './product-staging.js';

const ALICE = principal(1, 'alice');
const BOB = principal(2, 'bob');
const users = new Map([
  ['alice', ALICE],
  ['bob', BOB],
]);

const item = (collection: string, id: string, assets: StacItem['assets']): StacItem => ({
  type: 'Feature',
  stac_version: '1.0.0',
  id,
  collection,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [4, 51],
        [5, 51],
        [5, 52],
        [4, 52],
        [4, 51],
      ],
    ],
  },
  bbox: [4, 51, 5, 52],
  properties: { datetime: '2024-07-15T10:30:00Z' },
  links: [],
  assets,
});

const job = (inputs: Record<string, unknown>, productInputs: string[], owner = 'alice'): TaskJob =>
  ({ inputs, productInputs, owner, taskId: 'ndvi', tryNumber: 1 }) as unknown as TaskJob;

/**
 * Staging of EO-product inputs (docs/engine.md "Staging products"): local catalogue items read
 * as the execution's owner and hard-linked from the data directory, remote STAC items and
 * their assets fetched through the outbound guard (a loopback server here, allowed as the
 * operator would allow it).
 */
describe('CatalogueProductStager', () => {
  let root = '';
  let paths: DatastorePaths;
  let store: MemoryCatalogueStore;
  let remote: http.Server;
  let remoteUrl = '';
  const big = Buffer.alloc(3 * 1024 * 1024, 7);

  const stager = (options: { allowLoopback?: boolean; maxBytes?: number } = {}) =>
    new CatalogueProductStager({
      store,
      paths,
      outbound: new OutboundFetch(options.allowLoopback === false ? [] : ['127.0.0.0/8']),
      principalOf: async (username) => users.get(username),
      localOrigins: ['https://portal.example.org'],
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    });

  /** stages into a fresh folder; the value of `name`, the log lines */
  const stage = async (s: CatalogueProductStager, inputs: Record<string, unknown>, names: string[], owner?: string) => {
    const dir = await fs.mkdtemp(path.join(root, 'staged-'));
    const lines: string[] = [];
    const staged = await s.stage(job(inputs, names, owner), dir, (line) => lines.push(line), new AbortController().signal);
    return { staged, lines, dir };
  };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-staging-'));
    paths = new DatastorePaths(root);
    store = new MemoryCatalogueStore();
    const collection = { type: 'Collection' as const, id: 'scenes', stac_version: '1.0.0' };
    await store.upsertCollection(collection, { ownerId: ALICE.id, isPublic: false });
    await store.upsertItems('scenes', [
      item('scenes', 'scene-1', {
        red: { href: catalogueAssetUrl('scenes', 'scene-1', 'red.tif'), type: 'image/tiff' },
        nir: { href: `https://portal.example.org${catalogueAssetUrl('scenes', 'scene-1', 'bands/nir.tif')}` },
        archive: { href: 's3://bucket/scene-1.zip' },
      }),
    ]);
    const dir = paths.catalogueDir('scenes', 'scene-1');
    await fs.mkdir(path.join(dir, 'bands'), { recursive: true });
    await fs.writeFile(path.join(dir, 'red.tif'), 'red bytes');
    await fs.writeFile(path.join(dir, 'bands', 'nir.tif'), 'nir bytes');

    remote = http.createServer((request, response) => {
      if (request.url === '/items/remote-1') {
        response.setHeader('content-type', 'application/geo+json');
        response.end(JSON.stringify(item('elsewhere', 'remote-1', { red: { href: '../files/red.tif' }, big: { href: `${remoteUrl}/files/big.bin` } })));
      } else if (request.url === '/files/red.tif') {
        response.end('remote red');
      } else if (request.url === '/files/big.bin') {
        response.setHeader('content-length', String(big.length));
        response.end(big);
      } else {
        response.statusCode = 404;
        response.end('no');
      }
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => remote.close(resolve));
    await fs.rm(root, { recursive: true, force: true });
  });

  it("stages a local item's assets from the data directory and hands the wrapper their paths", async () => {
    const link = productInputUrl('scenes', 'scene-1');
    const { staged, lines, dir } = await stage(stager(), { product: link, threshold: '0.3' }, ['product']);
    const product = staged.product as StagedProduct;
    expect(staged.threshold).toBe('0.3');
    expect(product).toMatchObject({
      id: 'scene-1',
      collection: 'scenes',
      datetime: '2024-07-15T10:30:00Z',
      bbox: [4, 51, 5, 52],
      url: link,
      item: path.join(dir, 'product', 'item.json'),
      assets: { red: path.join(dir, 'product', 'red.tif'), nir: path.join(dir, 'product', 'nir.tif') },
    });
    expect(await fs.readFile(product.assets.red!, 'utf8')).toBe('red bytes');
    expect(await fs.readFile(product.assets.nir!, 'utf8')).toBe('nir bytes');
    // a hard link: no second copy of a product on the same disk
    expect((await fs.stat(product.assets.red!)).ino).toBe((await fs.stat(path.join(paths.catalogueDir('scenes', 'scene-1'), 'red.tif'))).ino);
    expect(JSON.parse(await fs.readFile(product.item, 'utf8'))).toMatchObject({ id: 'scene-1', collection: 'scenes' });
    expect(lines).toContain('Input product: asset archive skipped: s3: hrefs are not fetched');
    expect(lines.at(-1)).toBe('Staged input product: 2 asset(s) of scene-1');
  });

  it("refuses a product the execution's owner may not read, naming the input", async () => {
    const attempt = stage(stager(), { product: productInputUrl('scenes', 'scene-1') }, ['product'], 'bob');
    await expect(attempt).rejects.toThrow(ProductStagingError);
    await expect(attempt).rejects.toThrow('Input product: the product scenes/scene-1 is not in the catalogue, or bob may not read it.');
    await expect(stage(stager(), { product: productInputUrl('scenes', 'nothing') }, ['product'])).rejects.toThrow(
      'Input product: the product scenes/nothing is not in the catalogue, or alice may not read it.',
    );
  });

  it('downloads a remote STAC item and its http(s) assets through the outbound guard, with progress in the log', async () => {
    const url = `${remoteUrl}/items/remote-1`;
    const { staged, lines, dir } = await stage(stager(), { scene: url }, ['scene']);
    const product = staged.scene as StagedProduct;
    expect(product).toMatchObject({
      id: 'remote-1',
      collection: 'elsewhere',
      url,
      assets: { red: path.join(dir, 'scene', 'red.tif'), big: path.join(dir, 'scene', 'big.bin') },
    });
    // the relative href resolved against the item's URL
    expect(await fs.readFile(product.assets.red!, 'utf8')).toBe('remote red');
    // (Buffer.equals: a deep comparison of 3 MB takes seconds)
    expect((await fs.readFile(product.assets.big!)).equals(big)).toBe(true);
    expect(lines[0]).toBe(`Staging input scene: reading the STAC item ${url}`);
    expect(lines).toContain(`Input scene: downloading asset big from 127.0.0.1:${new URL(remoteUrl).port} (3.0 MB)`);
    expect(lines).toContain('Input scene: asset big downloaded (3.0 MB)');
  });

  it('refuses what the outbound guard refuses, a non-item answer and a product over the size cap', async () => {
    await expect(stage(stager({ allowLoopback: false }), { scene: `${remoteUrl}/items/remote-1` }, ['scene'])).rejects.toThrow(
      `Input scene: the STAC item could not be read: could not fetch ${remoteUrl}/items/remote-1.`,
    );
    await expect(stage(stager(), { scene: `${remoteUrl}/missing` }, ['scene'])).rejects.toThrow(`Input scene: ${remoteUrl}/missing answered 404.`);
    await expect(stage(stager({ maxBytes: 1024 * 1024 }), { scene: `${remoteUrl}/items/remote-1` }, ['scene'])).rejects.toThrow(
      'Input scene: the product inputs of this task are larger than the 1.0 MB a task may stage.',
    );
  });

  it('stages on a worker from what the server resolved: the job carries the item, the worker has no catalogue', async () => {
    const link = productInputUrl('scenes', 'scene-1');
    const resolved = await stager().resolver.resolve(job({ product: link }, ['product']));
    expect(resolved.product?.assets.red).toEqual({ catalogue: { collectionId: 'scenes', itemId: 'scene-1', path: 'red.tif' } });
    const files = new ProductFilesStager({ paths, outbound: new OutboundFetch([]), maxBytes: 1024 * 1024 });
    const dir = await fs.mkdtemp(path.join(root, 'worker-'));
    const staged = await files.stage({ ...job({ product: link }, ['product']), products: resolved }, dir, () => undefined, new AbortController().signal);
    expect(await fs.readFile((staged.product as StagedProduct).assets.red!, 'utf8')).toBe('red bytes');
    // a job whose resolved asset leads out of its item's folder (a forged job in Redis) stages nothing
    const forged = { ...resolved.product!, assets: { red: { catalogue: { collectionId: 'scenes', itemId: 'scene-1', path: '../../../../etc/passwd' } } } };
    await expect(
      files.stage({ ...job({ product: link }, ['product']), products: { product: forged } }, dir, () => undefined, new AbortController().signal),
    ).rejects.toThrow("Input product: the file of asset red is outside its item's folder.");
    // a local product the server did not resolve is not guessed at
    await expect(files.stage(job({ product: link }, ['product']), dir, () => undefined, new AbortController().signal)).rejects.toThrow(
      `Input product: the product ${link} was not resolved by the server that submitted the task.`,
    );
  });

  it('leaves other values alone: a plain product identifier, an empty value, inputs of other types', async () => {
    const inputs = { product: 'S2B_MSIL2A_20240101T103309', other: productInputUrl('scenes', 'scene-1'), empty: '' };
    const { staged, lines } = await stage(stager(), inputs, ['product', 'empty']);
    expect(staged).toEqual(inputs);
    expect(lines).toEqual([]);
  });
});
