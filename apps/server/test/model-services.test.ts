import fs from 'node:fs';
import path from 'node:path';
import { catalogueAssetUrl, TOKEN_COOKIE, type ModelServiceInfo, type ModelServiceItem, type StacItem } from '@asb/contracts';
import { Ajv } from 'ajv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { modelServices } from '../src/db-schema.js';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { isAlive } from './helpers/host-processes.js';
import { DEMO_DATASETS, DEMO_MODEL as MODEL, DEMO_MODELS, demoModelApp, FOUR_PIXEL_CLASSES, FOUR_PIXELS, untilStatus } from './helpers/model-services.js';
import type { TestApp } from './helpers/test-app.js';
import { testdata } from './helpers/testdata.js';

const OPENAPI = testdata('oip', 'specification', 'protocol', 'open_inference_rest.yaml');

/** An item of the test's 'paper-models' collection: no footprint, the given properties and files. */
function paperItem(id: string, properties: Record<string, unknown>, assets: StacItem['assets'] = {}): StacItem {
  return { type: 'Feature', stac_version: '1.0.0', id, geometry: null, properties: { datetime: '2024-01-01T00:00:00Z', ...properties }, links: [], assets };
}

/**
 * Models as services (spec 3 §2 "Model as a Service", §4, §7 start/stop/status, models/started,
 * maas/usage; docs/models.md "Models as services"): the demo model's Open Inference Protocol server
 * started in the sandbox, reached through the portal for its owner only, its answers valid by the
 * protocol's OpenAPI document, started again after a restart, stopped for good.
 */
describe('models as services', () => {
  let app: TestApp;
  let removeData: (() => void) | undefined;
  let dora: { authorization: string };
  let oscar: { authorization: string };
  const ajv = new Ajv({ strict: false, allErrors: true });
  const get = (url: string, headers: Record<string, string> = dora) => app.server.inject({ method: 'GET', url, headers });
  const status = async (headers = dora) => (await get(`${MODEL}/status`, headers)).json<ModelServiceInfo>();
  const valid = (schema: string, body: unknown) => {
    const validate = ajv.getSchema(`oip#/components/schemas/${schema}`)!;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  };
  /** A request to the service through the portal, by its URL's path. */
  const service = (url: string, init: { method?: 'GET' | 'POST'; payload?: unknown; headers?: Record<string, string> } = {}) =>
    app.server.inject({
      method: init.method ?? 'GET',
      url: new URL(url).pathname,
      headers: { ...(init.headers ?? dora), ...(init.payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.payload === undefined ? {} : { payload: JSON.stringify(init.payload) }),
    });

  beforeAll(async () => {
    const spec = parse(fs.readFileSync(OPENAPI, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    ajv.addSchema({ $id: 'oip', components: spec.components });
    const demo = await demoModelApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    app = demo.app;
    removeData = demo.remove;
    dora = await app.userWithHeader('dora');
    oscar = await app.userWithHeader('oscar');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    removeData?.();
  });

  it('starts the demo model as a service: deploying, then available, its OIP answers valid through the portal', { timeout: 120_000 }, async () => {
    expect(await status()).toEqual({ status: 'undeployed', model_proc_url: null, model_infer_url: null, model_proc_id: null });
    // two starts at once (a double click): one service
    const starts = await Promise.all([get(`${MODEL}/start`), get(`${MODEL}/start`)]);
    for (const started of starts) {
      expect(started.statusCode, started.body).toBe(200);
      expect(['creating', 'deploying', 'available']).toContain(started.json<ModelServiceInfo>().status);
    }
    expect(new Set(starts.map((started) => started.json<ModelServiceInfo>().model_proc_id)).size).toBe(1);
    expect(await app.ctx.db.select().from(modelServices)).toHaveLength(1);
    const available = await untilStatus(() => status(), 'available');
    expect(available.model_infer_url).toMatch(/\/backend\/catalogue\/stac\/maas\/\d+\/v2\/models\/land-cover-classifier\/infer$/);
    expect(available.model_proc_url).toBe(available.model_infer_url!.replace(/\/infer$/, ''));

    const metadata = await service(available.model_proc_url!);
    expect(metadata.statusCode, metadata.body).toBe(200);
    valid('metadata_model_response', metadata.json());
    expect(metadata.json()).toMatchObject({
      name: 'land-cover-classifier',
      versions: ['1.0.0'],
      inputs: [{ name: 'bands', datatype: 'FP32', shape: [-1, 4, -1, -1] }],
    });
    const ready = await service(available.model_proc_url!.replace(/\/v2\/.*$/, '/v2/health/ready'));
    expect(ready.statusCode).toBe(200);

    const inferred = await service(available.model_infer_url!, {
      method: 'POST',
      payload: { id: 'four-FOUR_PIXELS', ...FOUR_PIXELS, outputs: [{ name: 'classes' }] },
    });
    expect(inferred.statusCode, inferred.body).toBe(200);
    valid('inference_response', inferred.json());
    expect(inferred.json()).toEqual({
      model_name: 'land-cover-classifier',
      model_version: '1.0.0',
      id: 'four-FOUR_PIXELS',
      outputs: [{ name: 'classes', datatype: 'UINT8', shape: [1, 2, 2], data: FOUR_PIXEL_CLASSES }],
    });
    // a bad request gets the protocol's error body and a 4xx, never a 5xx
    const wrong = await service(available.model_infer_url!, { method: 'POST', payload: { inputs: [{ ...FOUR_PIXELS.inputs[0], shape: [1, 3, 2, 2] }] } });
    expect(wrong.statusCode).toBe(400);
    valid('inference_error_response', wrong.json());
    expect((await service(available.model_infer_url!, { method: 'POST', payload: { inputs: [] } })).statusCode).toBe(400);
  });

  it('is its owner’s: another user and a signed-out caller do not reach it; a second start is the same service', async () => {
    const info = await status();
    expect(info.status).toBe('available');
    expect((await service(info.model_proc_url!, { headers: oscar })).statusCode).toBe(404);
    expect((await service(info.model_proc_url!, { headers: {} })).statusCode).toBe(401);
    // the usage page's endpoint link opens in a new tab: a GET may carry the portal's token cookie, an inference
    // needs the CSRF header beside it (docs/security.md "Tokens")
    const cookie = { cookie: `${TOKEN_COOKIE}=${dora.authorization.slice('Bearer '.length)}` };
    expect((await service(info.model_proc_url!, { headers: cookie })).statusCode).toBe(200);
    expect((await service(info.model_infer_url!, { method: 'POST', payload: FOUR_PIXELS, headers: cookie })).statusCode).toBe(403);
    // oscar has no service of the model
    expect((await status(oscar)).status).toBe('undeployed');
    const again = await Promise.all([get(`${MODEL}/start`), get(`${MODEL}/start`)]);
    expect(again.map((answer) => answer.json<ModelServiceInfo>().model_proc_id)).toEqual([info.model_proc_id, info.model_proc_id]);
    const started = (await get('/backend/catalogue/stac/models/started')).json<{ data: ModelServiceItem[] }>().data;
    expect(started).toEqual([
      expect.objectContaining({
        name: 'Land cover classifier (demo)',
        collection: DEMO_MODELS,
        id: 'demo-land-cover',
        model_proc_id: info.model_proc_id,
        ended: null,
      }),
    ]);
    expect((await get('/backend/catalogue/stac/models/started', oscar)).json<{ data: unknown[] }>().data).toEqual([]);
    expect((await get('/backend/catalogue/stac/models/started', {})).statusCode).toBe(401);
  });

  /** the services' folders ({data}/services/{id}-{generation}) */
  const folders = () => fs.readdirSync(path.join(app.storage.root, 'services')).sort();

  it('runs again after a restart of the server, under the same id and URLs; the folders of what no longer runs are gone', { timeout: 120_000 }, async () => {
    const before = await status();
    // what a killed server and an earlier version left: folders of services that no longer run
    for (const leftover of ['999999-1', '999998']) fs.mkdirSync(path.join(app.storage.root, 'services', leftover, 'package'), { recursive: true });
    app = await app.restart();
    dora = await app.authHeader('dora', 'user-password-1');
    const after = await untilStatus(() => status(), 'available');
    expect(after.model_proc_id).toBe(before.model_proc_id);
    expect(after.model_infer_url).toBe(before.model_infer_url);
    const inferred = await service(after.model_infer_url!, { method: 'POST', payload: FOUR_PIXELS });
    expect(inferred.statusCode, inferred.body).toBe(200);
    const [row] = await app.ctx.db.select().from(modelServices).where(eq(modelServices.status, 'available'));
    expect(folders()).toEqual([`${row!.id}-${row!.generation}`]);
  });

  it('stops: undeployed, no longer reachable, its process gone, kept in the usage history', { timeout: 60_000 }, async () => {
    const info = await status();
    const [row] = await app.ctx.db.select().from(modelServices).where(eq(modelServices.status, 'available'));
    const pid = row!.pid!;
    expect(isAlive(pid)).toBe(true);
    const stopped = await get(`${MODEL}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<ModelServiceInfo>().status).toBe('undeployed');
    expect((await status()).status).toBe('undeployed');
    expect((await service(info.model_proc_url!)).statusCode).toBe(404);
    expect((await get('/backend/catalogue/stac/models/started')).json<{ data: unknown[] }>().data).toEqual([]);
    const usage = (await get('/backend/catalogue/stac/maas/usage')).json<{ maas: ModelServiceItem[] }>().maas;
    expect(usage).toEqual([expect.objectContaining({ model_proc_id: info.model_proc_id, status: 'undeployed', ended: expect.any(String) })]);
    // stopped for good: its process ends, its folder (its model's copy, its log) goes with it
    await vi.waitFor(
      () => {
        expect(isAlive(pid)).toBe(false);
        expect(folders()).toEqual([]);
      },
      { timeout: 40_000, interval: 50 },
    );
  });

  it('says a model without an ONNX file cannot be a service, and refuses what is not a model', async () => {
    const admin = await app.ctx.users.findByUsername('admin');
    await app.ctx.catalogue.upsertCollection(
      {
        type: 'Collection',
        id: 'paper-models',
        stac_version: '1.0.0',
        description: 'Models without weights',
        license: 'CC0-1.0',
        extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
        links: [],
      },
      { ownerId: admin!.id, isPublic: true },
    );
    await app.ctx.catalogue.upsertItems('paper-models', [paperItem('idea', { type: 'model' })]);
    expect((await get('/backend/catalogue/stac/collections/paper-models/models/idea/status')).json()).toEqual({});
    const refused = await get('/backend/catalogue/stac/collections/paper-models/models/idea/start');
    expect([refused.statusCode, refused.json<{ detail: string }>().detail]).toEqual([409, 'This model cannot be deployed as a service.']);
    expect((await get(`/backend/catalogue/stac/collections/${DEMO_DATASETS}/models/demo-antwerp-chips/status`)).statusCode).toBe(404);
    expect((await get('/backend/catalogue/stac/collections/paper-models/models/nothing/start')).statusCode).toBe(404);
  });

  it('lists a service in error in maas/usage with its reason, never in models/started', { timeout: 60_000 }, async () => {
    // an ONNX file onnxruntime cannot load: the service process ends in error
    const folder = new DatastorePaths(app.storage.root).catalogueDir('paper-models', 'torn');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'model.onnx'), 'not a model');
    await app.ctx.catalogue.upsertItems('paper-models', [
      paperItem(
        'torn',
        { type: 'model', title: 'Torn model' },
        { model: { href: catalogueAssetUrl('paper-models', 'torn', 'model.onnx'), roles: ['mlm:model'] } },
      ),
    ]);
    const torn = '/backend/catalogue/stac/collections/paper-models/models/torn/status';
    expect((await get(torn.replace(/status$/, 'start'), oscar)).statusCode).toBe(200);
    const failed = await untilStatus(async () => (await get(torn, oscar)).json<ModelServiceInfo>(), 'error');
    expect(failed.error).toMatch(/cannot be loaded by onnxruntime/);
    expect((await get('/backend/catalogue/stac/models/started', oscar)).json<{ data: ModelServiceItem[] }>().data.map((entry) => entry.id)).not.toContain(
      'torn',
    );
    const usage = (await get('/backend/catalogue/stac/maas/usage', oscar)).json<{ maas: ModelServiceItem[] }>().maas;
    expect(usage.find((entry) => entry.id === 'torn')).toMatchObject({ status: 'error', model_proc_url: null });
  });

  describe('training dataset orders', () => {
    const DATASET = `/backend/catalogue/stac/collections/${DEMO_DATASETS}/datasets/demo-antwerp-chips`;

    it(
      'copies the demo dataset into the orderer’s datastore at its path, with progress, then lists it and serves its files to them only',
      { timeout: 60_000 },
      async () => {
        const ordered = await get(`${DATASET}/order`);
        expect(ordered.statusCode, ordered.body).toBe(200);
        const order = ordered.json<{ data: { id: string; path: string; status: string } }>().data;
        expect(order.path).toMatch(/^\/ordered_datasets\/admin\/demo-antwerp-chips\/2024\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
        type Listed = { status: string; progress: number; files: { asset: string; path: string; size: number; href: string }[]; datetime_start: string }[];
        const listed = await vi.waitFor(
          async () => {
            const orders = (await get(`${DATASET}/orders`)).json<{ data: Listed }>().data;
            if (orders[0]?.status === 'running') throw new Error(`the order still runs: ${JSON.stringify(orders[0])}`);
            return orders;
          },
          { timeout: 45_000, interval: 100 },
        );
        expect(listed).toHaveLength(1);
        expect(listed[0]).toMatchObject({ status: 'success', progress: 1 });
        expect(listed[0]!.files).toHaveLength(16);
        // the files are in the user's datastore, at the path of spec 3 §9
        const folder = path.join(app.storage.root, 'datastore', 'dora', ...order.path.split('/').filter(Boolean));
        expect(fs.readdirSync(folder).sort()).toEqual(listed[0]!.files.map((file) => file.path).sort());
        const nir = listed[0]!.files.find((file) => file.asset === '2024-07-15-nir')!;
        expect(nir.path).toBe('2024-07-15-nir.tif');
        const source = fs.readFileSync(path.join(app.storage.root, 'catalogue', 'demo-scenes', 'demo-antwerp-2024-07-15', 'nir.tif'));
        const download = await get(nir.href);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(source)).toBe(true);
        expect(nir.size).toBe(source.length);
        expect((await get(nir.href, oscar)).statusCode).toBe(404);
        expect((await get(`${DATASET}/orders`, oscar)).json<{ data: unknown[] }>().data).toEqual([]);
        const usage = (await get('/backend/catalogue/stac/datasets/usage')).json<{ data: Record<string, unknown>[] }>().data;
        expect(usage).toEqual([
          expect.objectContaining({
            title: 'Antwerp scenes through a season (demo)',
            catalogue_item_version: '2024',
            owner_id: 'admin',
            resource_license: 'CC0-1.0',
            catalogue_collection_id: DEMO_DATASETS,
            catalogue_item_id: 'demo-antwerp-chips',
            external_reference: order.id,
            status: 'success',
            datetime_start: listed[0]!.datetime_start,
          }),
        ]);
      },
    );

    it('refuses what is not a dataset (400) or has no files (409), and with aiopen-tcs asks for the terms first (403)', async () => {
      const model = await get(`/backend/catalogue/stac/collections/${DEMO_MODELS}/datasets/demo-land-cover/order`);
      expect([model.statusCode, model.json<{ detail: string }>().detail]).toEqual([400, 'Land cover classifier (demo) is not a dataset.']);
      await app.ctx.catalogue.upsertItems('paper-models', [paperItem('empty', { type: 'dataset', title: 'Empty' })]);
      const empty = await get('/backend/catalogue/stac/collections/paper-models/datasets/empty/order');
      expect([empty.statusCode, empty.json<{ detail: string }>().detail]).toEqual([409, 'Empty has no files to order.']);
      expect((await get('/backend/catalogue/stac/collections/paper-models/datasets/nothing/order')).statusCode).toBe(404);
      expect((await get(`${DATASET}/order`, {})).statusCode).toBe(401);
      const features = app.ctx.config.themeFeatures;
      app.ctx.config.themeFeatures = [...features, 'aiopen-tcs'];
      try {
        const refused = await get(`${DATASET}/order`, oscar);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ detail: string }>().detail).toContain('https://spdx.org/licenses/CC0-1.0.html');
        // the same rule for starting a model as a service
        expect((await get(`${MODEL}/start`, oscar)).statusCode).toBe(403);
      } finally {
        app.ctx.config.themeFeatures = features;
      }
    });
  });
});
