import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { catalogueAssetUrl, type ExecutionTaskAttributes } from '@asb/contracts';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executions } from '../src/db-schema.js';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { DEMO_COLLECTION_ID } from '../src/modules/demo/demo-scenes.js';
import { DEMO_MODEL_EXAMPLE_SCENE } from '../src/modules/demo/demo-models.js';
import { waitForStatus } from './helpers/engine.js';
import { DEMO_DATASETS, DEMO_MODELS } from './helpers/model-services.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const EXECUTE = `/backend/v1/catalogue-collections/${DEMO_MODELS}/execute_model`;

interface TaskDocument {
  data: { id: string; attributes: ExecutionTaskAttributes & { label: string; ownerId: string } };
}

/** The request of the model execute form: one image input as a base64 file. */
const imageRequest = (bytes: Buffer, fileName: string, name = 'bands') => ({
  identifier: 'demo-land-cover',
  collection: DEMO_MODELS,
  inputs: {
    parameters: { content_type: 'pd' },
    inputs: [
      { name, datatype: 'FP32', data: bytes.toString('base64'), file_type: fileName.endsWith('.png') ? 'image/png' : 'image/tiff', file_name: fileName },
    ],
  },
});

/**
 * Model executions (spec 3 §2 "Model execute", §7 execute_model and seldon-tasks; docs/models.md
 * "Model executions"): the demo model runs in the task sandbox on an uploaded GeoTIFF, its class
 * map the one numpy computes; bad requests are refused before anything is stored.
 */
describe('model executions', () => {
  let app: TestApp;
  let dataDir = '';
  let paths: DatastorePaths;
  let dora: { authorization: string };
  let example: Buffer;
  const post = (payload: unknown, headers: Record<string, string> = dora, url = EXECUTE) =>
    app.server.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = dora) => app.server.inject({ method: 'GET', url, headers });
  const modelExecutions = async () => app.ctx.db.select({ id: executions.id }).from(executions).where(eq(executions.kind, 'model'));

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-model-executions-'));
    // a first start: the demo scenes, then the demo model trained on them
    app = await createTestApp({ demo: true, dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 } });
    paths = new DatastorePaths(app.storage.root);
    dora = await app.userWithHeader('dora');
    example = await fs.readFile(path.join(paths.catalogueDir(DEMO_MODELS, 'demo-land-cover'), 'example-scene.tif'));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs the demo model on an uploaded GeoTIFF: the class map numpy computes, as a PNG with its legend and as a GeoTIFF', { timeout: 120_000 }, async () => {
    // the model item offers the GeoTIFF to try it with
    const item = (await get(`/resource-catalogue/stac/collections/${DEMO_MODELS}/items/demo-land-cover`)).json<{ assets: Record<string, { href: string }> }>();
    expect(item.assets.example!.href).toMatch(/\/example-scene\.tif$/);

    const created = await post(imageRequest(example, 'nile.tif'));
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json<TaskDocument>().data;
    expect(task.attributes).toMatchObject({
      workflowIdentifier: 'demo-land-cover',
      processIdentifier: DEMO_MODELS,
      processVersion: '1.0.0',
      label: 'Land cover classifier (demo)',
      ownerId: 'dora',
      target: 'local',
      inputs: [{ identifier: 'bands', value: 'nile.tif' }],
    });
    const row = await waitForStatus(app, task.id, ['success', 'failed'], 90_000);
    const done = (await get(`/taskmgr/v1/seldon-tasks/${task.id}`)).json<TaskDocument>().data.attributes;
    expect(row.status, done.errorLog ?? '').toBe('success');
    expect(done.progress).toBe(1);
    const outputs = new Map(done.executionResults!.data.map((output) => [output.id, output.value]));
    expect([...outputs.keys()].sort()).toEqual(['classes', 'classes_geotiff', 'classes_png', 'classes_share', 'probabilities']);
    expect(outputs.get('classes_share')).toMatch(/^bare \d+\.\d %, vegetation \d+\.\d %, water \d+\.\d %$/);

    // the class map equals the one numpy computes from the weights in model.onnx
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-model-reference-'));
    try {
      const reference = await run('/usr/bin/python3', [
        path.join(import.meta.dirname, 'helpers/land_cover_reference.py'),
        path.join(paths.catalogueDir(DEMO_MODELS, 'demo-land-cover'), 'model.onnx'),
        paths.catalogueDir(DEMO_COLLECTION_ID, DEMO_MODEL_EXAMPLE_SCENE),
        work,
      ]);
      const [height, width] = (JSON.parse(reference.stdout) as { shape: [number, number] }).shape;
      const npy = await get(String(outputs.get('classes')));
      expect(npy.statusCode).toBe(200);
      const headerLength = npy.rawPayload.readUInt16LE(8);
      expect(npy.rawPayload.subarray(10, 10 + headerLength).toString('latin1')).toContain(
        `'descr': '|u1', 'fortran_order': False, 'shape': (1, ${height}, ${width})`,
      );
      const classes = npy.rawPayload.subarray(10 + headerLength);
      const expected = await fs.readFile(path.join(work, 'reference.u8'));
      expect(classes.length).toBe(height * width);
      expect(classes.reduce((count, value, index) => count + (value === expected[index] ? 0 : 1), 0)).toBeLessThanOrEqual(2);

      // the GeoTIFF: the same classes, where the input was
      const geotiff = await get(String(outputs.get('classes_geotiff')));
      expect(geotiff.statusCode).toBe(200);
      await fs.writeFile(path.join(work, 'classes.tif'), geotiff.rawPayload);
      const info = JSON.parse((await run('gdalinfo', ['-json', '-stats', path.join(work, 'classes.tif')])).stdout) as {
        size: number[];
        geoTransform: number[];
        bands: { type: string; maximum: number }[];
      };
      const input = JSON.parse(
        (await run('gdalinfo', ['-json', path.join(paths.catalogueDir(DEMO_COLLECTION_ID, DEMO_MODEL_EXAMPLE_SCENE), 'red.tif')])).stdout,
      ) as {
        geoTransform: number[];
      };
      expect(info.size).toEqual([width, height]);
      info.geoTransform.forEach((value, index) => expect(value).toBeCloseTo(input.geoTransform[index]!, 9));
      expect(info.bands[0]).toMatchObject({ type: 'Byte', maximum: 2 });

      // the PNG: the map (scaled up) with the legend below it
      const png = PNG.sync.read((await get(String(outputs.get('classes_png')))).rawPayload);
      expect(png.width).toBeGreaterThanOrEqual(width);
      expect(png.height).toBeGreaterThan(png.width * (height / width));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }

    // the pinned model and inputs are not the execution's files: its viewers may not read the model
    expect((await get(`/builder/v1/executions/${task.id}/files/.package/model.onnx`)).statusCode).toBe(404);
    expect((await get(`/builder/v1/executions/${task.id}/files/%25`)).statusCode).toBe(404);
    // the log says what ran; the server's folders stay out of it
    const log = await get(`/builder/v1/executions/${task.id}/tasks/model/log`);
    expect(log.body).toContain('input bands: nile.tif, 256 × 238 pixels, 4 bands → [1, 4, 238, 256]');
    expect(log.body).not.toContain(dataDir);
  });

  it('lists model executions as seldon-tasks to their owner only, newest first', async () => {
    const listed = await get('/taskmgr/v1/seldon-tasks?sort=-createdAt&page[number]=1&page[size]=20');
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<{ data: TaskDocument['data'][] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.attributes.ownerId === 'dora' && row.attributes.workflowIdentifier === 'demo-land-cover')).toBe(true);
    const other = await app.userWithHeader('oscar');
    expect((await get('/taskmgr/v1/seldon-tasks', other)).json<{ data: unknown[] }>().data).toEqual([]);
    expect((await get(`/taskmgr/v1/seldon-tasks/${rows[0]!.id}`, other)).statusCode).toBe(403);
    expect((await get('/taskmgr/v1/seldon-tasks', {})).statusCode).toBe(401);
    // the application executions do not list it
    expect((await get('/taskmgr/v1/ades-tasks')).json<{ data: unknown[] }>().data).toEqual([]);
    // the usage page's Dynamic Executions: the caller's model executions as usage records (spec 3 §3)
    const usage = (await get('/backend/catalogue/stac/models/usage')).json<{ data: Record<string, unknown>[] }>().data;
    expect(usage).toContainEqual(
      expect.objectContaining({
        title: 'Land cover classifier (demo)',
        catalogue_item_version: '1.0.0',
        owner_id: 'admin',
        resource_license: 'CC0-1.0',
        catalogue_collection_id: DEMO_MODELS,
        catalogue_item_id: 'demo-land-cover',
        external_reference: rows[0]!.id,
        status: 'success',
      }),
    );
    expect((await get('/backend/catalogue/stac/models/usage', other)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("fails with the model's reason when the file does not fit its signature: a PNG of three colours for four bands", { timeout: 60_000 }, async () => {
    const picture = new PNG({ width: 8, height: 8 });
    picture.data.fill(200);
    const created = await post(imageRequest(PNG.sync.write(picture, { colorType: 2 }), 'holiday.png'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<TaskDocument>().data.id;
    await waitForStatus(app, id, ['success', 'failed'], 30_000);
    const failed = (await get(`/taskmgr/v1/seldon-tasks/${id}`)).json<TaskDocument>().data.attributes;
    expect(failed.status).toBe('failed');
    expect(failed.errorLog).toBe('Input Scene (bands): the model takes 4 bands; holiday.png has 3.');
  });

  it('refuses a bad request with a 4xx naming what is wrong, and keeps nothing of it', async () => {
    const before = (await modelExecutions()).length;
    const folders = await fs.readdir(path.dirname(paths.executionDir('dora', 'x'))).catch(() => []);
    const cases: [unknown, number, string][] = [
      [{ ...imageRequest(example, 'a.tif'), inputs: { inputs: [] } }, 400, 'Input Scene (bands) is required.'],
      [imageRequest(example, 'a.tif', 'scene'), 400, 'The model has no input scene (its inputs: bands).'],
      [{ ...imageRequest(example, 'a.tif'), inputs: { inputs: [{ name: 'bands', data: '%%% not base64' }] } }, 400, 'Input Scene (bands): data is not base64.'],
      [imageRequest(Buffer.from('just some text, no image'), 'a.tif'), 400, 'Input Scene (bands) must be a GeoTIFF or a PNG file.'],
      [
        { ...imageRequest(example, 'a.tif'), inputs: { inputs: [{ name: 'bands', data: [1, 2, 3] }] } },
        400,
        'Input Scene (bands) is an image: give a GeoTIFF or PNG file (base64 in data).',
      ],
      [imageRequest(Buffer.alloc(20 * 1024 * 1024 + 100_000, 1), 'a.tif'), 413, 'Input Scene (bands): the file is larger than 20 MB.'],
      [{ ...imageRequest(example, 'a.tif'), identifier: 'no-such-model' }, 404, `No model no-such-model in the collection ${DEMO_MODELS}.`],
      [
        { ...imageRequest(example, 'a.tif'), collection: 'demo-scenes' },
        400,
        `The collection of the request (demo-scenes) is not the one of the path (${DEMO_MODELS}).`,
      ],
    ];
    for (const [payload, status, detail] of cases) {
      const refused = await post(payload);
      expect([refused.statusCode, refused.json<{ detail: string }>().detail]).toEqual([status, detail]);
    }
    const dataset = await post(
      { ...imageRequest(example, 'a.tif'), identifier: 'demo-antwerp-chips', collection: undefined },
      dora,
      `/backend/v1/catalogue-collections/${DEMO_DATASETS}/execute_model`,
    );
    expect([dataset.statusCode, dataset.json<{ detail: string }>().detail]).toEqual([400, 'Antwerp scenes through a season (demo) is not a model.']);
    expect((await post(imageRequest(example, 'a.tif'), {})).statusCode).toBe(401);
    // a model whose ONNX file is missing: refused once its folder was made, which goes again
    const ghost = (await app.ctx.catalogue.readItem(null, DEMO_MODELS, 'demo-land-cover'))!;
    await app.ctx.catalogue.upsertItems(DEMO_MODELS, [
      { ...ghost, id: 'ghost', links: [], assets: { model: { ...ghost.assets.model!, href: catalogueAssetUrl(DEMO_MODELS, 'ghost', 'model.onnx') } } },
    ]);
    const missing = await post({ ...imageRequest(example, 'a.tif'), identifier: 'ghost' });
    expect([missing.statusCode, missing.json<{ detail: string }>().detail]).toEqual([409, 'The model’s ONNX file is missing from the catalogue.']);
    // nothing was recorded nor written
    expect((await modelExecutions()).length).toBe(before);
    expect(await fs.readdir(path.dirname(paths.executionDir('dora', 'x'))).catch(() => [])).toEqual(folders);
  });

  it("needs the model's licence terms accepted when the instance has the aiopen-tcs feature", { timeout: 60_000 }, async () => {
    const features = app.ctx.config.themeFeatures;
    app.ctx.config.themeFeatures = [...features, 'aiopen-tcs'];
    try {
      const terms = await app.userWithHeader('tess');
      const refused = await post(imageRequest(example, 'a.tif'), terms);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toContain('https://spdx.org/licenses/CC0-1.0.html');
      const accepted = await app.server.inject({
        method: 'POST',
        url: '/usermgr/v1/terms-and-conditions/accept/',
        headers: terms,
        payload: { terms_and_conditions_id: 'https://spdx.org/licenses/CC0-1.0.html' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const created = await post(imageRequest(example, 'a.tif'), terms);
      expect(created.statusCode, created.body).toBe(201);
      await waitForStatus(app, created.json<TaskDocument>().data.id, ['success', 'failed'], 30_000);
      const [row] = await app.ctx.db
        .select({ status: executions.status })
        .from(executions)
        .where(and(eq(executions.kind, 'model'), eq(executions.ownerId, 'tess')));
      expect(row!.status).toBe('success');
    } finally {
      app.ctx.config.themeFeatures = features;
    }
  });
});
