import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { validateWorkflowGraph, type ProcessSignature, type WorkflowAttributes, type WorkflowGraph } from '@asb/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/app-context.js';
import { inspectWrapper } from '../src/engine/runtime/inspect-wrapper.js';
import { runPythonScript } from '../src/engine/runtime/python-scripts.js';
import { demoProcessDir } from '../src/modules/demo/demo-files.js';
import { DEMO_PROCESSES } from '../src/modules/demo/demo-processes.js';
import { DEMO_WORKSPACE, seedDemo } from '../src/modules/demo/demo-seed.js';
import { DEMO_PRODUCT_WORKFLOW, DEMO_WORKFLOW, demoProductWorkflowGraph, demoWorkflowGraph } from '../src/modules/demo/demo-workflow.js';
import { objectPath, restoreSnapshot } from '../src/engine/store/object-store.js';
import { snapshotFolder } from '../src/modules/procimp/build/snapshot.js';
import { BucketStorage } from '../src/modules/procimp/storage/bucket-storage.js';
import {
  executions,
  processBuckets,
  processes,
  processImages,
  processVersions,
  resourceWorkspaces,
  workflows,
  workflowVersions,
  workspaces,
} from '../src/db-schema.js';
import { builderApi } from './helpers/builder.js';
import { knowledgeApi, type JsonApiObject } from './helpers/knowledge-api.js';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';

const SLUGS = DEMO_PROCESSES.map((process) => process.slug);
const RESOURCES = { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 };

/**
 * A fresh data directory of our own, so that the objects and bucket folders can be looked at.
 * The server starts without the demo: started with it, it would also draw the demo scenes and
 * train the demo model once ready (minutes on a busy machine, and what demo-products and
 * model-executions test); this file seeds the processes and workflows itself.
 */
async function demoApp(): Promise<{ app: TestApp; dataDir: string; storage: BucketStorage }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-demo-'));
  const app = await createTestApp({ demo: false, dataDir });
  return { app, dataDir, storage: await BucketStorage.open(dataDir) };
}

/** The app's context with ASB_DEMO on, as app.ts calls seedDemo at a first start. */
const demoOn = (app: TestApp): AppContext => ({ ...app.ctx, config: { ...app.ctx.config, demo: true } });

/**
 * The demo of a first start (README "Demo", docs/seed-data.md): workspace, five released
 * processes recorded as Build & Release records them, the two published workflows.
 */
describe('demo seed', () => {
  let app: TestApp;
  let dataDir = '';
  let storage: BucketStorage;

  beforeAll(async () => {
    ({ app, dataDir, storage } = await demoApp());
    expect(await seedDemo(demoOn(app), storage)).toBe(true);
    // a second start finds the demo there and changes nothing
    expect(await seedDemo(demoOn(app), storage)).toBe(false);
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('reads ASB_DEMO: on unless false', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ ASB_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ ASB_DEMO: 'false' }).demo).toBe(false);
  });

  it('creates the demo workspace once, owned by the admin', async () => {
    const rows = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, DEMO_WORKSPACE.identifier));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identifier: 'demo', label: 'Demo', slug: 'demo', ownerId: ADMIN.username });
  });

  it('releases version 1 of five processes, shared with the demo workspace, as Build & Release does', async () => {
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    const processRows = await app.ctx.db.select().from(processes);
    expect(processRows.map((row) => row.identifier).sort()).toEqual([...SLUGS].sort());
    const shared = await app.ctx.db
      .select()
      .from(resourceWorkspaces)
      .where(and(eq(resourceWorkspaces.resourceType, 'processes'), eq(resourceWorkspaces.workspaceId, workspace!.id)));
    expect(shared.map((row) => row.resourceId).sort()).toEqual(processRows.map((row) => row.id).sort());

    for (const process of processRows) {
      expect(process).toMatchObject({ ownerId: ADMIN.username, type: 'wps', isArchived: false });
      expect(process.description).not.toBe('');
      const [version] = await app.ctx.db.select().from(processVersions).where(eq(processVersions.processId, process.id));
      const [bucket] = await app.ctx.db.select().from(processBuckets).where(eq(processBuckets.processId, process.id));
      const [image] = await app.ctx.db.select().from(processImages).where(eq(processImages.processIdentifier, process.identifier));
      const inspection = await inspectWrapper(demoProcessDir(process.identifier));
      expect(inspection.status).toBe('valid');
      const signature = (inspection as { signature: ProcessSignature }).signature;

      expect(version).toMatchObject({
        identifier: `${process.identifier}:1`,
        label: process.label,
        value: '1',
        released: true,
        ownerId: ADMIN.username,
        bucketId: bucket!.id,
        signature,
        dependencies: ['numpy', 'rasterio'],
      });
      expect(signature.resources).toEqual(RESOURCES);
      expect(version!.dockerfile).toContain('FROM python:3.11-slim');
      expect(version!.dockerfile).toContain('pip install "numpy" "rasterio"');
      expect(version!.manifest.map((entry) => entry.path)).toEqual(['process_wrapper.py']);
      for (const entry of version!.manifest) {
        const stored = await fs.readFile(objectPath(storage.objectsDir, entry.sha256));
        expect(stored.length).toBe(entry.size);
        expect(stored).toEqual(await fs.readFile(path.join(demoProcessDir(process.identifier), entry.path)));
      }
      expect(bucket).toMatchObject({
        identifier: `${process.identifier}:1`,
        value: '1',
        released: true,
        versionId: version!.id,
        buildStatus: 'released',
        buildKind: 'release',
      });
      expect(bucket!.buildLog).toContain('Build & Release started by admin');
      expect(bucket!.buildLog.trim().split('\n').at(-1)).toMatch(new RegExp(`\\] ${process.label} released$`));
      expect(await fs.readdir(storage.bucketDir(bucket!.id))).toEqual(['process_wrapper.py']);
      expect(image).toMatchObject({
        identifier: `${process.identifier}:1`,
        processVersion: '1',
        versionId: version!.id,
        allocatedCpus: 1,
        allocatedMem: 1024,
        allocatedDisk: 1024,
        allocatedGpus: 0,
      });
    }
    expect(await app.ctx.db.select().from(processImages)).toHaveLength(SLUGS.length);
    expect(await app.ctx.db.select().from(processVersions)).toHaveLength(SLUGS.length);
  });

  it.each([
    [DEMO_WORKFLOW, demoWorkflowGraph()],
    [DEMO_PRODUCT_WORKFLOW, demoProductWorkflowGraph()],
  ])('seeds the published workflow %# with a valid graph and its version 1, shared with the demo workspace', async (demo, graph) => {
    const rows = await app.ctx.db.select().from(workflows);
    expect(rows.map((row) => row.identifier).sort()).toEqual([DEMO_WORKFLOW.identifier, DEMO_PRODUCT_WORKFLOW.identifier].sort());
    const workflow = rows.find((row) => row.identifier === demo.identifier)!;
    expect(workflow).toMatchObject({
      identifier: demo.identifier,
      label: demo.label,
      ownerId: ADMIN.username,
      isPublished: true,
      version: 1,
    });
    expect(workflow.publishedAt).not.toBeNull();
    expect(JSON.parse(workflow.description)).toEqual({ description: demo.description, thumbnail_url: '' });
    expect(workflow.graph).toEqual(graph);
    const versions = await app.ctx.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id));
    expect(versions).toMatchObject([{ version: 1, graph: workflow.graph, createdBy: ADMIN.username }]);

    const released = await app.ctx.db
      .select()
      .from(processVersions)
      .where(
        inArray(
          processVersions.identifier,
          SLUGS.map((slug) => `${slug}:1`),
        ),
      );
    const bySignature = new Map(released.map((row) => [row.identifier, { signature: row.signature }]));
    expect(validateWorkflowGraph(workflow.graph, (identifier) => bySignature.get(identifier))).toEqual([]);
    const [share] = await app.ctx.db
      .select({ workspace: workspaces.identifier })
      .from(resourceWorkspaces)
      .innerJoin(workspaces, eq(workspaces.id, resourceWorkspaces.workspaceId))
      .where(and(eq(resourceWorkspaces.resourceType, 'workflows'), eq(resourceWorkspaces.resourceId, workflow.id)));
    expect(share).toEqual({ workspace: 'demo' });

    // the public Workflow detail page
    const item = await app.server.inject({ method: 'GET', url: `/knowledge/v1/workflows/${workflow.id}/catalogue-item` });
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json<{ properties: { description: string; published: boolean } }>().properties).toMatchObject({
      description: demo.description,
      published: true,
    });
  });

  it('lets a user of the demo workspace see and execute the workflow with the form defaults', async () => {
    const api = knowledgeApi(app);
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    const uma = await api.member('uma', { [String(workspace!.id)]: 'user' });
    const nils = await api.member('nils');
    const list = await api.list<WorkflowAttributes>(`/knowledge/v1/workflows?filter[identifier]=${DEMO_WORKFLOW.identifier}`, uma);
    expect(list.data.map((row: JsonApiObject<WorkflowAttributes>) => row.attributes.label)).toEqual(['NDVI vegetation demo']);
    expect((await api.list('/knowledge/v1/workflows', nils)).data).toEqual([]);
    const workflowId = list.data[0]!.id;

    const processor = await app.server.inject({ method: 'GET', url: `/knowledge/v1/processors/${workflowId}`, headers: uma });
    expect(processor.statusCode, processor.body).toBe(200);
    const groups = processor.json<{
      data: {
        attributes: { inputs: { node_id: string; items: { identifier: string; label: string; defaultValue: string | null; userVisible: boolean }[] }[] };
      };
    }>().data.attributes.inputs;
    const visible = groups
      .map((group) => ({ node_id: group.node_id, items: group.items.filter((entry) => entry.userVisible) }))
      .filter((group) => group.items.length > 0);
    expect(visible.map((group) => [group.node_id, group.items.map((entry) => entry.label)])).toEqual([
      ['scene', ['West', 'South', 'East', 'North', 'Size (pixels)']],
      ['ndvi', ['Red band', 'Near-infrared band']],
      ['threshold', ['NDVI threshold']],
    ]);

    const builder = builderApi(app);
    const execution = await builder.created(
      {
        processor_id: workflowId,
        inputs: visible.map((group) => ({
          node_id: group.node_id,
          items: group.items.map((entry) => ({ identifier: entry.identifier, value: entry.defaultValue ?? '' })),
        })),
      },
      uma,
    );
    expect(execution.attributes.status).toBe('created');
  });

  it('refuses a size or a box outside what Synthetic scene declares, naming the input, and stores nothing', async () => {
    const [workflow] = await app.ctx.db.select().from(workflows).where(eq(workflows.identifier, DEMO_WORKFLOW.identifier));
    const box = { west: '4.3', south: '51.15', east: '4.5', north: '51.3', size: '256' };
    const refused = async (values: Partial<typeof box>) => {
      const items = Object.entries({ ...box, ...values }).map(([identifier, value]) => ({ identifier, value }));
      const response = await app.server.inject({
        method: 'POST',
        url: '/builder/v1/executions',
        headers: app.adminHeader,
        payload: { processor_id: String(workflow!.id), inputs: [{ node_id: 'scene', items }] },
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: { detail: string; source: { pointer: string } }[] }>().errors.map((error) => [error.source.pointer, error.detail]);
    };
    const before = (await app.ctx.db.select().from(executions)).length;
    expect(await refused({ size: '10' })).toEqual([['/data/attributes/inputs/scene/size', 'Size (pixels) must be at least 16.']]);
    expect(await refused({ size: '99999999' })).toEqual([['/data/attributes/inputs/scene/size', 'Size (pixels) must be at most 2048.']]);
    expect(await refused({ west: '4.6' })).toEqual([['/data/attributes/inputs/scene/west', 'West must be less than East.']]);
    expect(await refused({ south: '51.3', north: '51.3' })).toEqual([['/data/attributes/inputs/scene/south', 'South must be less than North.']]);
    expect((await app.ctx.db.select().from(executions)).length).toBe(before);
  });
});

describe('demo seed is skipped', () => {
  it('with ASB_DEMO=false', async () => {
    const { app, dataDir, storage } = await demoApp();
    try {
      expect(await seedDemo(app.ctx, storage)).toBe(false);
      expect(await app.ctx.db.select().from(workspaces)).toEqual([]);
      expect(await app.ctx.db.select().from(processes)).toEqual([]);
      expect(await app.ctx.db.select().from(workflows)).toEqual([]);
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when the database already holds a process or a workflow, and seeds once when two servers start together', async () => {
    const { app, dataDir, storage } = await demoApp();
    const messages: { level: string; text: string }[] = [];
    const record =
      (level: string) =>
      (...args: unknown[]) =>
        void messages.push({ level, text: String(args.at(-1)) });
    const log = Object.assign(Object.create(app.ctx.log) as AppContext['log'], { info: record('info'), warn: record('warn') });
    const on: AppContext = { ...demoOn(app), log };
    try {
      const [process] = await app.ctx.db.insert(processes).values({ identifier: 'mine', slug: 'mine', label: 'Mine', ownerId: 'admin' }).returning();
      expect(await seedDemo(on, storage)).toBe(false);
      await app.ctx.db.delete(processes).where(eq(processes.id, process!.id));
      await app.ctx.db.insert(workflows).values({ identifier: 'mine', slug: 'mine', label: 'Mine', ownerId: 'admin' });
      expect(await seedDemo(on, storage)).toBe(false);
      expect(await app.ctx.db.select().from(workspaces)).toEqual([]);
      await app.ctx.db.delete(workflows);

      const results = await Promise.all([seedDemo(on, storage), seedDemo(on, storage)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      // the other one found the demo there, or lost the race on the workspace's identifier: never a failure
      expect(messages.filter((message) => message.level === 'warn')).toEqual([]);
      expect(messages.filter((message) => message.text.startsWith('Seeded the demo'))).toHaveLength(1);
      expect(await app.ctx.db.select().from(workspaces)).toHaveLength(1);
      expect(await app.ctx.db.select().from(processVersions)).toHaveLength(SLUGS.length);
      expect(await app.ctx.db.select().from(workflows)).toHaveLength(2);
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** The first interpreter with numpy and rasterio (Debian: python3-numpy python3-rasterio). */
async function pythonWithRasterio(): Promise<string> {
  const candidates = [process.env.ASB_PYTHON, 'python3', '/usr/bin/python3'].filter((value): value is string => Boolean(value));
  for (const candidate of candidates) {
    const works = await promisify(execFile)(candidate, ['-c', 'import numpy, rasterio']).then(
      () => true,
      () => false,
    );
    if (works) return candidate;
  }
  throw new Error(`No python with numpy and rasterio among ${candidates.join(', ')}: apt-get install python3-numpy python3-rasterio`);
}

/** Each wrapper run for real by the runner, outputs chained by hand as the engine chains them. */
describe('demo processes run', () => {
  let dir = '';
  let python = '';

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-demo-run-'));
    python = await pythonWithRasterio();
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** runs slug's wrapper from a restored copy of its files, in its own working folder; the outputs and the task log */
  const run = async (slug: string, inputs: Record<string, unknown>): Promise<{ outputs: Record<string, unknown>; outDir: string; log: string }> => {
    const work = path.join(dir, slug);
    const versionDir = path.join(work, 'process');
    const outDir = path.join(work, 'out');
    const objects = path.join(work, 'objects');
    await restoreSnapshot(await snapshotFolder(demoProcessDir(slug), objects), objects, versionDir);
    await fs.writeFile(path.join(work, 'inputs.json'), JSON.stringify(inputs));
    const result = await runPythonScript(
      'asb_runner.py',
      ['--inputs', path.join(work, 'inputs.json'), '--outputs', path.join(work, 'outputs.json'), '--out-dir', outDir, '--wrapper-dir', versionDir],
      { python, cwd: versionDir, timeoutMs: 60_000 },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    return { outputs: JSON.parse(await fs.readFile(path.join(work, 'outputs.json'), 'utf8')) as Record<string, unknown>, outDir, log: result.stderr };
  };
  const isGeoTiff = async (file: string) => {
    const head = (await fs.readFile(file)).subarray(0, 4);
    return head.equals(Buffer.from('II*\0', 'binary')) || head.equals(Buffer.from('MM\0*', 'binary'));
  };

  // four python processes with numpy and rasterio, one after another: a limit for a stuck one on a busy machine
  it('synthetic scene → NDVI → threshold → summary', { timeout: 120_000 }, async () => {
    // values as the execute form sends them: strings
    const scene = await run('synthetic-scene', { west: '4.30', south: '51.15', east: '4.50', north: '51.30', size: '128' });
    expect(scene.outputs).toEqual({ scene: 'scene.tif' });
    expect(scene.log).toContain('Wrote scene.tif');
    const scenePath = path.join(scene.outDir, 'scene.tif');
    expect(await isGeoTiff(scenePath)).toBe(true);

    const ndvi = await run('ndvi', { scene: scenePath });
    expect(ndvi.outputs.ndvi).toBe('ndvi.tif');
    expect(await isGeoTiff(path.join(ndvi.outDir, 'ndvi.tif'))).toBe(true);
    const meanNdvi = ndvi.outputs.mean_ndvi as number;
    expect(meanNdvi).toBeGreaterThanOrEqual(-1);
    expect(meanNdvi).toBeLessThanOrEqual(1);
    expect(ndvi.log).toContain('NDVI of');

    const threshold = await run('threshold', { ndvi: path.join(ndvi.outDir, 'ndvi.tif'), threshold: '0.3' });
    expect(threshold.outputs.mask).toBe('mask.tif');
    expect(await isGeoTiff(path.join(threshold.outDir, 'mask.tif'))).toBe(true);
    const share = threshold.outputs.vegetation_share as number;
    // a landscape, not a forest nor a desert
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.9);

    const summary = await run('summary', { mask: path.join(threshold.outDir, 'mask.tif'), mean_ndvi: meanNdvi, vegetation_share: share });
    expect(summary.outputs.report).toBe('summary.json');
    const text = summary.outputs.text as string;
    const [, percent, mean] = /^Vegetation covers (\d+\.\d) % of the scene \(mean NDVI (-?\d\.\d\d)\)\.$/.exec(text) ?? [];
    expect(Math.abs(Number(percent) - share * 100), text).toBeLessThanOrEqual(0.051);
    expect(Math.abs(Number(mean) - meanNdvi), text).toBeLessThanOrEqual(0.0051);
    const report = JSON.parse(await fs.readFile(path.join(summary.outDir, 'summary.json'), 'utf8')) as {
      text: string;
      pixels: { vegetation: number; other: number };
      crs: string;
    };
    expect(report).toMatchObject({ text, crs: 'EPSG:4326', vegetation_share: share, mean_ndvi: meanNdvi });
    expect(report.pixels.vegetation + report.pixels.other).toBeGreaterThan(0);
  });

  it('refuses a box whose west is east of its east', async () => {
    const work = path.join(dir, 'bad');
    await fs.mkdir(work, { recursive: true });
    await fs.writeFile(path.join(work, 'inputs.json'), JSON.stringify({ west: 5, east: 4 }));
    const result = await runPythonScript(
      'asb_runner.py',
      ['--inputs', path.join(work, 'inputs.json'), '--out-dir', path.join(work, 'out'), '--wrapper-dir', demoProcessDir('synthetic-scene')],
      {
        python,
        cwd: work,
      },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toContain('west (5.0) must be less than east (4.0)');
  });

  it('declares the signature the workflow graphs expect', () => {
    const graph: WorkflowGraph = demoWorkflowGraph();
    expect(graph.nodes.map((node) => node.processVersion)).toEqual(['synthetic-scene', 'ndvi', 'threshold', 'summary'].map((slug) => `${slug}:1`));
    const products: WorkflowGraph = demoProductWorkflowGraph();
    expect(products.nodes.map((node) => node.processVersion)).toEqual(['product-ndvi', 'threshold', 'summary'].map((slug) => `${slug}:1`));
  });
});
