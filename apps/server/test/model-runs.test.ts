import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeApi } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface RunAnswer {
  run: {
    info: { run_id: string; experiment_id: string; run_name?: string };
    data: { metrics: { key: string; value: number }[]; params: { key: string; value: string }[] };
  };
}

/**
 * A model's training run (spec 3 §7 "Describe model run": run.data.metrics and run.data.params;
 * docs/models.md "Training runs"): from the portal's run store in MLflow's shape, readable as the
 * run says; or from a real MLflow tracking server when MLFLOW_TRACKING_URI is set.
 */
describe('GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}', () => {
  let app: TestApp;
  let tracked: TestApp | undefined;
  let mlflow: http.Server;
  let privateRun = '';
  const url = (ws: string, exp: string, run: string) => `/backend/v1/workspaces/${ws}/experiments/${exp}/runs/${run}`;

  beforeAll(async () => {
    app = await createTestApp();
    const owner = (await app.ctx.users.findByUsername('admin'))!;
    privateRun = await app.ctx.modelRuns.record({
      workspace: 'lab',
      experimentId: 'floods',
      name: 'flood-v3',
      ownerId: owner.id,
      isPublic: false,
      startTime: new Date('2026-01-01T10:00:00Z'),
      endTime: new Date('2026-01-01T10:05:00Z'),
      params: { epochs: '40', optimizer: 'adam' },
      metrics: { iou: 0.71, loss: 0.18 },
    });
    // an MLflow tracking server's runs/get, as MLflow answers it
    mlflow = http.createServer((request, response) => {
      const asked = new URL(request.url ?? '', 'http://x');
      if (asked.pathname !== '/api/2.0/mlflow/runs/get') return response.writeHead(404).end();
      if (asked.searchParams.get('run_id') !== 'abc123')
        return response.writeHead(404, { 'content-type': 'application/json' }).end('{"error_code":"RESOURCE_DOES_NOT_EXIST","message":"Run not found"}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          run: {
            info: { run_id: 'abc123', run_uuid: 'abc123', experiment_id: '7', status: 'FINISHED', start_time: 1, lifecycle_stage: 'active' },
            data: { metrics: [{ key: 'rmse', value: 0.5, timestamp: 2, step: 0 }], params: [{ key: 'alpha', value: '0.1' }], tags: [] },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => mlflow.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await app.close();
    await tracked?.close();
    await new Promise((resolve) => mlflow.close(resolve));
  });

  it("answers the run's params and metrics in MLflow's shape to its owner", async () => {
    const response = await app.server.inject({ url: url('lab', 'floods', privateRun), headers: app.adminHeader });
    expect(response.statusCode, response.body).toBe(200);
    const { info, data } = response.json<RunAnswer>().run;
    expect(info).toMatchObject({ run_id: privateRun, experiment_id: 'floods', run_name: 'flood-v3' });
    expect(data.params).toEqual([
      { key: 'epochs', value: '40' },
      { key: 'optimizer', value: 'adam' },
    ]);
    expect(data.metrics.map(({ key, value }) => [key, value])).toEqual([
      ['iou', 0.71],
      ['loss', 0.18],
    ]);
  });

  it("keeps a private run from strangers (404) and signed-out callers (401), and lets the workspace's members read it", async () => {
    expect((await app.server.inject({ url: url('lab', 'floods', privateRun) })).statusCode).toBe(401);
    const stranger = await app.userWithHeader('stranger');
    expect((await app.server.inject({ url: url('lab', 'floods', privateRun), headers: stranger })).statusCode).toBe(404);
    // the run is named by its workspace and experiment too
    expect((await app.server.inject({ url: url('lab', 'other', privateRun), headers: app.adminHeader })).statusCode).toBe(404);
    const api = knowledgeApi(app);
    const lab = await api.workspace('lab');
    const member = await api.member('member', { [lab]: 'developer' });
    expect((await app.server.inject({ url: url('lab', 'floods', privateRun), headers: member })).statusCode).toBe(200);
  });

  it('reads a real MLflow tracking server instead when MLFLOW_TRACKING_URI is set, through the outbound guard, for those who may read a model naming the run', async () => {
    const base = `http://127.0.0.1:${(mlflow.address() as AddressInfo).port}`;
    tracked = await createTestApp({ mlflowTrackingUri: base, outboundAllow: ['127.0.0.1/32'] });
    const dora = await tracked.userWithHeader('dora');
    // no model names the run: not for dora (MLflow's own permissions are not the portal's)
    expect((await tracked.server.inject({ url: url('any', '7', 'abc123'), headers: dora })).statusCode).toBe(404);
    const admin = (await tracked.ctx.users.findByUsername('admin'))!;
    await tracked.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'lab:models', title: 'Models', description: 'Models', links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    await tracked.ctx.catalogue.upsertItems('lab:models', [
      {
        type: 'Feature',
        stac_version: '1.0.0',
        id: 'affine',
        geometry: null,
        properties: { datetime: '2026-01-01T00:00:00Z', type: 'model', 'asb:run': { workspace: 'any', experiment_id: '7', run_id: 'abc123' } },
        assets: {},
        links: [],
      } as never,
    ]);
    const found = await tracked.server.inject({ url: url('any', '7', 'abc123'), headers: dora });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<RunAnswer>().run.data).toMatchObject({ metrics: [{ key: 'rmse', value: 0.5 }], params: [{ key: 'alpha', value: '0.1' }] });
    // staff read any run: MLflow's RESOURCE_DOES_NOT_EXIST and another experiment's run are 404s
    expect((await tracked.server.inject({ url: url('any', '7', 'nope'), headers: tracked.adminHeader })).statusCode).toBe(404);
    expect((await tracked.server.inject({ url: url('any', '8', 'abc123'), headers: tracked.adminHeader })).statusCode).toBe(404);
  });
});
