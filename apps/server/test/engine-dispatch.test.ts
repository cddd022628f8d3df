import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secretReference, type ExecutionResults } from '@asb/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SECRET = 'dispatch-token';
const LOGIN = `
INPUTS = [{"name": "token", "data_type": "password"}]
OUTPUTS = [{"name": "check", "data_type": "string"}]

def execute(out_dir, **inputs):
    return {"check": "ok" if inputs["token"] == ${JSON.stringify(SECRET)} else "wrong"}
`;

/**
 * The orchestrator's dispatch (docs/engine.md "Dispatch"): a task whose inputs can never be had
 * fails once, with its reason on the report; an error of the server's own while resolving them
 * (here the database, made to fail by moving the secrets table away) fails nothing: the task
 * waits and runs at a later pass. With several replicas the first kind of error is what one
 * replica's fault must never be taken for. The engine is not started: the test runs each pass.
 */
describe('engine dispatch', () => {
  let app: TestApp;
  let keyDir = '';
  let seeds: ReturnType<typeof engineSeeds>;
  let workflow = '';

  const pass = async (id: string) => {
    app.engine.orchestrator.kick(Number(id));
    await app.engine.orchestrator.settled(Number(id));
  };
  const runWithSecret = () => seeds.run(workflow, [{ node_id: 'login', items: [{ identifier: 'token', value: secretReference('login-token') }] }]);

  beforeAll(async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-dispatch-key-'));
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 60_000, enabled: false }, secretsKeyFile: path.join(keyDir, 'secrets.key') });
    seeds = engineSeeds(app);
    await seeds.runnable('login', LOGIN, { inputs: [{ name: 'token', dataType: 'password' }], outputs: [{ name: 'check', dataType: 'string' }] });
    workflow = await seeds.workflow('login-flow', [seeds.graph([{ id: 'login', version: 'login:1' }], [])]);
    const stored = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/secrets',
      headers: app.adminHeader,
      payload: { data: { type: 'secrets', attributes: { tag: 'login-token', value: SECRET } } },
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('leaves a task whose inputs could not be read for a server fault waiting, and runs it at a later pass', async () => {
    const id = await runWithSecret();
    await app.ctx.db.execute(sql`ALTER TABLE secrets RENAME TO secrets_away`);
    try {
      await pass(id);
      const [waiting] = await taskRows(app, id);
      expect(waiting).toMatchObject({ state: 'no_status', error: null, tryNumber: 0 });
    } finally {
      await app.ctx.db.execute(sql`ALTER TABLE secrets_away RENAME TO secrets`);
    }
    await pass(id);
    const row = await waitForStatus(app, id, ['success', 'failed'], 120_000);
    expect(row.status).toBe('success');
    expect((row.executionResults as ExecutionResults).data.find((record) => record.key === 'check')?.value).toBe('ok');
    expect((await taskRows(app, id))[0]).toMatchObject({ state: 'success', tryNumber: 1 });
  });

  it('fails a task whose secret its owner deleted, with the reason on the report and no attempt counted', async () => {
    const id = await runWithSecret();
    await app.ctx.db.execute(sql`DELETE FROM secrets WHERE identifier = 'login-token'`);
    await pass(id);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    expect(row.status).toBe('failed');
    expect(await taskRows(app, id)).toMatchObject([
      { state: 'failed', tryNumber: 0, error: 'Input login.token names the secret "login-token", which its owner no longer has.' },
    ]);
  });
});
