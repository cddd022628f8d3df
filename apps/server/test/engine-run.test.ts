import type { ExecutionResults } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, getExecution, waitForStatus } from './helpers/engine.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { DOUBLE_SIGNATURE, DOUBLE_WRAPPER } from './helpers/wrappers.js';

const EMIT = `
INPUTS = [{"name": "start", "data_type": "integer", "default": 2}]
OUTPUTS = [{"name": "number", "data_type": "integer"}, {"name": "note", "data_type": "file"}]

def execute(out_dir, **inputs):
    print("emitting", inputs["start"])
    with open(f"{out_dir}/note.txt", "w") as f:
        f.write("hello")
    return {"number": int(inputs["start"]), "note": f"{out_dir}/note.txt"}
`;
const ECHO = `
INPUTS = [{"name": "text", "data_type": "string"}]
OUTPUTS = [{"name": "text", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"text": inputs["text"].upper()}
`;

/** The engine runs real workflows end to end: python wrappers, data along edges, failures, fan-out. */
describe('engine: running workflows', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    await seeds.runnable('emit', EMIT, {
      inputs: [{ name: 'start', dataType: 'integer', default: 2 }],
      outputs: [
        { name: 'number', dataType: 'integer' },
        { name: 'note', dataType: 'file' },
      ],
    });
    await seeds.runnable('double', DOUBLE_WRAPPER, DOUBLE_SIGNATURE);
    await seeds.runnable('echo', ECHO, { inputs: [{ name: 'text', dataType: 'string' }], outputs: [{ name: 'text', dataType: 'string' }] });
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs a chain, passing outputs along the edges, and records results, logs and files', async () => {
    const graph = seeds.graph(
      [
        { id: 'a', version: 'emit:1' },
        { id: 'b', version: 'double:1' },
        { id: 'c', version: 'double:1' },
      ],
      [
        ['a', 'number', 'b', 'value'],
        ['b', 'number', 'c', 'value'],
      ],
    );
    const workflow = await seeds.workflow('chain', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '5' }] }]);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    const execution = await getExecution(app, id);
    const results = execution.executionResults as ExecutionResults;
    expect(execution.progress).toBe(1);
    expect(results.tasks.map((task) => [task.task_id, task.state])).toEqual([
      ['a', 'success'],
      ['b', 'success'],
      ['c', 'success'],
    ]);
    expect(results.info.data.streams).toEqual({ a: ['b'], b: ['c'], c: [] });
    expect(results.data.find((record) => record.task_id === 'c' && record.key === 'number')).toMatchObject({
      value: 20,
      type: 'integer',
      type_label: 'Integer',
    });
    const note = results.data.find((record) => record.key === 'note')!;
    expect(note.value).toBe(`/builder/v1/executions/${id}/files/a/note.txt`);
    const file = await app.server.inject({ method: 'GET', url: String(note.value), headers: app.adminHeader });
    expect(file.body).toBe('hello');
    const log = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}/tasks/a/log`, headers: app.adminHeader });
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('emitting 5');
  });

  it('fails a task, marks what is downstream upstream_failed and the execution failed', async () => {
    const graph = seeds.graph(
      [
        { id: 'a', version: 'emit:1' },
        { id: 'b', version: 'double:1' },
        { id: 'c', version: 'double:1' },
      ],
      [
        ['a', 'number', 'b', 'value'],
        ['b', 'number', 'c', 'value'],
      ],
    );
    const workflow = await seeds.workflow('failing', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '-1' }] }]);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    expect(row.status).toBe('failed');
    const results = row.executionResults as ExecutionResults;
    expect(results.tasks.map((task) => [task.task_id, task.state])).toEqual([
      ['a', 'success'],
      ['b', 'failed'],
      ['c', 'upstream_failed'],
    ]);
  });

  it('runs an ended execution again: same version and inputs, a new execution of the caller', async () => {
    const graph = seeds.graph(
      [
        { id: 'a', version: 'emit:1' },
        { id: 'b', version: 'double:1' },
      ],
      [['a', 'number', 'b', 'value']],
    );
    const workflow = await seeds.workflow('again', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'start', value: '-3' }] }]);
    const first = await waitForStatus(app, id, ['success', 'failed']);
    expect(first.status).toBe('failed');

    const stranger = await app.userWithHeader('stranger-rerun');
    const refused = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${id}/rerun`, headers: stranger });
    expect([403, 404]).toContain(refused.statusCode);

    const rerun = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${id}/rerun`, headers: app.adminHeader });
    expect(rerun.statusCode, rerun.body).toBe(201);
    const again = rerun.json<{
      data: {
        id: string;
        attributes: { status: string; processorVersion: number; inputs: { node_id: string; items: { identifier: string; value: string }[] }[] };
      };
    }>().data;
    expect(again.id).not.toBe(id);
    expect(again.attributes.status).toBe('pending');
    expect(again.attributes.processorVersion).toBe(first.processorVersion);
    expect(again.attributes.inputs.find((group) => group.node_id === 'a')?.items.find((item) => item.identifier === 'start')?.value).toBe('-3');
    const second = await waitForStatus(app, again.id, ['success', 'failed']);
    expect((second.executionResults as ExecutionResults).tasks.map((task) => [task.task_id, task.state])).toEqual([
      ['a', 'success'],
      ['b', 'failed'],
    ]);

    // one that has not ended (here: created, never submitted) cannot be run again
    const created = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: app.adminHeader,
      payload: { processor_id: workflow, inputs: [] },
    });
    const early = await app.server.inject({
      method: 'POST',
      url: `/builder/v1/executions/${created.json<{ data: { id: string } }>().data.id}/rerun`,
      headers: app.adminHeader,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ detail: string }>().detail).toMatch(/has not ended \(status created\)/);
  });

  it('fans a list out into child runs', async () => {
    const graph = seeds.graph(
      [
        { id: 'split', kind: 'dynamic-list-splitter' },
        { id: 'shout', version: 'echo:1' },
      ],
      [['split', 'item', 'shout', 'text']],
    );
    const workflow = await seeds.workflow('fan-out', [graph]);
    const id = await seeds.run(workflow, [{ node_id: 'split', items: [{ identifier: 'items', value: '["a","b","c"]' }] }]);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    const results = row.executionResults as ExecutionResults;
    expect(results.child_dags).toEqual({ 'split[0]': ['shout[0]'], 'split[1]': ['shout[1]'], 'split[2]': ['shout[2]'] });
    expect(
      results.data
        .filter((record) => record.key === 'text')
        .map((record) => record.value)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
    expect(results.info.data.streams.split).toEqual(['shout[0]', 'shout[1]', 'shout[2]']);
  });
});
