import type { AdminAuditEntry, AdminModel, EngineSnapshot } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executions } from '../src/db-schema.js';
import { engineSeeds, taskRows, waitForStatus, waitForTask } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SLEEPER = `
INPUTS = []
OUTPUTS = []

def execute(out_dir, **inputs):
    import time
    time.sleep(60)
    return {}
`;

/**
 * The embedded admin (spec 2 "Database & Airflow"; docs/admin.md): staff only; generated from the
 * resource definitions (every user's rows, the type's validation, delete), every change in the
 * audit log; secrets left out; the spec's paths land on the portal's tabs; the engine's state, with
 * an attempt requeued and then stopped.
 */
describe('embedded admin', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let walt: Headers;
  let olga: Headers;
  let processId = '';

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    api = knowledgeApi(app);
    walt = await app.userWithHeader('walt', { is_staff: true });
    olga = await app.userWithHeader('olga');
    processId = await api.processId({ label: 'Olga private process' }, olga);
  });
  afterAll(async () => {
    await app.close();
  });

  it('is for staff only', async () => {
    for (const url of ['/admin/v1/models', '/admin/v1/resources/processes', '/admin/v1/audit', '/admin/v1/engine']) {
      expect((await app.server.inject({ url })).statusCode).toBe(401);
      expect((await app.server.inject({ url, headers: olga })).statusCode).toBe(403);
    }
    const patch = await app.server.inject({ method: 'PATCH', url: `/admin/v1/resources/processes/${processId}`, headers: olga, payload: {} });
    expect(patch.statusCode).toBe(403);
  });

  it('lists every resource type by service, secrets left out, and every user’s rows', async () => {
    const models = (await api.send('GET', '/admin/v1/models', walt)).json<{ data: AdminModel[] }>().data;
    const byService = (service: string) => models.filter((model) => model.service === service).map((model) => model.type);
    expect(byService('knowledge')).toEqual(expect.arrayContaining(['processes', 'workflows', 'workspaces', 'dashboards', 'collections']));
    expect(byService('builder')).toEqual(expect.arrayContaining(['executions', 'schedules']));
    expect(byService('taskmgr')).toEqual(expect.arrayContaining(['tasks']));
    expect(models.map((model) => model.type)).not.toContain('secrets');
    expect((await api.send('GET', '/admin/v1/resources/secrets', walt)).statusCode).toBe(404);

    // olga's private process: not in walt's own list, in the admin's, found by its search
    expect((await api.list('/knowledge/v1/processes?page[size]=100', walt)).data.map((row) => row.id)).not.toContain(processId);
    const listed = await api.send('GET', '/admin/v1/resources/processes?filter[search]=Olga%20private', walt);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { id: string }[] }>().data.map((row) => row.id)).toEqual([processId]);
  });

  it('lists the executions of every kind with their kind, not only the workflow executions /monitoring lists (issue 34 §3)', async () => {
    // what the application and model routes record (application-executions.ts, model-executions.ts), ended
    const recorded = (kind: 'application' | 'model', identifier: string) => ({
      kind,
      identifier,
      label: `Olga's ${kind}`,
      ownerId: 'olga',
      processorVersion: 0,
      status: 'success',
      progress: 1,
      workflowExecutionOrder: { tasks: [], workflow: { identifier, version: 0, 'dag-type': 'standard' as const } },
    });
    await app.ctx.db.insert(executions).values([recorded('application', 'olga-app-run'), recorded('model', 'olga-model-run')]);
    type Row = { attributes: { identifier: string; kind: string } };
    const kinds = (rows: Row[]) =>
      Object.fromEntries(rows.filter((row) => row.attributes.identifier.startsWith('olga-')).map((row) => [row.attributes.identifier, row.attributes.kind]));

    const listed = await api.send('GET', '/admin/v1/resources/executions?page[size]=100', walt);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(kinds(listed.json<{ data: Row[] }>().data)).toEqual({ 'olga-app-run': 'application', 'olga-model-run': 'model' });
    // the owner's /monitoring list still shows workflow executions only
    const own = await api.send('GET', '/builder/v1/executions?page[size]=100', olga);
    expect(kinds(own.json<{ data: Row[] }>().data)).toEqual({});
  });

  it('changes with the type’s own validation and deletes, each written to the audit log', async () => {
    const refused = await api.send('PATCH', `/admin/v1/resources/processes/${processId}`, walt, {
      data: { type: 'processes', id: processId, attributes: { label: '' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { source: { pointer: string } }[] }>().errors[0]!.source.pointer).toBe('/data/attributes/label');

    const changed = await api.send('PATCH', `/admin/v1/resources/processes/${processId}`, walt, {
      data: { type: 'processes', id: processId, attributes: { description: 'Checked by staff' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const process = await api.send('GET', `/knowledge/v1/processes/${processId}`, olga);
    expect(process.json<{ data: { attributes: { description: string } } }>().data.attributes.description).toBe('Checked by staff');

    expect((await api.send('DELETE', `/admin/v1/resources/processes/${processId}`, walt)).statusCode).toBe(204);
    expect((await api.send('GET', `/knowledge/v1/processes/${processId}`, olga)).statusCode).toBe(404);

    const log = (await api.send('GET', '/admin/v1/audit?filter[service]=knowledge', walt)).json<{ data: AdminAuditEntry[] }>().data;
    expect(log.slice(0, 2)).toMatchObject([
      { actor: 'walt', action: 'delete', type: 'processes', resourceId: processId },
      { actor: 'walt', action: 'update', type: 'processes', resourceId: processId, changes: { attributes: { description: 'Checked by staff' } } },
    ]);
    // a refused change is no change: not in the log
    expect(log.filter((entry) => entry.resourceId === processId)).toHaveLength(2);
  });

  it('sends the spec’s admin paths to the portal’s tabs, the advanced administration link on its user', async () => {
    const builder = await app.server.inject({ url: '/builder/admin' });
    expect(builder.statusCode).toBe(302);
    expect(builder.headers.location).toBe('/asb/admin/database?tab=builder');
    const user = await app.server.inject({ url: '/usermgr/admin/auth/user/?q=olga' });
    expect(user.headers.location).toBe('/asb/admin/database?tab=usermgr&q=olga');
    expect((await app.server.inject({ url: '/wengine/admin' })).headers.location).toBe('/asb/admin/database?tab=wengine');
  });

  it('shows the engine’s slots, queue and attempts; requeues a running attempt and then stops it', async () => {
    const seeds = engineSeeds(app);
    await seeds.runnable('sleeper', SLEEPER, { inputs: [], outputs: [] });
    const workflow = await seeds.workflow('sleeper-flow', [seeds.graph([{ id: 'nap', version: 'sleeper:1' }], [])]);
    const execution = await seeds.run(workflow, []);
    const running = await waitForTask(app, execution, 'nap', ['running'], 60_000);
    const snapshot = (await api.send('GET', '/admin/v1/engine', walt)).json<{ data: EngineSnapshot }>().data;
    expect(snapshot.executor).toMatchObject({ name: 'local', slots: 2 });
    expect(snapshot.queue.activeExecutions).toBeGreaterThanOrEqual(1);
    const attempt = snapshot.running.find((candidate) => candidate.taskRowId === String(running.id));
    expect(attempt).toMatchObject({ taskId: 'nap', state: 'running', tryNumber: 1 });
    expect(snapshot.workers.map((worker) => worker.label)).toContain(attempt!.worker);

    // requeued: the attempt ends and the task runs again, its try not counted against it
    const requeued = await api.send('POST', `/admin/v1/engine/tasks/${running.id}/requeue`, walt);
    expect(requeued.statusCode, requeued.body).toBe(200);
    await expect.poll(async () => (await taskRows(app, execution))[0]!, { timeout: 60_000 }).toMatchObject({ state: 'running', tryNumber: 2 });

    // stopped: the task fails, the execution with it
    const stopped = await api.send('POST', `/admin/v1/engine/tasks/${running.id}/stop`, walt);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await waitForStatus(app, execution, ['failed'], 60_000)).toMatchObject({ status: 'failed' });
    expect((await taskRows(app, execution))[0]).toMatchObject({ state: 'failed', error: 'Stopped by walt (admin).' });
    expect((await api.send('POST', `/admin/v1/engine/tasks/${running.id}/stop`, walt)).statusCode).toBe(409);
    const snapshotAfter = (await api.send('GET', '/admin/v1/engine', walt)).json<{ data: EngineSnapshot }>().data;
    expect(snapshotAfter.failed.map((failed) => failed.taskRowId)).toContain(String(running.id));
    const log = (await api.send('GET', '/admin/v1/audit?filter[service]=wengine', walt)).json<{ data: AdminAuditEntry[] }>().data;
    expect(log.map((entry) => entry.action)).toEqual(['stop-attempt', 'requeue-task']);
  });

  it('on a server without the engine, shows what the database holds and leaves stop and requeue to the engine’s server', async () => {
    const replica = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    try {
      const staff = await replica.userWithHeader('sam', { is_staff: true });
      const snapshot = await replica.server.inject({ url: '/admin/v1/engine', headers: staff });
      expect(snapshot.statusCode).toBe(200);
      expect(snapshot.json<{ data: EngineSnapshot }>().data.executor).toEqual({ name: 'elsewhere (ASB_ENGINE=false)', slots: null, freeSlots: null });
      const stop = await replica.server.inject({ method: 'POST', url: '/admin/v1/engine/tasks/1/stop', headers: staff });
      expect(stop.statusCode).toBe(409);
      expect(stop.json<{ detail: string }>().detail).toContain('ASB_ENGINE=false');
    } finally {
      await replica.close();
    }
  });
});
