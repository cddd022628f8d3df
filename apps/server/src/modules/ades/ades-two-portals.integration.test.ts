import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationsApi } from '../../../test/helpers/applications.js';
import { taskLog, waitForStatus } from '../../../test/helpers/engine.js';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { executions } from '../builder/executions.schema.js';

/**
 * One portal is the ADES of another (docs/ades.md): portals A and B on loopback (real servers,
 * their own databases and data folders). B's /ogcapi/ is registered on A with a token of a
 * user of B; an application of A executed on B is deployed there, runs there as an execution
 * of B, and A's execution follows it to its end and stores its results; a stop on A dismisses
 * the job on B.
 */

const GREET = `cwlVersion: v1.2
$namespaces:
  s: https://schema.org/
s:softwareVersion: 1.0.0
class: CommandLineTool
id: greet
label: Greet
doc: Writes a greeting into a file
baseCommand: echo
inputs:
  name:
    type: string
    label: Name
    doc: Who to greet
    inputBinding:
      position: 1
outputs:
  greeting:
    type: stdout
    label: Greeting
stdout: greeting.txt
`;

const NAP = `cwlVersion: v1.2
class: CommandLineTool
id: nap
label: Nap
doc: Sleeps for a while
baseCommand: sleep
inputs:
  seconds:
    type: int
    label: Seconds
    doc: How long
    inputBinding:
      position: 1
outputs: []
`;

const origin = (app: TestApp) => `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;

describe('two portals: B is an ADES of A', () => {
  let a: TestApp;
  let b: TestApp;
  const dirs: string[] = [];
  let bea: { authorization: string };
  let collection = '';
  let adesId = '';

  async function portal(overrides: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-ades-'));
    dirs.push(dataDir);
    const app = await createTestApp({ dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 }, ...overrides });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  beforeAll(async () => {
    b = await portal({});
    // A reaches B on loopback: allowed to its outbound guard; B's job is read often
    a = await portal({ outboundAllow: ['127.0.0.1/32'], adesPollMs: 100 });
    bea = await b.userWithHeader('bea');
    const created = await applicationsApi(a, a.adminHeader).createCollection('Remote runs');
    expect(created.statusCode).toBe(201);
    collection = created.json<{ data: { id: string } }>().data.id;
    for (const cwl of [GREET, NAP]) expect((await applicationsApi(a, a.adminHeader).upload(collection, cwl)).statusCode).toBe(201);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const execute = (identifier: string, inputs: { identifier: string; value: unknown }[]) =>
    a.server.inject({
      method: 'POST',
      url: `/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/execute`,
      headers: a.adminHeader,
      payload: { cwl_identifier: identifier, inputs, ades_id: adesId },
    });
  const latestOn = async (app: TestApp) => {
    const [row] = await app.ctx.db.select().from(executions).where(eq(executions.kind, 'application')).orderBy(desc(executions.id)).limit(1);
    return row!;
  };
  const bJob = async (url: string) => {
    const response = await fetch(url, { headers: bea });
    return (await response.json()) as { status: string; jobID: string };
  };

  it('refuses to register what is not an OGC API – Processes server, with the reason', async () => {
    const register = (adesUrl: string) =>
      a.server.inject({ method: 'POST', url: '/backend/v1/available-ades/register', headers: a.adminHeader, payload: { ades_url: adesUrl } });
    const page = await register(`${origin(a)}/asb/`);
    expect(page.statusCode).toBe(400);
    expect(page.json().detail).toMatch(/^(Not JSON|Unreachable): /);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nothing = await register(`http://127.0.0.1:${port}/ogcapi/`);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toBe(`Unreachable: could not fetch http://127.0.0.1:${port}/ogcapi/.`);
  });

  it('registers B’s /ogcapi/ on A with a token of B', async () => {
    const response = await a.server.inject({
      method: 'POST',
      url: '/backend/v1/available-ades/register',
      headers: a.adminHeader,
      payload: { ades_url: `${origin(b)}/ogcapi/`, token: bea.authorization.slice('Bearer '.length) },
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ url: `${origin(b)}/ogcapi/`, reachable: true, hasToken: true });
    expect(data.conformsTo).toContain('http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/core');
    adesId = data.identifier;
  });

  it('runs an application of A on B: deployed there, an execution of B, followed by A to its results', async () => {
    const started = await execute('greet', [{ identifier: 'name', value: 'from A' }]);
    expect(started.statusCode).toBe(201);
    const onA = await latestOn(a);
    const done = await waitForStatus(a, String(onA.id), ['success', 'failed', 'stopped'], 100_000);
    expect(done.status, (await taskLog(a, String(onA.id), 'application')).body).toBe('success');
    expect(done.application).toMatchObject({ target: adesId, remoteJob: expect.stringContaining(`${origin(b)}/ogcapi/jobs/`) });

    // on B: the application deployed into bea's collection, and the job one of bea's executions
    const onB = await latestOn(b);
    expect(onB).toMatchObject({ kind: 'application', status: 'success' });
    expect(onB.ownerId).toBe('bea');
    expect((await bJob(done.application!.remoteJob!)).status).toBe('successful');

    // A stored the result file it downloaded from B, and its log tells the story
    const greeting = done.executionResults?.data.find((result) => result.key === 'greeting');
    expect(greeting).toMatchObject({ type: 'file', value: expect.stringMatching(/greeting\.txt$/) });
    const file = await a.server.inject({ url: String(greeting!.value), headers: a.adminHeader });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('from A\n');
    const log = (await taskLog(a, String(onA.id), 'application')).body;
    expect(log).toContain('deployed greet on the ADES');
    expect(log).toContain('remote job: successful · 100%');
  });

  it('a stop on A dismisses the job on B', async () => {
    expect((await execute('nap', [{ identifier: 'seconds', value: 600 }])).statusCode).toBe(201);
    const onA = await latestOn(a);
    // waits for the state "the job runs on B"
    const remoteJob = await vi.waitFor(
      async () => {
        const [row] = await a.ctx.db.select().from(executions).where(eq(executions.id, onA.id));
        const url = row?.application?.remoteJob;
        if (url && (await bJob(url)).status === 'running') return url;
        throw new Error(`the job does not run on B: the execution is ${row?.status}: ${JSON.stringify(row?.executionResults)}`);
      },
      { timeout: 60_000, interval: 100 },
    );
    const stop = await a.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${onA.id}/stop`, headers: a.adminHeader });
    expect(stop.statusCode).toBeLessThan(300);
    await waitForStatus(a, String(onA.id), ['stopped'], 60_000);
    const onB = await latestOn(b);
    expect((await waitForStatus(b, String(onB.id), ['stopped', 'failed', 'success'], 60_000)).status).toBe('stopped');
    expect((await bJob(remoteJob)).status).toBe('dismissed');
    expect((await taskLog(a, String(onA.id), 'application')).body).toContain('the remote job was dismissed');
  });
});
