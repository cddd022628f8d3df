import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OGC_CONFORMANCE, OGC_EXCEPTION, OGC_REL, type OgcLink, type OgcProcess, type OgcStatusInfo } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { workflows, workspaces } from '../src/db-schema.js';
import { DEMO_COLLECTION_ID, DEMO_DEFAULT_SCENE } from '../src/modules/demo/demo-scenes.js';
import { DEMO_PRODUCT_WORKFLOW, DEMO_WORKFLOW } from '../src/modules/demo/demo-workflow.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DEMO = DEMO_WORKFLOW.identifier;

/**
 * The portal as an OGC API – Processes server (docs/ogcapi.md): landing page and conformance for everyone, processes and jobs for signed-in
 * users with OGC exceptions, and the demo workflow run through /ogcapi/ to its results.
 */
describe('OGC API – Processes server', () => {
  let app: TestApp;
  let dataDir = '';
  let uma: Headers;
  let nils: Headers;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const get = (url: string, headers: Record<string, string> = {}) => call('GET', url, headers);

  /** follows a job as a client does, until it has ended; the limit only ends a stuck test */
  function untilEnded(jobId: string): Promise<OgcStatusInfo> {
    return vi.waitFor(
      async () => {
        const status = (await get(`/ogcapi/jobs/${jobId}`, uma)).json<OgcStatusInfo>();
        if (['accepted', 'running'].includes(status.status)) throw new Error(`job ${jobId} still ${status.status}`);
        return status;
      },
      // inside the test's own 30 s, so that a stuck job fails with its status
      { timeout: 25_000, interval: 100 },
    );
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-ogcapi-'));
    // a sync execute waits for as long as the run takes here: the test waits for a state, not a time
    app = await createTestApp({ demo: true, dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 }, ogcapiSyncMs: 600_000 });
    const [workspace] = await app.ctx.db.select().from(workspaces).where(eq(workspaces.identifier, 'demo'));
    uma = await knowledgeApi(app).member('uma', { [String(workspace!.id)]: 'user' });
    nils = await knowledgeApi(app).member('nils');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers the landing page and the conformance classes to anyone', async () => {
    const landing = await get('/ogcapi/');
    expect(landing.statusCode, landing.body).toBe(200);
    const links = landing.json<{ links: OgcLink[] }>().links;
    const rel = (name: string) => links.find((link) => link.rel === name)?.href;
    expect(rel('self')).toMatch(/^http:\/\/[^/]+\/ogcapi\/$/);
    expect(rel('service-desc')).toMatch(/\/api\/openapi\.json$/);
    expect(rel(OGC_REL.conformance)).toMatch(/\/ogcapi\/conformance$/);
    expect(rel(OGC_REL.processes)).toMatch(/\/ogcapi\/processes$/);
    expect(rel(OGC_REL.jobList)).toMatch(/\/ogcapi\/jobs$/);
    // GDAL and OWSLib open the root as given, without the slash
    const bare = await get('/ogcapi');
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual(landing.json());

    const conformance = await get('/ogcapi/conformance');
    expect(conformance.statusCode).toBe(200);
    expect(conformance.json<{ conformsTo: string[] }>().conformsTo).toEqual(
      expect.arrayContaining([
        OGC_CONFORMANCE.core,
        OGC_CONFORMANCE.json,
        OGC_CONFORMANCE.processDescription,
        OGC_CONFORMANCE.jobList,
        OGC_CONFORMANCE.dismiss,
      ]),
    );
  });

  it('refuses everything else signed out with an OGC exception (401)', async () => {
    for (const [method, url] of [
      ['GET', '/ogcapi/processes'],
      ['GET', `/ogcapi/processes/${DEMO}`],
      ['POST', `/ogcapi/processes/${DEMO}/execution`],
      ['GET', '/ogcapi/jobs'],
      ['GET', '/ogcapi/jobs/1'],
      ['GET', '/ogcapi/jobs/1/results'],
      ['DELETE', '/ogcapi/jobs/1'],
    ] as const) {
      const response = await call(method, url, {}, method === 'POST' ? { inputs: {} } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Authentication credentials were not provided.' });
    }
  });

  it('lists the workflows and the (demo) application a user may execute, and describes one with its inputs and outputs as JSON Schema', async () => {
    const list = await get('/ogcapi/processes', uma);
    expect(list.statusCode, list.body).toBe(200);
    const processes = list.json<{ processes: OgcProcess[] }>().processes;
    expect(processes.map((process) => process.id).sort()).toEqual(['ndvi-vegetation-demo', 'product-ndvi-demo', 'water-bodies-demo']);
    expect(processes.find((process) => process.id === 'water-bodies-demo')).toMatchObject({ 'asb:kind': 'application' });
    const demo = processes.find((process) => process.id === DEMO)!;
    expect(demo).toMatchObject({
      title: DEMO_WORKFLOW.label,
      description: DEMO_WORKFLOW.shortDescription,
      version: '1',
      jobControlOptions: ['sync-execute', 'async-execute', 'dismiss'],
      'asb:kind': 'workflow',
    });
    expect(demo.links.find((link) => link.rel === OGC_REL.execute)?.href).toMatch(new RegExp(`/ogcapi/processes/${DEMO}/execution$`));
    // no workflow is shared with a user without a role; the demo application's collection is public
    expect((await get('/ogcapi/processes', nils)).json<{ processes: { id: string }[] }>().processes.map((process) => process.id)).toEqual([
      'water-bodies-demo',
    ]);

    const described = await get(`/ogcapi/processes/${DEMO}`, uma);
    expect(described.statusCode, described.body).toBe(200);
    const process = described.json<OgcProcess>();
    // the visible, editable inputs of the execute form; the hidden seed keeps its value
    expect(Object.keys(process.inputs).sort()).toEqual(['east', 'nir_band', 'north', 'red_band', 'size', 'south', 'threshold', 'west']);
    expect(process.inputs.threshold).toMatchObject({ title: 'NDVI threshold', minOccurs: 0, maxOccurs: 1, schema: { type: 'number', default: 0.3 } });
    expect(process.inputs.size!.schema).toMatchObject({ type: 'integer', minimum: 16, maximum: 2048 });
    expect(process.outputs.report).toMatchObject({ schema: { type: 'string', format: 'uri' } });
    expect(Object.keys(process.outputs)).toEqual(expect.arrayContaining(['scene', 'ndvi', 'mean_ndvi', 'mask', 'vegetation_share', 'report', 'text']));
  });

  it('pages the processes with limit, offset and a next link', async () => {
    const all = (await get('/ogcapi/processes', uma)).json<{ processes: OgcProcess[] }>().processes.map((process) => process.id);
    const seen: string[] = [];
    let url: string | undefined = '/ogcapi/processes?limit=2';
    while (url) {
      const page: { processes: OgcProcess[]; links: OgcLink[] } = (await get(url, uma)).json();
      expect(page.processes.length).toBeLessThanOrEqual(2);
      seen.push(...page.processes.map((process) => process.id));
      const next = page.links.find((link) => link.rel === 'next')?.href;
      url = next === undefined ? undefined : new URL(next).pathname + new URL(next).search;
    }
    expect(seen).toEqual(all);
    expect((await get('/ogcapi/processes?limit=1&offset=1', uma)).json<{ processes: OgcProcess[] }>().processes.map((process) => process.id)).toEqual([all[1]]);
  });

  it('answers a path of no route under /ogcapi/ with a problem+json 404', async () => {
    for (const url of ['/ogcapi/nothing-here', '/ogcapi/jobs/1/nothing', '/ogcapi/processes/x/y/z?f=json']) {
      const response = await get(url, uma);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 404, title: 'Not Found', detail: expect.stringContaining(url.replace(/\?.*$/, '')) });
    }
  });

  it('answers 404 no-such-process for an unknown process and for one the caller may not see', async () => {
    for (const [url, headers] of [
      ['/ogcapi/processes/no-such-thing', uma],
      [`/ogcapi/processes/${DEMO}`, nils],
      [`/ogcapi/processes/${DEMO}@someone:else`, uma],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ type: OGC_EXCEPTION.noSuchProcess, status: 404, title: 'Not Found' });
    }
    const execute = await call('POST', `/ogcapi/processes/${DEMO}/execution`, nils, { inputs: {} });
    expect(execute.statusCode).toBe(404);
    // the qualified form of a workflow names it too
    expect((await get(`/ogcapi/processes/${DEMO}@workflow`, uma)).statusCode).toBe(200);
    // a workflow has no application package to compare with
    const noPackage = await get(`/ogcapi/processes/${DEMO}/package`, uma);
    expect(noPackage.statusCode).toBe(404);
    expect(noPackage.json()).toMatchObject({ status: 404, detail: expect.stringContaining('no application package') });
  });

  it('refuses bad input with 400, naming the input, and starts no job', async () => {
    const before = (await get('/ogcapi/jobs', uma)).json<{ jobs: unknown[] }>().jobs.length;
    const refused = async (body: unknown) => {
      const response = await call('POST', `/ogcapi/processes/${DEMO}/execution`, uma, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ type: string; detail: string }>();
    };
    expect(await refused({ inputs: { colour: 'green' } })).toMatchObject({
      type: OGC_EXCEPTION.invalidParameter,
      detail: `Process ${DEMO} has no input "colour".`,
    });
    expect(await refused({ inputs: { size: 10 } })).toMatchObject({
      type: OGC_EXCEPTION.invalidParameter,
      detail: 'Input "size": Size (pixels) must be at least 16.',
    });
    expect(await refused({ inputs: { west: 4.6, east: 4.5 } })).toMatchObject({ detail: expect.stringContaining('Input "west"') });
    expect((await refused({ inputs: 'all of them' })).type).toBe(OGC_EXCEPTION.invalidParameter);
    expect(await refused({ inputs: {}, outputs: { colour: {} } })).toMatchObject({ detail: expect.stringContaining(`no output "colour"`) });
    expect(await refused({ inputs: {}, response: 'raw' })).toMatchObject({ detail: expect.stringContaining('response "raw" is not served') });
    expect((await get('/ogcapi/jobs', uma)).json<{ jobs: unknown[] }>().jobs).toHaveLength(before);
  });

  it('runs the NDVI demo asynchronously to its results, downloadable with the same bearer token', async () => {
    const response = await call(
      'POST',
      `/ogcapi/processes/${DEMO}/execution`,
      { ...uma, prefer: 'respond-async' },
      { inputs: { size: 64, threshold: { value: 0.25 } } },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['preference-applied']).toBe('respond-async');
    const accepted = response.json<OgcStatusInfo>();
    expect(response.headers.location).toMatch(new RegExp(`/ogcapi/jobs/${accepted.jobID}$`));
    expect(accepted).toMatchObject({ processID: DEMO, type: 'process', status: expect.stringMatching(/^(accepted|running)$/) });

    const ended = await untilEnded(accepted.jobID);
    expect(ended).toMatchObject({ status: 'successful', progress: 100, finished: expect.any(String), started: expect.any(String) });
    expect(ended.links.find((link) => link.rel === OGC_REL.results)?.href).toMatch(new RegExp(`/ogcapi/jobs/${accepted.jobID}/results$`));

    const results = await get(`/ogcapi/jobs/${accepted.jobID}/results`, uma);
    expect(results.statusCode, results.body).toBe(200);
    const outputs = results.json<Record<string, unknown>>();
    expect(outputs.text).toMatch(/^Vegetation covers/);
    expect(typeof outputs.mean_ndvi).toBe('number');
    const report = outputs.report as { href: string; type: string };
    expect(report.type).toBe('application/json');
    const href = new URL(report.href);
    const file = await get(href.pathname, uma);
    expect(file.statusCode).toBe(200);
    expect(JSON.parse(file.body)).toBeTypeOf('object');
    // the file route is the builder’s: another user may not read it
    expect((await get(href.pathname, nils)).statusCode).toBe(403);

    // the job is the portal's execution: /monitoring lists it
    const execution = await get(`/builder/v1/executions/${accepted.jobID}`, uma);
    expect(
      execution.json<{ data: { attributes: { status: string; inputs: { items: { identifier: string; value: string }[] }[] } } }>().data.attributes,
    ).toMatchObject({
      status: 'success',
    });
  });

  it('runs the NDVI demo synchronously: the answer is the results, only the outputs asked for', async () => {
    const response = await call('POST', `/ogcapi/processes/${DEMO}/execution`, uma, {
      inputs: { size: 32 },
      outputs: { text: { transmissionMode: 'value' }, mean_ndvi: {} },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.location).toMatch(/\/ogcapi\/jobs\/\d+$/);
    const results = response.json<Record<string, unknown>>();
    expect(Object.keys(results).sort()).toEqual(['mean_ndvi', 'text']);
    expect(results.text).toMatch(/^Vegetation covers/);
    // the job's results, read later, hold the same outputs
    const later = await get(`${new URL(String(response.headers.location)).pathname}/results`, uma);
    expect(later.json()).toEqual(results);
  });

  it('runs the product workflow on a root-relative STAC item URL, as a STAC client copies it', async () => {
    const item = `/resource-catalogue/stac/collections/${DEMO_COLLECTION_ID}/items/${DEMO_DEFAULT_SCENE}`;
    const response = await call('POST', `/ogcapi/processes/${DEMO_PRODUCT_WORKFLOW.identifier}/execution`, uma, { inputs: { product: item } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ text: string }>().text).toMatch(/^Vegetation covers/);
  });

  it('lists the caller’s jobs only, and answers 404 no-such-job for another user’s', async () => {
    const list = await get('/ogcapi/jobs', uma);
    expect(list.statusCode, list.body).toBe(200);
    const jobs = list.json<{ jobs: OgcStatusInfo[] }>().jobs;
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.every((job) => ([DEMO, DEMO_PRODUCT_WORKFLOW.identifier] as string[]).includes(job.processID) && job.type === 'process')).toBe(true);
    const successful = await get('/ogcapi/jobs?status=successful&limit=1', uma);
    expect(successful.json<{ jobs: OgcStatusInfo[]; links: OgcLink[] }>()).toMatchObject({
      jobs: [{ status: 'successful' }],
      links: expect.arrayContaining([expect.objectContaining({ rel: 'next' })]),
    });
    // self and next keep the filter
    const links = successful.json<{ links: OgcLink[] }>().links;
    for (const rel of ['self', 'next']) {
      const href = new URL(links.find((link) => link.rel === rel)!.href);
      expect(Object.fromEntries(href.searchParams)).toMatchObject({ status: 'successful', limit: '1' });
    }
    expect((await get('/ogcapi/jobs?status=finished', uma)).json()).toMatchObject({ type: OGC_EXCEPTION.invalidParameter, status: 400 });
    expect((await get('/ogcapi/jobs', nils)).json<{ jobs: unknown[] }>().jobs).toEqual([]);

    const theirs = jobs[0]!.jobID;
    for (const [method, url] of [
      ['GET', `/ogcapi/jobs/${theirs}`],
      ['GET', `/ogcapi/jobs/${theirs}/results`],
      ['DELETE', `/ogcapi/jobs/${theirs}`],
      ['GET', '/ogcapi/jobs/999999'],
      ['GET', '/ogcapi/jobs/not-a-number'],
    ] as const) {
      const response = await call(method, url, nils);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ type: OGC_EXCEPTION.noSuchJob, status: 404 });
    }
  });

  it('answers result-not-ready for a job that has not ended, and dismisses it', async () => {
    // an execution created on the portal and never submitted: a job that is accepted and stays so
    const [workflow] = await app.ctx.db.select().from(workflows).where(eq(workflows.identifier, DEMO));
    const created = await call('POST', '/builder/v1/executions', uma, { processor_id: String(workflow!.id), inputs: [] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await get(`/ogcapi/jobs/${id}`, uma)).json()).toMatchObject({ status: 'accepted', progress: 0 });
    const notReady = await get(`/ogcapi/jobs/${id}/results`, uma);
    expect(notReady.statusCode).toBe(404);
    expect(notReady.json()).toMatchObject({ type: OGC_EXCEPTION.resultNotReady });

    const dismissed = await call('DELETE', `/ogcapi/jobs/${id}`, uma);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ jobID: id, status: 'dismissed' });
    expect((await get(`/ogcapi/jobs?status=dismissed`, uma)).json<{ jobs: OgcStatusInfo[] }>().jobs.map((job) => job.jobID)).toContain(id);
    // dismissing again changes nothing
    expect((await call('DELETE', `/ogcapi/jobs/${id}`, uma)).json()).toMatchObject({ status: 'dismissed' });
    // a dismissed job has no results: a 404 problem, not a server error
    const gone = await get(`/ogcapi/jobs/${id}/results`, uma);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(gone.json()).toMatchObject({ type: OGC_EXCEPTION.noSuchJob, status: 404, detail: expect.stringContaining('dismissed') });
  });
});
