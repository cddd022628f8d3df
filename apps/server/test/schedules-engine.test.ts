import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../src/modules/schedules/scheduler.js';
import { engineSeeds, getExecution, waitForStatus } from './helpers/engine.js';
import { scheduledExecutions, schedulesApi, TestClock } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const GREET = `
INPUTS = [{"name": "name", "data_type": "string"}]
OUTPUTS = [{"name": "greeting", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"greeting": "hello " + inputs["name"]}
`;

/** Scheduled executions run on the engine like any other: a due time and a trigger, end to end. */
describe('schedules with the engine', () => {
  let app: TestApp;
  let workflowId = '';

  beforeAll(async () => {
    app = await createTestApp({ theme: 'eopen', engine: { localCpus: 1, sweepIntervalMs: 200 } });
    const seeds = engineSeeds(app);
    await seeds.runnable('greet', GREET, { inputs: [{ name: 'name', dataType: 'string' }], outputs: [{ name: 'greeting', dataType: 'string' }] });
    workflowId = await seeds.workflow('greet-flow', [seeds.graph([{ id: 'greet', version: 'greet:1' }], [])]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs what a due time and a trigger start', async () => {
    const api = schedulesApi(app);
    const inputs = { tasks: [{ task_id: 'greet', inputs: { name: 'schedule' } }] };
    const timed = await api.created({ processor_id: workflowId, title: 'Once', strategy: 'single-execution', start_time: '2090-01-01T00:00:00Z', inputs });
    await new Scheduler(app.ctx, { clock: new TestClock('2090-01-01T00:00:01Z') }).tick();
    const [due] = await scheduledExecutions(app, timed.id);
    expect((await waitForStatus(app, String(due!.id), ['success', 'failed'])).status).toBe('success');

    const triggered = await api.created({ processor_id: workflowId, title: 'On call', strategy: 'external-trigger', inputs });
    const response = await api.trigger(triggered.attributes.triggerUrl!, { inputs: { greet: { name: 'trigger' } } });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { id: string } }>().data.id;
    expect((await waitForStatus(app, id, ['success', 'failed'])).status).toBe('success');
    const execution = await getExecution(app, id);
    expect(execution.executionResults).toMatchObject({ data: [expect.objectContaining({ task_id: 'greet', key: 'greeting', value: 'hello trigger' })] });
  });
});
