import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { catalogueAssetUrl, productInputUrl, type BandStatistics, type ExecutionResults, type MarketplaceResource, type StacItem } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflows, workspaces } from '../src/db-schema.js';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from '../src/modules/demo/demo-scenes.js';
import { DEMO_PRODUCT_WORKFLOW } from '../src/modules/demo/demo-workflow.js';
import { engineSeeds, getExecution, taskLog, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { InferenceRefused, runOnnx } from '../src/modules/models/onnx-inference.js';
import { DEMO_DATASETS, DEMO_MODELS } from './helpers/model-services.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const PLACES = ['antwerp', 'camargue', 'nile-delta'];
const DATES = ['2024-03-15', '2024-05-15', '2024-07-15', '2024-09-15'];
const BANDS = ['blue', 'green', 'red', 'nir'];

/**
 * The demo's products (docs/seed-data.md "Demo scenes", docs/catalogue.md "Assets"): the
 * public collection of COG scenes seeded at first start, their files served with ranges and
 * permission checks, map tiles of them, and the 'Product NDVI demo' workflow run on one —
 * its product staged into the task's input folder by the engine.
 */
describe('demo products', () => {
  let app: TestApp;
  let dataDir = '';
  let paths: DatastorePaths;
  let uma: Headers;
  const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });
  const sceneFile = (item: string, file: string) => path.join(paths.catalogueDir(DEMO_COLLECTION_ID, item), file);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-demo-products-'));
    // a first start: the demo is seeded, its scenes once the server is ready
    app = await createTestApp({ demo: true, dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 } });
    paths = new DatastorePaths(app.storage.root);
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    uma = await knowledgeApi(app).member('uma', { [String(workspace!.id)]: 'user' });
    // a private collection of the admin's, which uma may not read
    const admin = await app.ctx.users.findByUsername('admin');
    const collection = { type: 'Collection' as const, id: 'private', stac_version: '1.0.0', description: 'Not for everyone', license: 'proprietary' };
    await app.ctx.catalogue.upsertCollection(
      { ...collection, extent: { spatial: { bbox: [[4, 51, 5, 52]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } }, links: [] },
      { ownerId: admin!.id, isPublic: false },
    );
    const scene = (await app.ctx.catalogue.readItem(null, DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE))!;
    const red = catalogueAssetUrl('private', 'secret', 'red.tif');
    await app.ctx.catalogue.upsertItems('private', [
      { ...scene, id: 'secret', collection: 'private', links: [], assets: { red: { href: red, type: 'image/tiff' }, nir: { href: red, type: 'image/tiff' } } },
    ]);
    await fs.mkdir(paths.catalogueDir('private', 'secret'), { recursive: true });
    await fs.copyFile(sceneFile(DEMO_DEFAULT_SCENE, 'red.tif'), path.join(paths.catalogueDir('private', 'secret'), 'red.tif'));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe('the seeded collection', () => {
    it('is public, with a scene per place and date, each with four bands and a thumbnail', async () => {
      // signed out, through the STAC API
      const collection = await get(`/resource-catalogue/stac/collections/${DEMO_COLLECTION_ID}`);
      expect(collection.statusCode, collection.body).toBe(200);
      expect(collection.json()).toMatchObject({ type: 'Collection', id: DEMO_COLLECTION_ID, title: 'Demo scenes' });
      const page = await get(`/resource-catalogue/stac/collections/${DEMO_COLLECTION_ID}/items?limit=100`);
      expect(page.statusCode, page.body).toBe(200);
      const items = page.json<{ features: StacItem[]; numberMatched: number }>();
      expect(items.numberMatched).toBe(PLACES.length * DATES.length);
      expect(items.features.map((feature) => feature.id).sort()).toEqual(PLACES.flatMap((place) => DATES.map((date) => `demo-${place}-${date}`)).sort());
      const item = items.features.find((feature) => feature.id === DEMO_DEFAULT_SCENE)!;
      expect(item.properties).toMatchObject({ datetime: '2024-07-15T10:30:00Z', 'proj:epsg': 4326 });
      expect(Object.keys(item.assets).sort()).toEqual([...BANDS, 'thumbnail'].sort());
      expect(item.assets.red).toMatchObject({
        href: expect.stringMatching(new RegExp(`^http://[^/]+/resource-catalogue/assets/demo-scenes/${DEMO_DEFAULT_SCENE}/red\\.tif$`)),
        type: 'image/tiff; application=geotiff; profile=cloud-optimized',
        roles: ['data', 'reflectance'],
        'eo:bands': [{ name: 'red', common_name: 'red' }],
      });
      expect(item.assets.thumbnail).toMatchObject({ type: 'image/png', roles: ['thumbnail'] });
    });

    it('has real Cloud-Optimised GeoTIFFs in the data directory, in which vegetation greens up in summer', async () => {
      for (const band of BANDS) {
        const { stdout } = await run('gdalinfo', ['-json', sceneFile(DEMO_DEFAULT_SCENE, `${band}.tif`)]);
        const info = JSON.parse(stdout) as {
          metadata: Record<string, Record<string, string>>;
          bands: { type: string; block: number[]; overviews?: unknown[] }[];
          size: number[];
        };
        expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'DEFLATE' });
        expect(info.bands[0]).toMatchObject({ type: 'UInt16', block: [128, 128] });
        expect(info.bands[0]!.overviews?.length).toBeGreaterThan(0);
        expect(Math.max(...info.size)).toBe(256);
      }
      const thumbnail = PNG.sync.read(await fs.readFile(sceneFile(DEMO_DEFAULT_SCENE, 'thumbnail.png')));
      expect(Math.max(thumbnail.width, thumbnail.height)).toBe(256);
      const ndvi = async (date: string) =>
        (await app.ctx.catalogue.readItem(null, DEMO_COLLECTION_ID, `demo-antwerp-${date}`))!.properties['asb:mean_ndvi'] as number;
      expect(await ndvi('2024-07-15')).toBeGreaterThan(await ndvi('2024-03-15'));
    });
  });

  describe('the demo model and training dataset', () => {
    it("are on the marketplace signed out, with their pages' items, the trained ONNX model and rules served; the model is no product, the dataset is", async () => {
      const market = await get(
        '/backend/v1/catalogue-collections/published_resources?filters=' + encodeURIComponent(JSON.stringify({ type: ['model', 'dataset'] })),
      );
      const resources = market.json<{ data: { resources: MarketplaceResource[] } }>().data.resources;
      // each in a collection named after its publisher (spec 3 §3), so a page reads 'admin · admin:demo-models', not the id twice
      expect(resources.map((resource) => [resource.properties.type, resource.identifier, resource.collection, resource.publisher]).sort()).toEqual([
        ['dataset', 'demo-antwerp-chips', DEMO_DATASETS, 'admin'],
        ['model', 'demo-land-cover', DEMO_MODELS, 'admin'],
      ]);
      // trained: its card offers Execute; the dataset's does not
      expect(resources.map((resource) => [resource.identifier, resource.isExecutable]).sort()).toEqual([
        ['demo-antwerp-chips', false],
        ['demo-land-cover', true],
      ]);
      const model = (await get(`/resource-catalogue/stac/collections/${DEMO_MODELS}/items/demo-land-cover`)).json<StacItem>();
      // a 4-D tensor with a first dimension of -1: an image input (spec 3 §5)
      expect(model.properties['dlm:inputs']).toEqual([expect.objectContaining({ name: 'bands', 'tensor-spec': { dtype: 'float32', shape: [-1, 4, -1, -1] } })]);
      const rules = await get(String(model.assets.rules!.href).replace(/^https?:\/\/[^/]+/, ''));
      expect(rules.statusCode).toBe(200);
      expect(rules.json<{ classes: { name: string }[] }>().classes.map((entry) => entry.name)).toEqual(['bare', 'vegetation', 'water']);
      // trained at the first start: its ONNX file is served, its run recorded with its parameters and metrics
      const onnx = await get(String(model.assets.model!.href).replace(/^https?:\/\/[^/]+/, ''));
      expect(onnx.statusCode).toBe(200);
      expect(onnx.rawPayload.length).toBe(model.assets.model!['file:size']);
      expect(onnx.rawPayload.includes(Buffer.from('land_cover'))).toBe(true);
      const run = model.properties['asb:run'] as { workspace: string; experiment_id: string; run_id: string };
      expect(run).toMatchObject({ workspace: 'demo', experiment_id: 'land-cover' });
      const dora = await app.userWithHeader('dora');
      const described = await app.server.inject({ url: `/backend/v1/workspaces/demo/experiments/land-cover/runs/${run.run_id}`, headers: dora });
      expect(described.statusCode, described.body).toBe(200);
      const { data, info } = described.json<{
        run: { info: { run_id: string; status: string }; data: { metrics: { key: string; value: number }[]; params: { key: string; value: string }[] } };
      }>().run;
      expect(info).toMatchObject({ run_id: run.run_id, status: 'FINISHED' });
      // tested on scenes it did not see: it learned the rules
      expect(data.metrics.find((metric) => metric.key === 'test_accuracy')!.value).toBeGreaterThan(0.95);
      expect(data.params).toContainEqual({ key: 'epochs', value: '1500' });
      // the dataset's files are the Antwerp scenes' bands, each served
      const dataset = (await get(`/resource-catalogue/stac/collections/${DEMO_DATASETS}/items/demo-antwerp-chips`)).json<StacItem>();
      expect(Object.keys(dataset.assets)).toHaveLength(16);
      const band = await get(String(dataset.assets['2024-07-15-nir']!.href).replace(/^https?:\/\/[^/]+/, ''));
      expect(band.statusCode).toBe(200);
      const productCollections = (await get('/resource-catalogue/products/collections'))
        .json<{ collections: { id: string }[] }>()
        .collections.map((entry) => entry.id);
      // by title, as the selector shows them: /products opens on the first, Demo scenes
      expect(productCollections).toEqual(['demo-scenes', DEMO_DATASETS]);
    });
  });

  describe('the demo model, run with onnxruntime-node', () => {
    it('gives on a scene it never saw the class map numpy computes from its weights, close to the rules it learned', async () => {
      const model = path.join(paths.catalogueDir(DEMO_MODELS, 'demo-land-cover'), 'model.onnx');
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-infer-'));
      try {
        const reference = await run('/usr/bin/python3', [
          path.join(import.meta.dirname, 'helpers/land_cover_reference.py'),
          model,
          paths.catalogueDir(DEMO_COLLECTION_ID, 'demo-nile-delta-2024-07-15'),
          work,
        ]);
        const [height, width] = (JSON.parse(reference.stdout) as { shape: [number, number] }).shape;
        const outputs = await runOnnx(
          model,
          [{ name: 'bands', shape: [1, 4, height, width], datatype: 'FP32', file: path.join(work, 'bands.f32') }],
          path.join(work, 'out'),
        );
        expect(outputs.map((output) => [output.name, output.datatype, output.shape])).toEqual([
          ['classes', 'UINT8', [1, height, width]],
          ['probabilities', 'FP32', [1, 3, height, width]],
        ]);
        const classes = await fs.readFile(outputs[0]!.file);
        const expected = await fs.readFile(path.join(work, 'reference.u8'));
        const rules = await fs.readFile(path.join(work, 'rules.u8'));
        const differing = (a: Buffer, b: Buffer) => a.reduce((count, value, index) => count + (value === b[index] ? 0 : 1), 0);
        expect(classes.length).toBe(height * width);
        // float32 in both: at most a pixel or two exactly on a boundary may round the other way
        expect(differing(classes, expected)).toBeLessThanOrEqual(2);
        expect(differing(classes, rules) / classes.length).toBeLessThan(0.02);
        // every class occurs on the delta in summer
        expect(new Set(classes)).toEqual(new Set([0, 1, 2]));
        // a request the model cannot take is refused with the reason
        await expect(
          runOnnx(model, [{ name: 'scene', shape: [1, 4, height, width], datatype: 'FP32', file: path.join(work, 'bands.f32') }], path.join(work, 'bad')),
        ).rejects.toThrow(InferenceRefused);
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    });
  });

  describe('asset files', () => {
    const url = catalogueAssetUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE, 'red.tif');

    it('serves a public scene signed out, whole or by byte range', async () => {
      const bytes = await fs.readFile(sceneFile(DEMO_DEFAULT_SCENE, 'red.tif'));
      const whole = await get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers).toMatchObject({ 'content-type': 'image/tiff', 'accept-ranges': 'bytes', 'content-length': String(bytes.length) });
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const part = await get(url, { range: 'bytes=100-1123' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(100, 1124))).toBe(true);
      const past = await get(url, { range: `bytes=${bytes.length + 10}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect((await get(catalogueAssetUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE, 'thumbnail.png'))).headers['content-type']).toBe('image/png');
    });

    it('answers 404 for a missing file, a path out of the folder, and a private collection to anyone but its readers', async () => {
      expect((await get(catalogueAssetUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE, 'swir.tif'))).statusCode).toBe(404);
      expect((await get(catalogueAssetUrl(DEMO_COLLECTION_ID, 'no-such-scene', 'red.tif'))).statusCode).toBe(404);
      expect((await get(`/resource-catalogue/assets/${DEMO_COLLECTION_ID}/${DEMO_DEFAULT_SCENE}/..%2F..%2F..%2Fpglite%2FPG_VERSION`)).statusCode).toBe(404);
      expect((await get(`/resource-catalogue/assets/${DEMO_COLLECTION_ID}/..%2F..%2Fruntime/x`)).statusCode).toBe(404);
      const secret = catalogueAssetUrl('private', 'secret', 'red.tif');
      const refused = await get(secret);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<{ detail: string }>().detail).toBe('No such asset.');
      expect((await get(secret, uma)).statusCode).toBe(404);
      expect((await get(secret, app.adminHeader)).statusCode).toBe(200);
      // a map asks for tiles and files with ?token=
      expect((await get(`${secret}?token=${app.adminHeader.authorization.slice('Bearer '.length)}`)).statusCode).toBe(200);
    });
  });

  describe('map tiles of a scene', () => {
    const nir = catalogueAssetUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE, 'nir.tif');

    it('gives statistics, a TileJSON and tiles of a public scene to anyone', async () => {
      const statistics = await get(`/cog/statistics?url=${encodeURIComponent(nir)}`);
      expect(statistics.statusCode, statistics.body).toBe(200);
      const b1 = statistics.json<{ b1: BandStatistics }>().b1;
      // UInt16 reflectance x 10000: vegetation reflects near-infrared, water does not
      expect(b1.min).toBeGreaterThan(0);
      expect(b1.max).toBeGreaterThan(3000);
      expect(b1.max).toBeLessThanOrEqual(10000);

      const tileJson = await get(`/cog/tilejson.json?url=${encodeURIComponent(nir)}&rescale=0,5000`);
      expect(tileJson.statusCode, tileJson.body).toBe(200);
      const { bounds, tiles, center } = tileJson.json<{ bounds: number[]; tiles: string[]; center: [number, number, number] }>();
      expect(bounds[0]).toBeCloseTo(4.3, 3);
      expect(bounds[3]).toBeCloseTo(51.3, 3);
      const [lon, lat, zoom] = center;
      const n = 2 ** zoom;
      const x = Math.floor(((lon + 180) / 360) * n);
      const y = Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
      const tileUrl = tiles[0]!.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
      const tile = await get(tileUrl.slice(tileUrl.indexOf('/cog/')));
      expect(tile.statusCode, tile.body).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(tile.rawPayload);
      expect(png.width).toBe(256);
      // some opaque pixels: the scene is inside the tile
      expect(png.data.some((value, index) => index % 4 === 3 && value === 255)).toBe(true);
    });

    it('refuses an invisible collection as missing, and an execution file signed out', async () => {
      const secret = await get(`/cog/statistics?url=${encodeURIComponent(catalogueAssetUrl('private', 'secret', 'red.tif'))}`);
      expect(secret.statusCode).toBe(404);
      expect((await get(`/cog/statistics?url=${encodeURIComponent(catalogueAssetUrl('private', 'secret', 'red.tif'))}`, app.adminHeader)).statusCode).toBe(200);
      expect((await get(`/cog/statistics?url=${encodeURIComponent('/builder/v1/executions/1/files/a/b.tif')}`)).statusCode).toBe(401);
    });
  });

  describe("the 'Product NDVI demo' workflow", () => {
    const workflowId = async () => {
      const [row] = await app.ctx.db.select().from(workflows).where(eq(workflows.identifier, DEMO_PRODUCT_WORKFLOW.identifier));
      return String(row!.id);
    };

    it('runs on a demo scene: the engine stages its assets, and the NDVI, mask and summary come out', { timeout: 120_000 }, async () => {
      const seeds = engineSeeds(app);
      const link = productInputUrl(DEMO_COLLECTION_ID, 'demo-camargue-2024-07-15');
      const id = await seeds.run(await workflowId(), [{ node_id: 'ndvi', items: [{ identifier: 'product', value: link }] }], uma);
      const row = await waitForStatus(app, id, ['success', 'failed'], 90_000);
      expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
      const results = (await getExecution(app, id, uma)).executionResults as ExecutionResults;
      const ndvi = results.data.find((output) => output.task_id === 'ndvi' && output.key === 'ndvi');
      expect(ndvi?.value).toBe(`/builder/v1/executions/${id}/files/ndvi/ndvi.tif`);
      const mean = results.data.find((output) => output.task_id === 'ndvi' && output.key === 'mean_ndvi')?.value as number;
      expect(mean).toBeGreaterThan(0);
      expect(mean).toBeLessThan(1);
      const summary = results.data.find((output) => output.task_id === 'summary' && output.key === 'text');
      expect(summary?.value).toMatch(/^Vegetation covers \d+\.\d % of the scene/);
      // the NDVI is previewable on the report's map
      const statistics = await get(`/cog/statistics?url=${encodeURIComponent(String(ndvi!.value))}`, uma);
      expect(statistics.statusCode, statistics.body).toBe(200);
      const b1 = statistics.json<{ b1: BandStatistics }>().b1;
      expect(b1.min).toBeGreaterThanOrEqual(-1);
      expect(b1.max).toBeLessThanOrEqual(1);

      const log = await taskLog(app, id, 'ndvi', undefined, uma);
      expect(log.body).toContain('Staging input product: product demo-scenes/demo-camargue-2024-07-15 of the catalogue');
      expect(log.body).toContain('Input product: asset red staged (red.tif)');
      expect(log.body).toContain('Staged input product: 5 asset(s) of demo-camargue-2024-07-15');
      expect(log.body).toContain('Product demo-camargue-2024-07-15 of demo-scenes, 2024-07-15T10:30:00Z');
      // the server's folders stay out of what the user reads
      expect(log.body).not.toContain(dataDir);
      // the staged product is gone with the attempt, and never served as the execution's file
      await expect(fs.stat(path.join(row.datastore!, '.inputs', 'ndvi.1'))).rejects.toThrow('ENOENT');
      expect((await get(`/builder/v1/executions/${id}/files/.inputs/ndvi.1/product/red.tif`, uma)).statusCode).toBe(404);
    });

    it("fails the task with the reason when the owner may not read the product, and says so in the task's log", { timeout: 60_000 }, async () => {
      const seeds = engineSeeds(app);
      const link = productInputUrl('private', 'secret');
      const id = await seeds.run(await workflowId(), [{ node_id: 'ndvi', items: [{ identifier: 'product', value: link }] }], uma);
      const row = await waitForStatus(app, id, ['success', 'failed'], 30_000);
      expect(row.status).toBe('failed');
      const reason = 'Input product: the product private/secret is not in the catalogue, or uma may not read it.';
      expect((await getExecution(app, id, uma)).failure).toMatchObject({ taskId: 'ndvi', reason });
      expect((await taskLog(app, id, 'ndvi', undefined, uma)).body).toContain(reason);
    });

    it('runs with its default product, the staged item as the wrapper reads it', { timeout: 120_000 }, async () => {
      const item = (await app.ctx.catalogue.readItem(null, DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE))!;
      const id = await engineSeeds(app).run(await workflowId(), [], app.adminHeader);
      const row = await waitForStatus(app, id, ['success', 'failed'], 90_000);
      expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
      expect((await taskLog(app, id, 'ndvi')).body).toContain(`Product ${item.id} of demo-scenes`);
    });
  });
});
