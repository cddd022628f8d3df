import type { ExecutionAttributes } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builderApi } from './helpers/builder.js';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Sleeps `seconds`: 0 in a run that makes history, long in a run read while it runs (then stopped). */
const NAP = `
import time

INPUTS = [{"name": "seconds", "data_type": "float", "default": 0}]
OUTPUTS = [{"name": "slept", "data_type": "float"}]

def execute(out_dir, **inputs):
    time.sleep(float(inputs["seconds"]))
    return {"slept": float(inputs["seconds"])}
`;
const NAP_SIGNATURE = { inputs: [{ name: 'seconds', dataType: 'float', default: 0 }], outputs: [{ name: 'slept', dataType: 'float' }] };
/** a is stopped long before this: it only keeps the second run running while the test reads it */
const LONG_NAP = '600';

/**
 * The estimated end of a running execution (issue 35 §4, docs/estimates.md): from the task
 * durations of earlier successful runs of the same workflow version that the reader may view,
 * on GET executions/{id} with its plan and on the list's rows.
 */
describe('execution estimates', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let api: ReturnType<typeof builderApi>;
  let lab = '';
  let workflow = '';
  const users = {} as Record<'olga' | 'dora', Headers>;
  const run = (seconds: string, headers: Headers) => seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'seconds', value: seconds }] }], headers);
  const attributesOf = async (id: string, headers: Headers) => {
    const response = await api.get(id, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { attributes: ExecutionAttributes } }>().data.attributes;
  };

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    api = builderApi(app);
    const knowledge = knowledgeApi(app);
    lab = await knowledge.workspace('lab');
    users.olga = await knowledge.member('olga', { [lab]: 'developer' });
    users.dora = await knowledge.member('dora', { [lab]: 'developer' });
    const nap = await seeds.runnable('nap', NAP, NAP_SIGNATURE, { timeoutSeconds: 900 });
    // a → b: b starts when a has ended
    const graph = seeds.graph(
      [
        { id: 'a', version: nap },
        { id: 'b', version: nap },
      ],
      [['a', 'slept', 'b', 'seconds']],
    );
    workflow = await seeds.workflow('naps', [graph], { workspaceIds: [lab] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("estimates a second run from the first's task durations, plans b after a, and shows only runs its reader may view", async () => {
    const first = await run('0', users.olga);
    expect((await waitForStatus(app, first, ['success', 'failed'])).status).toBe('success');
    const earlier = await taskRows(app, first);
    const took = (taskId: string) => {
      const task = earlier.find((candidate) => candidate.taskId === taskId)!;
      return task.endDate!.getTime() - task.startDate!.getTime();
    };
    // an ended execution carries no estimate
    expect(await attributesOf(first, users.olga)).not.toHaveProperty('estimatedEnd');

    const second = await run(LONG_NAP, users.olga);
    // the report as it is read once a has started: the engine has written a's start into the results
    const running = await vi.waitFor(
      async () => {
        const sentAt = Date.now();
        const attributes = await attributesOf(second, users.olga);
        const a = attributes.executionResults?.tasks.find((task) => task.task_id === 'a');
        if (attributes.status !== 'running' || a?.state !== 'running' || !a.start_date) throw new Error(`a not running yet: ${JSON.stringify(a)}`);
        return { attributes, sentAt, aStart: Date.parse(a.start_date) };
      },
      { timeout: 30_000, interval: 100 },
    );
    const { estimatedEnd, estimate } = running.attributes;
    expect(estimate).toMatchObject({ basedOnRuns: 1, criticalPath: ['a', 'b'] });
    const plan = new Map(estimate!.plannedTasks.map((task) => [task.taskId, { start: Date.parse(task.plannedStart), end: Date.parse(task.plannedEnd) }]));
    expect([...plan.keys()]).toEqual(['a', 'b']);
    const a = plan.get('a')!;
    const b = plan.get('b')!;
    // a runs since its start and should take what it took before; past that, it is taken to end as the answer was made
    expect(a.start).toBe(running.aStart);
    expect(a.end).toBeGreaterThanOrEqual(running.aStart + took('a'));
    if (a.end > running.aStart + took('a')) expect(a.end).toBeGreaterThanOrEqual(running.sentAt);
    // b starts when a ends and takes what it took before: the end is there
    expect(b).toEqual({ start: a.end, end: a.end + took('b') });
    expect(estimatedEnd).toBe(new Date(b.end).toISOString());

    // the list's row says when it ends, not the plan (the report reads that)
    const row = (await api.list('', users.olga)).find((execution) => execution.id === second)!;
    expect(row.attributes.estimatedEnd).toEqual(expect.any(String));
    expect(row.attributes).not.toHaveProperty('estimate');
    expect((await api.list('', users.olga)).find((execution) => execution.id === first)!.attributes).not.toHaveProperty('estimatedEnd');

    // dora sees the second run once shared, not olga's first: nothing to estimate from, and nothing made up
    expect((await api.share(second, [lab], users.olga)).statusCode).toBe(200);
    const seenByDora = await attributesOf(second, users.dora);
    expect(seenByDora).toMatchObject({ status: 'running', estimatedEnd: null, estimate: null });
    // a superuser sees every run
    expect((await attributesOf(second, app.adminHeader)).estimate).toMatchObject({ basedOnRuns: 1, criticalPath: ['a', 'b'] });

    const stopped = await api.send('PATCH', `${api.base}/${second}/stop`, users.olga);
    expect(stopped.statusCode, stopped.body).toBe(200);
    await waitForStatus(app, second, ['stopped']);
  });
});
