import type { TaskAttributes } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderApi, type ErrorBody } from './helpers/builder.js';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { DOUBLE_SIGNATURE, DOUBLE_WRAPPER } from './helpers/wrappers.js';

type TaskObject = JsonApiObject<TaskAttributes>;

const EMIT = `
INPUTS = [{"name": "start", "data_type": "integer", "default": 2}]
OUTPUTS = [{"name": "number", "data_type": "integer"}]

def execute(out_dir, **inputs):
    if int(inputs["start"]) < 0:
        raise ValueError("negative start")
    return {"number": int(inputs["start"])}
`;
const NAP = `
import time
INPUTS = [{"name": "value", "data_type": "integer", "default": 1}]
OUTPUTS = [{"name": "number", "data_type": "integer"}]

def execute(out_dir, **inputs):
    time.sleep(60)
    return {"number": 1}
`;

/**
 * taskmgr/v1 (spec 3 "Jobs"): the task instances of real executions, listed as tasks and
 * as jobs with the execution's visibility. olga (developer of lab) runs a workflow twice,
 * once successfully and once failing; uma (user of lab) sees the shared one; nils nothing.
 */
describe('taskmgr: tasks and jobs of executions', () => {
  let app: TestApp;
  let lab = '';
  let succeeded = '';
  let failed = '';
  let seeds: ReturnType<typeof engineSeeds>;
  const users = {} as Record<'olga' | 'uma' | 'nils', Headers>;

  const get = (url: string, headers: Headers = users.olga) => app.server.inject({ method: 'GET', url, headers });
  async function list(url: string, headers: Headers = users.olga): Promise<{ data: TaskObject[]; meta: { pagination: { count: number } } }> {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const summary = (tasks: TaskObject[]) => tasks.map((task) => `${task.attributes.executionId}.${task.attributes.taskId}:${task.attributes.state}`).sort();

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    const knowledge = knowledgeApi(app);
    seeds = engineSeeds(app);
    lab = await knowledge.workspace('lab');
    users.olga = await knowledge.member('olga', { [lab]: 'developer' });
    users.uma = await knowledge.member('uma', { [lab]: 'user' });
    users.nils = await knowledge.member('nils');
    const emit = await seeds.runnable(
      'emit',
      EMIT,
      {
        inputs: [{ name: 'start', dataType: 'integer', default: 2 }],
        outputs: [{ name: 'number', dataType: 'integer' }],
      },
      {},
      'olga',
    );
    const double = await seeds.runnable('double', DOUBLE_WRAPPER, DOUBLE_SIGNATURE, {}, 'olga');
    await seeds.runnable(
      'nap',
      NAP,
      { inputs: [{ name: 'value', dataType: 'integer', default: 1 }], outputs: [{ name: 'number', dataType: 'integer' }] },
      {},
      'olga',
    );
    const graph = seeds.graph(
      [
        { id: 'a', version: emit },
        { id: 'b', version: double },
      ],
      [['a', 'number', 'b', 'value']],
    );
    const workflow = await seeds.workflow('pair', [graph], { ownerId: 'olga' });
    succeeded = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '3' }] }], users.olga);
    failed = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '-1' }] }], users.olga);
    expect((await waitForStatus(app, succeeded, ['success', 'failed'])).status).toBe('success');
    expect((await waitForStatus(app, failed, ['success', 'failed'])).status).toBe('failed');
    const shared = await builderApi(app).share(succeeded, [lab], users.olga);
    expect(shared.statusCode, shared.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the tasks of the owner’s executions, newest first, with the job view of their state', async () => {
    const { data, meta } = await list('/taskmgr/v1/jobs');
    expect(meta.pagination.count).toBe(4);
    expect(summary(data)).toEqual([`${failed}.a:failed`, `${failed}.b:upstream_failed`, `${succeeded}.a:success`, `${succeeded}.b:success`].sort());
    // -createdAt: the later execution's tasks come first
    expect(data.slice(0, 2).map((task) => task.attributes.executionId)).toEqual([failed, failed]);
    const done = data.find((task) => task.attributes.executionId === succeeded && task.attributes.taskId === 'b')!;
    expect(done.type).toBe('jobs');
    expect(done.attributes).toMatchObject({
      identifier: expect.stringMatching(/\.b$/),
      ownerId: 'olga',
      executionIdentifier: expect.any(String),
      nodeId: 'b',
      run: '',
      state: 'success',
      status: 'success',
      progress: 1,
      tryNumber: 1,
      maxTries: 1,
      processVersion: 'double:1',
      error: null,
      permissions: { change: false, delete: false, share: false },
    });
    // a list row leaves the outputs to the task's own route
    expect(done.attributes).not.toHaveProperty('outputs');
    const whole = await get(`/taskmgr/v1/jobs/${done.id}`);
    expect(whole.json<{ data: TaskObject }>().data.attributes.outputs).toEqual({ number: 6 });
    expect(done.attributes.executionTime).toBeGreaterThanOrEqual(0);
    expect(done.attributes.startDate).not.toBeNull();
    expect(done.relationships.execution).toEqual({ data: { type: 'executions', id: succeeded } });
    const failing = data.find((task) => task.attributes.executionId === failed && task.attributes.taskId === 'a')!;
    expect(failing.attributes).toMatchObject({ state: 'failed', status: 'failed', progress: 1 });
    expect(failing.attributes.error).toBeTruthy();
    const upstream = data.find((task) => task.attributes.executionId === failed && task.attributes.taskId === 'b')!;
    expect(upstream.attributes).toMatchObject({ state: 'upstream_failed', status: 'upstream_failed', tryNumber: 0, executionTime: null, startDate: null });
  });

  it('serves the same rows as tasks, and one task by id', async () => {
    const { data } = await list('/taskmgr/v1/tasks?sort=taskId');
    expect(data).toHaveLength(4);
    expect(data[0]!.type).toBe('tasks');
    const one = await get(`/taskmgr/v1/tasks/${data[0]!.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ data: TaskObject }>().data).toMatchObject({ type: 'tasks', id: data[0]!.id, attributes: { taskId: 'a' } });
    expect((await get(`/taskmgr/v1/jobs/${data[0]!.id}`)).json<{ data: TaskObject }>().data.type).toBe('jobs');
    expect((await get('/taskmgr/v1/tasks/999999')).statusCode).toBe(404);
  });

  it('follows the execution’s visibility: others see nothing, workspace members the shared execution’s tasks', async () => {
    expect((await list('/taskmgr/v1/jobs', users.nils)).data).toEqual([]);
    const { data: olgaTasks } = await list(`/taskmgr/v1/tasks?filter[executionId]=${failed}`);
    expect((await get(`/taskmgr/v1/tasks/${olgaTasks[0]!.id}`, users.nils)).statusCode).toBe(403);
    expect((await get(`/taskmgr/v1/tasks/${olgaTasks[0]!.id}`, users.uma)).statusCode).toBe(403);

    const seen = await list('/taskmgr/v1/jobs', users.uma);
    expect(summary(seen.data)).toEqual([`${succeeded}.a:success`, `${succeeded}.b:success`]);
    expect(seen.data[0]!.attributes.permissions).toEqual({ change: false, delete: false, share: false });
    expect(seen.data[0]!.attributes.workspaces).toEqual({ [lab]: 'lab' });
    // 'In my workspace' and 'Owned by me' (spec 3 Jobs filters)
    expect(summary((await list('/taskmgr/v1/jobs?filter[inWorkspace]=true', users.uma)).data)).toEqual([`${succeeded}.a:success`, `${succeeded}.b:success`]);
    expect((await list('/taskmgr/v1/jobs?filter[ownerId]=uma', users.uma)).data).toEqual([]);
    expect((await list('/taskmgr/v1/jobs', app.adminHeader)).meta.pagination.count).toBe(4);
  });

  it('filters by owner, workspace, state, execution and search', async () => {
    expect((await list('/taskmgr/v1/jobs?filter[ownerId]=olga')).data).toHaveLength(4);
    expect(summary((await list('/taskmgr/v1/jobs?filter[inWorkspace]=true')).data)).toEqual([`${succeeded}.a:success`, `${succeeded}.b:success`]);
    expect(summary((await list('/taskmgr/v1/jobs?filter[state]=failed,upstream_failed')).data)).toEqual([`${failed}.a:failed`, `${failed}.b:upstream_failed`]);
    expect((await list('/taskmgr/v1/jobs?filter[state]=running')).data).toEqual([]);
    expect(summary((await list(`/taskmgr/v1/jobs?filter[executionId]=${succeeded}`)).data)).toEqual([`${succeeded}.a:success`, `${succeeded}.b:success`]);
    expect((await list(`/taskmgr/v1/jobs?filter[execution.id]=${failed}`)).data).toHaveLength(2);
    expect(summary((await list('/taskmgr/v1/jobs?filter[search]=double')).data)).toEqual([`${failed}.b:upstream_failed`, `${succeeded}.b:success`].sort());
    expect((await list('/taskmgr/v1/jobs?page[size]=3&page[number]=2')).data).toHaveLength(1);
    const bad = await get('/taskmgr/v1/jobs?filter[executionId]=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().detail).toBe('filter[executionId] takes an execution id.');
  });

  it('shows a running task as running, and the tasks a stop left behind as skipped', async () => {
    const graph = seeds.graph(
      [
        { id: 'a', version: 'nap:1' },
        { id: 'b', version: 'double:1' },
      ],
      [['a', 'number', 'b', 'value']],
    );
    const workflow = await seeds.workflow('napping', [graph], { ownerId: 'olga' });
    const id = await seeds.run(workflow, [], users.olga);
    const jobs = async () =>
      (await list(`/taskmgr/v1/jobs?filter[executionId]=${id}&sort=taskId`)).data.map((task) => [
        task.attributes.taskId,
        task.attributes.state,
        task.attributes.status,
        task.attributes.progress,
      ]);
    await expect.poll(jobs, { timeout: 20_000 }).toEqual([
      ['a', 'running', 'running', 0],
      ['b', 'no_status', 'pending', 0],
    ]);
    const stopped = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/stop`, headers: users.olga });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await jobs()).toEqual([
      ['a', 'failed', 'failed', 1],
      ['b', 'no_status', 'skipped', 1],
    ]);
  });

  it('is read-only: create, update, archive and delete answer 405 with the reason', async () => {
    const { data } = await list('/taskmgr/v1/tasks');
    const id = data[0]!.id;
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.server.inject({ method, url, headers: users.olga, ...(payload ? { payload } : {}) });
    const refusals = [
      [await send('POST', '/taskmgr/v1/tasks', { data: { type: 'tasks', attributes: {} } }), 'Tasks are created by the engine'],
      [await send('PATCH', `/taskmgr/v1/tasks/${id}`, { data: { type: 'tasks', id, attributes: { state: 'success' } } }), 'A task cannot be modified'],
      [await send('PATCH', `/taskmgr/v1/tasks/${id}`, { data: { type: 'tasks', id } }), 'A task cannot be modified'],
      [await send('PATCH', `/taskmgr/v1/jobs/${id}/archive`), 'Tasks cannot be archived.'],
      [await send('PATCH', `/taskmgr/v1/jobs/${id}/unarchive`), 'Tasks cannot be archived.'],
      [await send('DELETE', `/taskmgr/v1/jobs/${id}`), 'Tasks cannot be deleted'],
    ] as const;
    for (const [response, reason] of refusals) {
      expect(response.statusCode, response.body).toBe(405);
      expect(response.json<ErrorBody>().detail).toContain(reason);
    }
    const share = await send('PATCH', `/taskmgr/v1/tasks/${id}`, {
      data: { type: 'tasks', id, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } },
    });
    expect(share.statusCode).toBe(400);
    expect(share.json<ErrorBody>().detail).toBe('A task cannot be shared: it follows the workspaces of its execution.');
    expect((await get('/taskmgr/v1/tasks', {})).statusCode).toBe(401);
  });

  // last: it adds an execution of uma's to what the tests above count
  it('lists a member’s own tasks and the shared ones as one list, newest first, page by page', async () => {
    const graph = seeds.graph([{ id: 'a', version: 'emit:1' }], []);
    const workflow = await seeds.workflow('lab-emit', [graph], { ownerId: 'olga', workspaceIds: [lab] });
    const own = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '5' }] }], users.uma);
    expect((await waitForStatus(app, own, ['success', 'failed'])).status).toBe('success');

    const whole = await list('/taskmgr/v1/jobs?page[size]=10', users.uma);
    // uma's own execution is the newer: its tasks first, then those of olga's shared one
    expect(whole.data.map((task) => `${task.attributes.ownerId}:${task.attributes.executionId}`)).toEqual([
      `uma:${own}`,
      `olga:${succeeded}`,
      `olga:${succeeded}`,
    ]);
    expect(whole.meta.pagination.count).toBe(3);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const one = await list(`/taskmgr/v1/jobs?page[size]=1&page[number]=${page}`, users.uma);
      expect(one.meta.pagination.count).toBe(3);
      pages.push(...one.data.map((task) => task.id));
    }
    expect(pages).toEqual(whole.data.map((task) => task.id));
    expect(summary((await list('/taskmgr/v1/jobs?filter[ownerId]=uma', users.uma)).data)).toEqual([`${own}.a:success`]);
    // olga does not see uma's execution's tasks
    expect((await list('/taskmgr/v1/jobs')).data.map((task) => task.attributes.ownerId)).not.toContain('uma');
  });
});
