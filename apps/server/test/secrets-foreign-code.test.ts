import { secretReference, type ExecutionResults, type WorkflowGraph } from '@asb/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../src/modules/schedules/scheduler.js';
import { executions, executionTasks } from '../src/db-schema.js';
import { encryptForInstance, type ErrorBody } from './helpers/builder.js';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { scheduledExecutions, scheduleRow, schedulesApi, TestClock } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SECRET = 'owner-s3cret-token';
const SIGNATURE = { inputs: [{ name: 'token', dataType: 'password' }], outputs: [{ name: 'check', dataType: 'string' }] };
/** the owner's code: says whether it got the right password, without showing it */
const LOGIN = `
INPUTS = [{"name": "token", "data_type": "password"}]
OUTPUTS = [{"name": "check", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"check": "ok" if inputs["token"] == ${JSON.stringify(SECRET)} else "wrong"}
`;
/** the swapped-in code: hands back whatever it was given (a listener would get the same) */
const GRAB = `
INPUTS = [{"name": "token", "data_type": "password"}]
OUTPUTS = [{"name": "check", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"check": "got:" + str(inputs.get("token"))}
`;

const nodeRefused = (processVersion: string) => `You may not read the process version of node "login" (${processVersion})`;

/**
 * Issue 30 §1 (docs/security.md "Secrets in executions"): a workspace operator, or staff through
 * the admin, swaps a node of the owner's shared workflow for their own private process version;
 * the owner's next run — with a stored secret, with a typed password, by a schedule, through the
 * OGC API — is refused naming the node, and the secret never reaches the swapped code.
 */
describe('secrets and code the runner may not read', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let keyDir = '';
  let workflow = '';
  let olga: Headers;
  let otto: Headers;
  let sam: Headers;

  const graphWith = (processVersion: string): WorkflowGraph => seeds.graph([{ id: 'login', version: processVersion }], []);
  const inputs = (value: string) => [{ node_id: 'login', items: [{ identifier: 'token', value }] }];
  const create = (value: string, headers: Headers = olga) =>
    app.server.inject({ method: 'POST', url: '/builder/v1/executions', headers, payload: { processor_id: workflow, inputs: inputs(value) } });
  const swap = (processVersion: string, headers: Headers, url = `/knowledge/v1/workflows/${workflow}`) =>
    app.server.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { data: { type: 'workflows', id: workflow, attributes: { graph: graphWith(processVersion) } } },
    });
  const results = async (id: string) => {
    const row = await waitForStatus(app, id, ['success', 'failed']);
    const check = (row.executionResults as ExecutionResults).data.find((record) => record.key === 'check')?.value;
    return { status: row.status, check, error: (await taskRows(app, id))[0]?.error };
  };
  /** nothing of the execution (its row, its tasks' rows) holds the secret */
  const holdsSecret = async (id: string) => {
    const [row] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(id)));
    const tasks = await app.ctx.db
      .select()
      .from(executionTasks)
      .where(eq(executionTasks.executionId, Number(id)));
    return JSON.stringify([row, tasks]).includes(SECRET);
  };

  beforeAll(async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-secrets-key-'));
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 }, secretsKeyFile: path.join(keyDir, 'secrets.key') });
    seeds = engineSeeds(app);
    const knowledge = knowledgeApi(app);
    const lab = await knowledge.workspace('lab');
    olga = await knowledge.member('olga', { [lab]: 'developer' });
    otto = await knowledge.member('otto', { [lab]: 'operator' });
    sam = await app.userWithHeader('sam', { is_staff: true });
    await seeds.runnable('login', LOGIN, SIGNATURE, {}, 'olga');
    // each attacker's own process, shared with nobody: olga cannot open it
    await seeds.runnable('grab', GRAB, SIGNATURE, {}, 'otto');
    await seeds.runnable('peek', GRAB, SIGNATURE, {}, 'sam');
    workflow = await seeds.workflow('login-flow', [graphWith('login:1')], { ownerId: 'olga', workspaceIds: [lab] });
    const stored = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/secrets',
      headers: olga,
      payload: { data: { type: 'secrets', attributes: { tag: 'login-token', value: SECRET } } },
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('refuses the owner’s run once an operator swapped in their own private code, with a secret and with a typed password alike', async () => {
    // before: the owner's own code gets the owner's secret
    const before = await seeds.run(workflow, inputs(secretReference('login-token')), olga);
    expect(await results(before)).toMatchObject({ status: 'success', check: 'ok' });
    // a pending execution of version 1, created before the swap
    const pinned = (await create(secretReference('login-token'))).json<{ data: { id: string } }>().data.id;

    const swapped = await swap('grab:1', otto);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((await app.server.inject({ url: '/knowledge/v1/process-versions?filter[processIdentifier]=grab', headers: olga })).json()).toMatchObject({
      data: [],
    });
    // the execute form is told who changed the graph
    const processor = await app.server.inject({ url: `/knowledge/v1/processors/${workflow}`, headers: olga });
    expect(processor.json()).toMatchObject({ data: { attributes: { version: 2, changedBy: 'otto' } } });

    for (const value of [secretReference('login-token'), await encryptForInstance(app, SECRET, olga)]) {
      const refused = await create(value);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<ErrorBody>().detail).toContain(nodeRefused('grab:1'));
    }
    // running again an execution of version 1 runs version 1: the owner's code
    const again = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${before}/rerun`, headers: olga });
    expect(again.statusCode, again.body).toBe(201);
    expect(await results(again.json<{ data: { id: string } }>().data.id)).toMatchObject({ status: 'success', check: 'ok' });
    // the one created before the swap pinned version 1 too
    expect((await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${pinned}/execute`, headers: olga })).statusCode).toBe(200);
    expect(await results(pinned)).toMatchObject({ status: 'success', check: 'ok' });

    // the operator may run their own code with their own values: the check is about the runner
    const own = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: otto,
      payload: { processor_id: workflow, inputs: inputs(await encryptForInstance(app, 'otto-value', otto)) },
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('refuses it through the OGC API too', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/ogcapi/processes/login-flow/execution',
      headers: olga,
      payload: { inputs: { token: secretReference('login-token') } },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json<{ detail: string }>().detail).toContain(nodeRefused('grab:1'));
  });

  it('fails a schedule’s firing, saying why, rather than run the swapped code', async () => {
    await swap('login:1', olga);
    const api = schedulesApi(app);
    const payload = {
      processor_id: workflow,
      title: 'Nightly login',
      strategy: 'single-execution' as const,
      start_time: '2090-05-01T00:00:00Z',
      inputs: { tasks: [{ task_id: 'login', inputs: { token: secretReference('login-token') } }] },
    };
    const schedule = await api.created(payload, olga);
    expect((await swap('grab:1', otto)).statusCode).toBe(200);
    // a new schedule of the swapped graph is refused when saved
    const saved = await api.create({ ...payload, title: 'Another' }, olga);
    expect(saved.statusCode, saved.body).toBe(403);
    expect(saved.json<ErrorBody>().detail).toContain(nodeRefused('grab:1'));

    await new Scheduler(app.ctx, { clock: new TestClock('2090-05-01T00:00:01Z') }).tick();
    expect(await scheduledExecutions(app, schedule.id)).toEqual([]);
    expect((await scheduleRow(app, schedule.id)).lastError).toContain(nodeRefused('grab:1'));
    expect((await api.fetched(schedule.id, olga)).attributes.lastError).toContain(nodeRefused('grab:1'));
  });

  it('refuses the run after a staff user swapped the node through the admin', async () => {
    await swap('login:1', olga);
    const swapped = await swap('peek:1', sam, `/admin/v1/resources/workflows/${workflow}`);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((await app.server.inject({ url: `/knowledge/v1/processors/${workflow}`, headers: olga })).json()).toMatchObject({
      data: { attributes: { changedBy: 'sam' } },
    });
    const refused = await create(secretReference('login-token'));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<ErrorBody>().detail).toContain(nodeRefused('peek:1'));
  });

  it('hands no secret to a task whose code the owner may not read, even in an execution that names it', async () => {
    await swap('login:1', olga);
    const typed = await encryptForInstance(app, SECRET, olga);
    for (const value of [secretReference('login-token'), typed]) {
      const created = await create(value);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ data: { id: string } }>().data.id;
      // as if the row had been written otherwise: it now runs the swapped version
      expect((await swap('grab:1', otto)).statusCode).toBe(200);
      const [current] = await app.ctx.db
        .select({ version: executions.processorVersion })
        .from(executions)
        .where(eq(executions.id, Number(id)));
      const { version } = (await app.server.inject({ url: `/knowledge/v1/processors/${workflow}`, headers: olga })).json<{
        data: { attributes: { version: number } };
      }>().data.attributes;
      expect(version).toBeGreaterThan(current!.version);
      await app.ctx.db
        .update(executions)
        .set({ processorVersion: version })
        .where(eq(executions.id, Number(id)));
      expect((await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/execute`, headers: olga })).statusCode).toBe(200);

      const outcome = await results(id);
      expect(outcome).toMatchObject({ status: 'failed', check: undefined });
      expect(outcome.error).toBe(
        'Input login.token is a password or secret, and the execution\'s owner may not read process version grab:1 of node "login": it is not handed to that code.',
      );
      // the code never ran: no attempt, no output
      expect((await taskRows(app, id))[0]).toMatchObject({ state: 'failed', tryNumber: 0, outputs: null });
      expect(await holdsSecret(id)).toBe(false);
      await swap('login:1', olga);
    }
  });
});
