import { ENCRYPTED_VALUE_MASK, secretReference, type ExecutionResults } from '@asb/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RERUN_OWNER_ONLY } from '../src/modules/builder/executions.service.js';
import { sealLegacyInputs } from '../src/modules/schedules/seal-legacy-inputs.js';
import { Scheduler } from '../src/modules/schedules/scheduler.js';
import { executions } from '../src/db-schema.js';
import { encryptForInstance, type ErrorBody } from './helpers/builder.js';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { scheduledExecutions, scheduleRow, schedulesApi, TestClock } from './helpers/schedules.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SECRET = 's3cret-token';
/** says whether it got the right password, without showing it */
const LOGIN = `
INPUTS = [{"name": "token", "data_type": "password"}]
OUTPUTS = [{"name": "check", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"check": "ok" if inputs["token"] == ${JSON.stringify(SECRET)} else "wrong"}
`;

type Inputs = { node_id: string; items: { identifier: string; value: string; encrypted?: boolean; secret?: string }[] }[];

/**
 * Password inputs (docs/security.md "Password inputs"): the task gets the clear text; the
 * API never serves the stored value to anyone (a mask); what is stored is sealed for its
 * execution or schedule and opens for nothing else, so a member who can see a shared
 * execution cannot have its password used in a run of their own.
 */
describe('password inputs', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let workflow = '';
  let lab = '';
  let olga: Headers;
  let vera: Headers;
  let cipher = '';
  let keyDir = '';

  const inputs = (value: string): Inputs => [{ node_id: 'login', items: [{ identifier: 'token', value }] }];
  const storedToken = async (id: string) => {
    const [row] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(id)));
    return row!.inputs[0]!.items.find((item) => item.identifier === 'token')!;
  };
  const check = async (id: string) => {
    const row = await waitForStatus(app, id, ['success', 'failed']);
    const results = row.executionResults as ExecutionResults;
    return { status: row.status, check: results.data.find((record) => record.key === 'check')?.value, error: (await taskRows(app, id))[0]?.error };
  };
  const shareWithLab = (id: string) =>
    app.server.inject({
      method: 'PATCH',
      url: `/builder/v1/executions/${id}`,
      headers: olga,
      payload: { data: { type: 'executions', id, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } } },
    });

  beforeAll(async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-secrets-key-'));
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 }, secretsKeyFile: path.join(keyDir, 'secrets.key') });
    seeds = engineSeeds(app);
    const knowledge = knowledgeApi(app);
    lab = await knowledge.workspace('lab');
    olga = await knowledge.member('olga', { [lab]: 'developer' });
    vera = await knowledge.member('vera', { [lab]: 'developer' });
    await seeds.runnable('login', LOGIN, { inputs: [{ name: 'token', dataType: 'password' }], outputs: [{ name: 'check', dataType: 'string' }] });
    workflow = await seeds.workflow('login-flow', [seeds.graph([{ id: 'login', version: 'login:1' }], [])], { ownerId: 'olga', workspaceIds: [lab] });
    cipher = await encryptForInstance(app, SECRET, olga);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('gives the task the clear text, stores it sealed and serves only a mask, to the owner and to members alike', async () => {
    const id = await seeds.run(workflow, inputs(cipher), olga);
    expect(await check(id)).toMatchObject({ status: 'success', check: 'ok' });
    expect((await shareWithLab(id)).statusCode).toBe(200);

    const stored = await storedToken(id);
    expect(stored.encrypted).toBe(true);
    expect(stored.value).toMatch(/^asb-sealed:v1:/);
    for (const headers of [olga, vera, app.adminHeader]) {
      const response = await app.server.inject({ url: `/builder/v1/executions/${id}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(cipher);
      expect(response.body).not.toContain(stored.value);
      expect(response.body).not.toContain(SECRET);
      const served = response.json<{ data: { attributes: { inputs: Inputs } } }>().data.attributes.inputs;
      expect(served[0]!.items.find((item) => item.identifier === 'token')).toMatchObject({ value: ENCRYPTED_VALUE_MASK, encrypted: true });
    }
    const listed = await app.server.inject({ url: '/builder/v1/executions?page[size]=100', headers: vera });
    expect(listed.body).not.toContain(stored.value);
  });

  it('runs an execution with passwords again only for its owner', async () => {
    const id = await seeds.run(workflow, inputs(cipher), olga);
    await check(id);
    await shareWithLab(id);
    const refused = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${id}/rerun`, headers: vera });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().detail).toBe(PASSWORD_RERUN_OWNER_ONLY);

    const again = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${id}/rerun`, headers: olga });
    expect(again.statusCode, again.body).toBe(201);
    const rerun = again.json<{ data: { id: string } }>().data.id;
    expect(await check(rerun)).toMatchObject({ status: 'success', check: 'ok' });
    // sealed anew: the new execution's value is its own
    expect((await storedToken(rerun)).value).not.toBe((await storedToken(id)).value);
  });

  it('opens a sealed value for its own execution only: submitted elsewhere it is refused, copied elsewhere it fails the task', async () => {
    const id = await seeds.run(workflow, inputs(cipher), olga);
    await check(id);
    const sealed = (await storedToken(id)).value;

    // a sealed value that leaked is not a ciphertext of the instance key
    const submitted = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: vera,
      payload: { processor_id: workflow, inputs: inputs(sealed) },
    });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json<ErrorBody>().errors[0]).toMatchObject({
      detail: 'This value must be encrypted with the instance key.',
      source: { pointer: '/data/attributes/inputs/login/token' },
    });

    // written into another execution's row, it does not open there
    const other = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: vera,
      payload: { processor_id: workflow, inputs: inputs(await encryptForInstance(app, 'vera-guess', vera)) },
    });
    const otherId = other.json<{ data: { id: string } }>().data.id;
    const [row] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(otherId)));
    await app.ctx.db
      .update(executions)
      .set({
        inputs: row!.inputs.map((group) => ({ ...group, items: group.items.map((item) => (item.identifier === 'token' ? { ...item, value: sealed } : item)) })),
      })
      .where(eq(executions.id, Number(otherId)));
    expect((await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${otherId}/execute`, headers: vera })).statusCode).toBe(200);
    expect(await check(otherId)).toMatchObject({ status: 'failed', error: 'Input login.token cannot be decrypted: it was not sealed for this execution.' });
  });

  it('keeps a schedule’s password sealed for the schedule, masked when served, kept when the mask comes back, and given to its runs', async () => {
    const api = schedulesApi(app);
    const payload = { processor_id: workflow, title: 'Nightly login', strategy: 'single-execution' as const, start_time: '2090-05-01T00:00:00Z' };
    // a new schedule has no stored password to keep
    expect(await api.refused({ ...payload, inputs: { tasks: [{ task_id: 'login', inputs: { token: ENCRYPTED_VALUE_MASK } }] } }, olga)).toEqual({
      '/data/attributes/inputs/login/token': 'A value is required.',
    });
    const schedule = await api.created({ ...payload, inputs: { tasks: [{ task_id: 'login', inputs: { token: cipher } }] } }, olga);
    expect(schedule.attributes.inputs.tasks[0]!.inputs.token).toBe(ENCRYPTED_VALUE_MASK);
    const sealed = (await scheduleRow(app, schedule.id)).inputs.tasks[0]!.inputs.token!;
    expect(sealed).toMatch(/^asb-sealed:v1:/);
    expect((await api.share(schedule.id, [lab], olga)).statusCode).toBe(200);
    expect((await api.get(schedule.id, vera)).body).not.toContain(sealed);

    // the schedule form sends the mask back for a password left empty: the stored one stays
    const renamed = await api.patched(
      schedule.id,
      { title: 'Nightly login (renamed)', inputs: { tasks: [{ task_id: 'login', inputs: { token: ENCRYPTED_VALUE_MASK } }] } },
      olga,
    );
    expect(renamed.attributes.inputs.tasks[0]!.inputs.token).toBe(ENCRYPTED_VALUE_MASK);
    expect(
      await app.ctx.keystore.open((await scheduleRow(app, schedule.id)).inputs.tasks[0]!.inputs.token!, `schedule:${schedule.attributes.identifier}`),
    ).toBe(SECRET);

    await new Scheduler(app.ctx, { clock: new TestClock('2090-05-01T00:00:01Z') }).tick();
    const [run] = await scheduledExecutions(app, schedule.id);
    expect(await check(String(run!.id))).toMatchObject({ status: 'success', check: 'ok' });
  });

  it('seals, at start, passwords an older version stored as the browser’s ciphertext', async () => {
    const created = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/executions',
      headers: olga,
      payload: { processor_id: workflow, inputs: inputs(cipher) },
    });
    const id = created.json<{ data: { id: string; attributes: { identifier: string } } }>().data;
    const [row] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(id.id)));
    // as an older version stored it
    const legacy = row!.inputs.map((group) => ({
      ...group,
      items: group.items.map((item) => (item.identifier === 'token' ? { ...item, value: cipher } : item)),
    }));
    await app.ctx.db
      .update(executions)
      .set({ inputs: legacy })
      .where(eq(executions.id, Number(id.id)));

    expect(await sealLegacyInputs(app.ctx)).toBeGreaterThanOrEqual(1);
    const sealed = (await storedToken(id.id)).value;
    expect(await app.ctx.keystore.open(sealed, `execution:${id.attributes.identifier}`)).toBe(SECRET);
    expect(await sealLegacyInputs(app.ctx)).toBe(0);
    expect((await storedToken(id.id)).value).toBe(sealed);
    expect((await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id.id}/execute`, headers: olga })).statusCode).toBe(200);
    expect(await check(id.id)).toMatchObject({ status: 'success', check: 'ok' });
  });

  it('gives a password input that names a stored secret its owner’s value when the task starts, and neither stores nor serves it', async () => {
    const storeSecret = (value: string, headers: Headers) =>
      app.server.inject({
        method: 'POST',
        url: '/knowledge/v1/secrets',
        headers,
        payload: { data: { type: 'secrets', attributes: { tag: 'login-token', value } } },
      });
    const create = (headers: Headers) =>
      app.server.inject({
        method: 'POST',
        url: '/builder/v1/executions',
        headers,
        payload: { processor_id: workflow, inputs: inputs(secretReference('login-token')) },
      });

    // a tag the caller has not stored is refused under the input
    const unknown = await create(olga);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors[0]).toMatchObject({
      detail: 'You have no secret with the tag "login-token": store it on the Secrets page first.',
      source: { pointer: '/data/attributes/inputs/login/token' },
    });

    expect((await storeSecret(SECRET, olga)).statusCode).toBe(201);
    const id = await seeds.run(workflow, inputs(secretReference('login-token')), olga);
    expect(await check(id)).toMatchObject({ status: 'success', check: 'ok' });
    // stored as the reference, the task's row masked: the value is nowhere in the database or the answers
    expect(await storedToken(id)).toMatchObject({ value: '{{secret:login-token}}', secret: 'login-token' });
    expect((await taskRows(app, id))[0]!.inputs).toMatchObject({ token: ENCRYPTED_VALUE_MASK });
    expect(JSON.stringify(await taskRows(app, id))).not.toContain(SECRET);
    await shareWithLab(id);
    for (const headers of [olga, vera]) {
      const response = await app.server.inject({ url: `/builder/v1/executions/${id}`, headers });
      expect(response.body).not.toContain(SECRET);
    }
    // another user's reference is to their own secret of that tag, never to the owner's
    expect((await storeSecret('vera-own-value', vera)).statusCode).toBe(201);
    expect(await check(await seeds.run(workflow, inputs(secretReference('login-token')), vera))).toMatchObject({ status: 'success', check: 'wrong' });
    const rerun = await app.server.inject({ method: 'POST', url: `/builder/v1/executions/${id}/rerun`, headers: vera });
    expect(rerun.statusCode).toBe(403);

    // resolved when the task starts: a secret deleted in between fails the task, saying which
    const pending = (await create(olga)).json<{ data: { id: string } }>().data.id;
    const [mine] = (await app.server.inject({ url: '/knowledge/v1/secrets', headers: olga })).json<{ data: { id: string }[] }>().data;
    expect((await app.server.inject({ method: 'DELETE', url: `/knowledge/v1/secrets/${mine!.id}`, headers: olga })).statusCode).toBe(204);
    expect((await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${pending}/execute`, headers: olga })).statusCode).toBe(200);
    expect(await check(pending)).toMatchObject({ status: 'failed', error: 'Input login.token names the secret "login-token", which its owner no longer has.' });
  });
});
