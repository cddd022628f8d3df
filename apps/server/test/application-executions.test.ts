import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_THEME_FEATURES, productInputUrl, type ExecutionTaskAttributes, type ExecutionUpdate } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executions, workspaces } from '../src/db-schema.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from '../src/modules/demo/demo-scenes.js';
import { demoApplicationsCollection } from '../src/modules/demo/demo-application.js';
import { applicationsApi } from './helpers/applications.js';
import { taskLog, waitForStatus, waitForTask } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** the demo's application, seeded at the first start (public, shared with the demo workspace) */
const COLLECTION = demoApplicationsCollection('admin');
/** uma's own collection, with a tool that fails */
const OWN = 'uma:water';
const LICENSE = 'https://spdx.org/licenses/CC-BY-4.0';
const FAILING_CWL = `cwlVersion: v1.2
class: CommandLineTool
id: failing-tool
baseCommand: [python3, -c, "import sys; print('no water in the desert', file=sys.stderr); sys.exit(2)"]
inputs: []
outputs: []
`;

const SLEEPING_CWL = `cwlVersion: v1.2
class: CommandLineTool
id: sleeping-tool
baseCommand: [sleep, "600"]
inputs: []
outputs: []
`;

const LIST_CWL = `cwlVersion: v1.2
class: CommandLineTool
id: list-tool
baseCommand: [ls]
inputs:
  files:
    type: File[]
    inputBinding: {}
outputs: []
`;

type TaskDocument = { data: { id: string; type: string; attributes: ExecutionTaskAttributes } };

/**
 * Running applications on the Default (local) target (docs/applications.md "Running
 * applications"): the execute route's checks (inputs, target, terms), the run of the demo
 * water-bodies application with real cwltool in the sandbox on a demo scene staged from the
 * catalogue, its outputs in the datastore and its ades-task, a failing CWL's errorLog.
 */
describe('application executions', () => {
  let app: TestApp;
  let dataDir = '';
  let uma: Headers;
  const updates: ExecutionUpdate[] = [];
  const scene = productInputUrl(DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE);
  const execute = (headers: Headers, body: object, collection = COLLECTION) =>
    app.server.inject({ method: 'POST', url: `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/execute`, headers, payload: body });
  const terms = (headers: Headers, action: '' | 'accept/' | 'revoke/', id = LICENSE) =>
    action === ''
      ? app.server.inject({ method: 'GET', url: '/usermgr/v1/terms-and-conditions/', headers })
      : app.server.inject({ method: 'POST', url: `/usermgr/v1/terms-and-conditions/${action}`, headers, payload: { terms_and_conditions_id: id } });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-application-executions-'));
    // the demo scenes are seeded (a first start); a '-tcs' theme feature switches the terms on
    app = await createTestApp({
      demo: true,
      dataDir,
      engine: { localCpus: 2, sweepIntervalMs: 200 },
      themeFeatures: [...ALL_THEME_FEATURES, 'applications-tcs'],
    });
    app.ctx.bus.subscribe((event) => {
      if (event.type === 'executionUpdate') updates.push(event.payload as unknown as ExecutionUpdate);
    });
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    uma = await knowledgeApi(app).member('uma', { [String(workspace!.id)]: 'user' });
    // uma's own collection holds a failing tool, uploaded as any user does
    const applications = applicationsApi(app, uma);
    const collection = await applications.createCollection('Water');
    expect(collection.statusCode, collection.body).toBe(201);
    for (const cwl of [FAILING_CWL, SLEEPING_CWL, LIST_CWL]) {
      const uploaded = await applications.upload(OWN, cwl);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses unknown applications (404), missing or mistyped inputs and unknown targets (400 naming them)', async () => {
    await terms(uma, 'accept/');
    const cases: [object, number, string][] = [
      [{ cwl_identifier: 'nothing-here', inputs: [] }, 404, 'No application nothing-here in the collection admin:demo-applications.'],
      [{ cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'threshold', value: '0.1' }] }, 400, 'Input Demo scene (item) is required.'],
      [
        {
          cwl_identifier: 'water-bodies-demo',
          inputs: [
            { identifier: 'item', value: scene },
            { identifier: 'threshold', value: 'high' },
          ],
        },
        400,
        'Input NDWI threshold (threshold) must be a number (float).',
      ],
      [
        { cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'item', value: 'a scene' }] },
        400,
        'Input Demo scene (item) must be the URL of a folder or a product of the catalogue (Directory).',
      ],
      [
        {
          cwl_identifier: 'water-bodies-demo',
          inputs: [
            { identifier: 'item', value: scene },
            { identifier: 'colour', value: 'blue' },
          ],
        },
        400,
        'The application has no input colour.',
      ],
      [
        { cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'item', value: scene }], ades_id: 'elsewhere' },
        400,
        'Unknown target platform elsewhere.',
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await execute(uma, body);
      expect({ status: response.statusCode, detail: response.json<{ detail: string }>().detail }).toEqual({ status, detail });
    }
    await terms(uma, 'revoke/');
  });

  it('refuses a product of the catalogue inside a list (400: cwltool would read it as a local file)', async () => {
    const refused = await execute(uma, { cwl_identifier: 'list-tool', inputs: [{ identifier: 'files', value: [scene] }] }, OWN);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Input files may not name a product of the catalogue inside a list/);
  });

  it('gives an ADES target the product link as an absolute URL of this portal', async () => {
    await terms(uma, 'accept/');
    const find = app.ctx.ades.find.bind(app.ctx.ades);
    // a registered ADES (not reachable: only the recorded job order matters here)
    const spy = vi
      .spyOn(app.ctx.ades, 'find')
      .mockImplementation(async (identifier) => (identifier === 'remote' ? { identifier, url: 'http://192.0.2.1/ogc/' } : find(identifier)));
    try {
      const created = await execute(uma, { cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'item', value: scene }], ades_id: 'remote' });
      expect(created.statusCode, created.body).toBe(201);
      const [row] = await app.ctx.db
        .select()
        .from(executions)
        .where(eq(executions.id, Number(created.json<TaskDocument>().data.id)));
      const base = app.ctx.config.publicUrl ?? `http://localhost:${app.ctx.config.port}`;
      expect(row!.application!.jobOrder.item).toBe(new URL(scene, base).toString());
      expect(row!.application!.jobOrder.item).toMatch(/^https?:\/\//);
      await waitForStatus(app, created.json<TaskDocument>().data.id, ['success', 'failed'], 300_000);
    } finally {
      spy.mockRestore();
      await terms(uma, 'revoke/');
    }
  });

  it('refuses an application whose licence the caller has not accepted (403); accept and revoke per licence URL; staff read and revoke a user’s', async () => {
    const body = { cwl_identifier: 'water-bodies-demo', inputs: [{ identifier: 'item', value: scene }] };
    const refused = await execute(uma, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(
      `Accept the terms and conditions of ${LICENSE} before executing Water bodies (demo) (POST /usermgr/v1/terms-and-conditions/accept/).`,
    );
    const accepted = await terms(uma, 'accept/');
    expect(accepted.json()).toEqual({ data: [{ terms_and_conditions_id: LICENSE, accepted_at: expect.any(String) as string }] });
    expect((await terms(uma, '')).json()).toEqual(accepted.json());
    const staffView = await app.server.inject({ method: 'GET', url: '/usermgr/v1/users/uma/terms-and-conditions/', headers: app.adminHeader });
    expect(staffView.json()).toEqual(accepted.json());
    expect((await app.server.inject({ method: 'GET', url: '/usermgr/v1/users/admin/terms-and-conditions/', headers: uma })).statusCode).toBe(403);
    const revoked = await app.server.inject({
      method: 'POST',
      url: '/usermgr/v1/users/uma/terms-and-conditions/revoke/',
      headers: app.adminHeader,
      payload: { terms_and_conditions_id: LICENSE },
    });
    expect(revoked.json()).toEqual({ data: [] });
    expect((await execute(uma, body)).statusCode).toBe(403);
    // '*' accepts every licence
    await terms(uma, 'accept/', '*');
    const running = await execute(uma, { ...body, inputs: [...body.inputs, { identifier: 'threshold', value: 0.2 }] });
    expect(running.statusCode).toBe(201);
    await waitForStatus(app, running.json<TaskDocument>().data.id, ['success', 'failed'], 300_000);
    await terms(uma, 'revoke/', '*');
  });

  it('runs the seeded demo water-bodies application on a demo scene with cwltool: outputs stored, its ades-task, the report’s execution and files', async () => {
    await terms(uma, 'accept/');
    const created = await execute(uma, {
      cwl_identifier: 'water-bodies-demo',
      inputs: [
        { identifier: 'item', value: scene },
        { identifier: 'threshold', value: '0.05' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json<TaskDocument>().data;
    expect(task).toMatchObject({
      type: 'ades-tasks',
      attributes: {
        workflowIdentifier: 'water-bodies-demo',
        processIdentifier: COLLECTION,
        processVersion: '1.0.0',
        target: 'local',
        workerSelectors: { label: 'Default' },
        // the answer reads the task after it was queued: the local executor may have begun it
        status: expect.stringMatching(/^(pending|running)$/) as string,
        inputs: [
          { identifier: 'item', value: scene },
          { identifier: 'threshold', value: 0.05 },
        ],
      },
    });
    const row = await waitForStatus(app, task.id, ['success', 'failed'], 300_000);
    const log = await taskLog(app, task.id, 'application', undefined, uma);
    expect(row.status, log.body).toBe('success');
    expect(log.body).toContain(`Staging input item: product ${DEMO_COLLECTION_ID}/${DEMO_DEFAULT_SCENE} of the catalogue`);
    expect(log.body).toContain('Final process status is success');

    const listed = await app.server.inject({ method: 'GET', url: '/taskmgr/v1/ades-tasks?filter[ownerId]=uma&page[size]=50', headers: uma });
    const mine = listed.json<{ data: TaskDocument['data'][] }>().data.find((entry) => entry.id === task.id)!;
    expect(mine.attributes).toMatchObject({ status: 'success', progress: 1, errorLog: null, completionTime: expect.any(String) as string });
    const results = mine.attributes.executionResults!;
    expect(results.S3OutputsPath).toBe(`Local datastore: uma/executions/${row.identifier}/`);
    const byId = Object.fromEntries(results.data.map((output) => [output.id, output.value as string]));
    expect(byId).toEqual({
      water_mask: `/builder/v1/executions/${task.id}/files/application/water_mask.tif`,
      preview: `/builder/v1/executions/${task.id}/files/application/water_mask.png`,
      stac_catalog: `/builder/v1/executions/${task.id}/files/application/catalog/catalog.json`,
    });
    const png = await app.server.inject({ method: 'GET', url: byId.preview!, headers: uma });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const catalog = await app.server.inject({ method: 'GET', url: byId.stac_catalog!, headers: uma });
    expect(catalog.json<{ type: string }>().type).toBe('Catalog');

    // the report reads it as an execution; the workflow executions list does not show it
    const report = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${task.id}`, headers: uma });
    expect(report.json<{ data: { attributes: { processorIdentifier: string; status: string } } }>().data.attributes).toMatchObject({
      processorIdentifier: 'water-bodies-demo',
      status: 'success',
    });
    const pdf = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${task.id}/pdf`, headers: uma });
    expect(pdf.statusCode).toBe(200);
    const workflowList = await app.server.inject({ method: 'GET', url: '/builder/v1/executions?page[size]=100', headers: uma });
    expect(workflowList.json<{ data: { id: string }[] }>().data.map((entry) => entry.id)).not.toContain(task.id);
    expect((await app.server.inject({ method: 'GET', url: `/taskmgr/v1/ades-tasks/${task.id}`, headers: app.adminHeader })).statusCode).toBe(200);
    // live messages of it name the application
    expect(updates.filter((update) => update.id === task.id).every((update) => update.application_id === 'water-bodies-demo')).toBe(true);
    expect(updates.some((update) => update.id === task.id && update.status === 'success')).toBe(true);
  });

  it('a failing CWL gives cwltool’s last lines as its errorLog, with line breaks', async () => {
    const created = await execute(uma, { cwl_identifier: 'failing-tool', inputs: [] }, OWN);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<TaskDocument>().data.id;
    await waitForStatus(app, id, ['success', 'failed'], 300_000);
    const task = await app.server.inject({ method: 'GET', url: `/taskmgr/v1/ades-tasks/${id}`, headers: uma });
    const { errorLog, status } = task.json<TaskDocument>().data.attributes;
    expect(status).toBe('failed');
    expect(errorLog).toMatch(/^cwltool failed \(exit 1\):\n/);
    expect(errorLog).toContain('no water in the desert');
    expect(errorLog).not.toContain(dataDir);
  });

  it('stops a running cwltool through the execution’s stop', async () => {
    const created = await execute(uma, { cwl_identifier: 'sleeping-tool', inputs: [] }, OWN);
    const id = created.json<TaskDocument>().data.id;
    await waitForTask(app, id, 'application', ['running'], 300_000);
    const stopped = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/stop`, headers: uma });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const row = await waitForStatus(app, id, ['stopped'], 300_000);
    expect(row.status).toBe('stopped');
    const task = await app.server.inject({ method: 'GET', url: `/taskmgr/v1/ades-tasks/${id}`, headers: uma });
    expect(task.json<TaskDocument>().data.attributes.status).toBe('stopped');
  });

  it('serves no workflow execution as an ades-task (404) and refuses writes (405)', async () => {
    const other = await app.server.inject({ method: 'GET', url: '/taskmgr/v1/ades-tasks/999999', headers: app.adminHeader });
    expect(other.statusCode).toBe(404);
    const post = await app.server.inject({
      method: 'POST',
      url: '/taskmgr/v1/ades-tasks',
      headers: app.adminHeader,
      payload: { data: { type: 'ades-tasks', attributes: {} } },
    });
    expect(post.statusCode).toBe(405);
  });
});
