import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsubmittedCleanup } from '../src/modules/builder/unsubmitted-cleanup.js';
import { executions } from '../src/db-schema.js';
import { builderApi, type ErrorBody, type ExecutionObject } from './helpers/builder.js';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { TestClock } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCENE = `
INPUTS = [{"name": "west", "data_type": "float", "default": 4.3}, {"name": "east", "data_type": "float", "default": 4.5}]
OUTPUTS = [{"name": "width", "data_type": "float"}]

def execute(out_dir, **inputs):
    print("scene from", inputs["west"], "to", inputs["east"], "into", out_dir)
    west, east = float(inputs["west"]), float(inputs["east"])
    if not west < east:
        raise ValueError(f"west ({west}) must be less than east ({east})")
    return {"width": east - west}
`;
const SIGNATURE = {
  inputs: [
    { name: 'west', dataType: 'float', default: 4.3 },
    { name: 'east', dataType: 'float', default: 4.5 },
  ],
  outputs: [{ name: 'width', dataType: 'float' }],
};

/**
 * Failures explain themselves and nothing of the server's insides leaks (issue 13): a
 * failed execution names its failing task, the reason and the end of its log; no answer
 * about an execution carries the data directory; an execution never submitted can be
 * deleted (only then, only by those who may) and is deleted by the cleanup after its time.
 */
describe('execution failures, server paths, unsubmitted executions', () => {
  let app: TestApp;
  let api: ReturnType<typeof builderApi>;
  let seeds: ReturnType<typeof engineSeeds>;
  let workflow = '';
  let olga: Headers;
  let nils: Headers;

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    api = builderApi(app);
    seeds = engineSeeds(app);
    const knowledge = knowledgeApi(app);
    const lab = await knowledge.workspace('lab');
    olga = await knowledge.member('olga', { [lab]: 'developer' });
    nils = await knowledge.member('nils');
    await seeds.runnable('scene', SCENE, SIGNATURE);
    workflow = await seeds.workflow('scene-flow', [seeds.graph([{ id: 'scene', version: 'scene:1' }], [])], { workspaceIds: [lab] });
  });
  afterAll(async () => {
    await app.close();
  });

  const bad = [{ node_id: 'scene', items: [{ identifier: 'west', value: '4.5' }] }];

  it('a failed execution says which task failed, why, and how its log ended', async () => {
    const id = await seeds.run(workflow, bad);
    await waitForStatus(app, id, ['success', 'failed']);
    const execution = (await api.get(id)).json<{ data: ExecutionObject }>().data.attributes;
    expect(execution.status).toBe('failed');
    expect(execution.failure).toMatchObject({ taskId: 'scene', taskLabel: 'scene:1', reason: 'ValueError: west (4.5) must be less than east (4.5)' });
    expect(execution.failure!.logTail.at(-1)).toBe('ValueError: west (4.5) must be less than east (4.5)');
    // the traceback names the author's file as uploaded, and starts at their code
    expect(execution.failure!.logTail).toContain('  File "process_wrapper.py", line 9, in execute');
    expect(execution.failure!.logTail.join('\n')).not.toContain('asb_runner');
    // the /monitoring row reads the list
    const [listed] = await api.list(`filter[identifier]=${execution.identifier}`);
    expect(listed!.attributes.failure?.reason).toBe(execution.failure!.reason);
  });

  it('a task whose output or failure holds a NUL character ends, failed with a reason, instead of never ending', async () => {
    const nul = `
INPUTS = [{"name": "mode", "data_type": "string", "default": "output"}]
OUTPUTS = [{"name": "label", "data_type": "string"}]

def execute(out_dir, **inputs):
    if inputs["mode"] == "raise":
        raise ValueError("bad\\x00value")
    return {"label": "a\\x00b"}
`;
    await seeds.runnable('nul', nul, { inputs: [{ name: 'mode', dataType: 'string', default: 'output' }], outputs: [{ name: 'label', dataType: 'string' }] });
    const nulFlow = await seeds.workflow('nul-flow', [seeds.graph([{ id: 'nul', version: 'nul:1' }], [])]);
    const outputs = await seeds.run(nulFlow, []);
    await waitForStatus(app, outputs, ['failed']);
    const byOutput = (await api.get(outputs)).json<{ data: ExecutionObject }>().data.attributes;
    expect(byOutput.failure?.reason).toBe("Output 'label' holds a NUL character (U+0000), which cannot be stored.");
    const raised = await seeds.run(nulFlow, [{ node_id: 'nul', items: [{ identifier: 'mode', value: 'raise' }] }]);
    await waitForStatus(app, raised, ['failed']);
    const byFailure = (await api.get(raised)).json<{ data: ExecutionObject }>().data.attributes;
    expect(byFailure.failure?.reason).toMatch(/^ValueError: bad.?value$/);
  });

  it('a successful execution has no failure, and names its datastore as the user knows it', async () => {
    const id = await seeds.run(workflow, []);
    await waitForStatus(app, id, ['success', 'failed']);
    const execution = (await api.get(id)).json<{ data: ExecutionObject }>().data.attributes;
    expect(execution.status).toBe('success');
    expect(execution.failure).toBeNull();
    expect(execution.datastore).toBe(`Local datastore: admin/executions/${execution.identifier}/`);
  });

  it('no answer about executions, their tasks, logs or jobs carries the data directory', async () => {
    const id = await seeds.run(workflow, bad);
    await waitForStatus(app, id, ['success', 'failed']);
    const urls = [
      `/builder/v1/executions/${id}`,
      '/builder/v1/executions',
      `/builder/v1/executions/${id}/tasks/scene/log`,
      '/taskmgr/v1/jobs',
      '/taskmgr/v1/tasks',
    ];
    for (const url of urls) {
      const response = await app.server.inject({ method: 'GET', url, headers: app.adminHeader });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(app.storage.root);
    }
    const log = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}/tasks/scene/log`, headers: app.adminHeader });
    expect(log.body).toContain('into /task/out');
    expect(log.body).not.toContain('/task/wrapper');
  });

  it('/monitoring search finds executions by who ran them', async () => {
    const id = await seeds.run(workflow, [], olga);
    const found = await api.list('filter[search]=olga', olga);
    expect(found.map((row) => row.id)).toContain(id);
    expect(found.every((row) => row.attributes.ownerId === 'olga')).toBe(true);
  });

  it("keeps an enum input's label with the value, for the report", async () => {
    const graph = seeds.graph([{ id: 'scene', version: 'scene:1' }], []);
    graph.nodes[0]!.inputs = { west: { constraints: { enum: ['4.3', '3.7'], enum_labels: ['Ghent', 'Bruges'] } } };
    const choice = await seeds.workflow('scene-choice', [graph]);
    const created = await api.created({ processor_id: choice, inputs: [{ node_id: 'scene', items: [{ identifier: 'west', value: '3.7' }] }] });
    expect(created.attributes.inputs[0]!.items.find((item) => item.identifier === 'west')).toMatchObject({ value: '3.7', value_label: 'Bruges' });
  });

  describe('unsubmitted executions', () => {
    const create = () => api.created({ processor_id: workflow, inputs: [] }, olga);
    const remove = (id: string, headers: Headers) => api.send('DELETE', `${api.base}/${id}`, headers);

    it('may be deleted by its owner while unsubmitted, never by a stranger, never once submitted', async () => {
      const waiting = await create();
      expect(waiting.attributes.permissions.delete).toBe(true);
      const stranger = await remove(waiting.id, nils);
      expect(stranger.statusCode).toBe(403);
      const deleted = await remove(waiting.id, olga);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await api.get(waiting.id, olga)).statusCode).toBe(404);

      const submitted = await create();
      expect((await api.execute(submitted.id, olga)).statusCode).toBe(200);
      const refused = await remove(submitted.id, olga);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().detail).toMatch(/has been submitted \(status (pending|running|success|failed)\)/);
      const again = (await api.get(submitted.id, olga)).json<{ data: ExecutionObject }>().data;
      expect(again.attributes.permissions.delete).toBe(false);
    });

    it('are deleted by the cleanup once older than the configured time; submitted and younger ones stay', async () => {
      const old = await create();
      const oldSubmitted = await create();
      expect((await api.execute(oldSubmitted.id, olga)).statusCode).toBe(200);
      // created half an hour before the others
      for (const id of [old.id, oldSubmitted.id]) {
        await app.ctx.db
          .update(executions)
          .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
          .where(eq(executions.id, Number(id)));
      }
      const young = await create();
      const clock = new TestClock(new Date().toISOString());
      const cleanup = new UnsubmittedCleanup(app.ctx, 60 * 60_000, clock);
      clock.advanceMinutes(29);
      expect(await cleanup.runOnce()).toBe(0);
      clock.advanceMinutes(2);
      expect(await cleanup.runOnce()).toBe(1);
      const remaining = await app.ctx.db.select({ id: executions.id }).from(executions).where(eq(executions.ownerId, 'olga'));
      const ids = remaining.map((row) => String(row.id));
      expect(ids).not.toContain(old.id);
      expect(ids).toEqual(expect.arrayContaining([oldSubmitted.id, young.id]));
    });
  });
});
