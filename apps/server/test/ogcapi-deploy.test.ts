import fs from 'node:fs/promises';
import path from 'node:path';
import { OGC_CONFORMANCE, OGC_EXCEPTION, type OgcProcess, type OgcProcessSummary } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testdata } from './helpers/testdata.js';

/** The shared application packages (../shared/testdata/cwl), read in place. */
const CWL = testdata('cwl');

/**
 * OGC API – Processes Part 2 on the portal (docs/ogcapi.md "Deploy, replace, undeploy"):
 * a CWL application package posted as application/cwl+yaml or in an ogcapppkg lands in the
 * caller's collection `{username}:ogcapi`, is a process of the caller's, is replaced by PUT
 * and undeployed by DELETE.
 */
describe('OGC API – Processes deploy, replace, undeploy', () => {
  let app: TestApp;
  let uma: Headers;
  let nils: Headers;
  let snuggs = '';
  let waterBody = '';
  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, headers: Headers, body?: string, type = 'application/cwl+yaml') =>
    app.server.inject({
      method,
      url,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': type }) },
      ...(body === undefined ? {} : { payload: body }),
    });

  beforeAll(async () => {
    app = await createTestApp();
    uma = await app.userWithHeader('uma');
    nils = await app.userWithHeader('nils');
    snuggs = await fs.readFile(path.join(CWL, 'eoepca-snuggs/app-package.cwl'), 'utf8');
    waterBody = await fs.readFile(path.join(CWL, 'eoap-water-bodies/cwl-workflow/app-water-body.cwl'), 'utf8');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('declares Part 2 and CWL among its conformance classes', async () => {
    const conformance = await send('GET', '/ogcapi/conformance', {});
    expect(conformance.json<{ conformsTo: string[] }>().conformsTo).toEqual(
      expect.arrayContaining([OGC_CONFORMANCE.deploy, OGC_CONFORMANCE.ogcapppkg, OGC_CONFORMANCE.cwl]),
    );
  });

  it('deploys a CWL application package into the caller’s own collection, as a process only the caller sees', async () => {
    const deployed = await send('POST', '/ogcapi/processes', uma, snuggs);
    expect(deployed.statusCode, deployed.body).toBe(201);
    const summary = deployed.json<OgcProcessSummary>();
    expect(summary).toMatchObject({ id: 'snuggs', 'asb:kind': 'application', 'asb:collection': 'uma:ogcapi' });
    expect(deployed.headers.location).toMatch(/\/ogcapi\/processes\/snuggs$/);

    const listed = await send('GET', '/ogcapi/processes', uma);
    expect(listed.json<{ processes: OgcProcessSummary[] }>().processes.map((process) => process.id)).toEqual(['snuggs']);
    const described = await send('GET', '/ogcapi/processes/snuggs', uma);
    expect(described.statusCode, described.body).toBe(200);
    const process = described.json<OgcProcess>();
    expect(process.inputs.input_reference).toMatchObject({ minOccurs: 1, schema: { type: 'array', items: { type: 'string' } } });
    expect(process.inputs.s_expression).toMatchObject({ schema: { type: 'array', items: { type: 'string' } } });
    expect(process.outputs.wf_outputs).toMatchObject({ schema: { type: 'array', items: { type: 'string', format: 'uri' } } });
    // the qualified form names it too
    expect((await send('GET', '/ogcapi/processes/snuggs@uma:ogcapi', uma)).statusCode).toBe(200);
    // its package as deployed, which an ADES client compares with its own instead of deploying again
    const packaged = await send('GET', '/ogcapi/processes/snuggs/package', uma);
    expect(packaged.statusCode, packaged.body).toBe(200);
    expect(packaged.headers['content-type']).toMatch(/^application\/cwl\+yaml/);
    expect(packaged.body.trim()).toBe(snuggs.trim());
    expect((await send('GET', '/ogcapi/processes/snuggs/package', nils)).json()).toMatchObject({ status: 404, type: OGC_EXCEPTION.noSuchProcess });

    // another user does not see it, nor may undeploy or replace it
    for (const [method, body] of [
      ['GET', undefined],
      ['DELETE', undefined],
      ['PUT', snuggs],
    ] as const) {
      const response = await send(method, '/ogcapi/processes/snuggs', nils, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ type: OGC_EXCEPTION.noSuchProcess });
    }
  });

  it('answers 409 duplicated-process for a second deploy of the same id', async () => {
    const again = await send('POST', '/ogcapi/processes', uma, snuggs);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ type: OGC_EXCEPTION.duplicatedProcess, status: 409 });
  });

  it('replaces a deployed application with PUT, and refuses a package of another id', async () => {
    const changed = snuggs.replace('doc: Applies s expressions to EO acquisitions', 'doc: Applies s-expressions to EO acquisitions, replaced');
    const replaced = await send('PUT', '/ogcapi/processes/snuggs', uma, changed);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ id: 'snuggs' });
    const stored = await send('GET', '/backend/v1/catalogue-collections/uma:ogcapi/cwl?identifier=snuggs', uma);
    if (stored.statusCode === 200) expect(stored.body).toContain('replaced');

    const other = await send('PUT', '/ogcapi/processes/snuggs', uma, waterBody);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json()).toMatchObject({ type: OGC_EXCEPTION.invalidParameter, detail: expect.stringContaining('not "snuggs"') });
  });

  it('deploys an ogcapppkg JSON with the CWL in its execution unit', async () => {
    const body = JSON.stringify({ processDescription: { id: 'ignored' }, executionUnit: { value: waterBody, mediaType: 'application/cwl+yaml' } });
    const deployed = await send('POST', '/ogcapi/processes', uma, body, 'application/json');
    expect(deployed.statusCode, deployed.body).toBe(201);
    const { id } = deployed.json<OgcProcessSummary>();
    expect(id).not.toBe('');
    expect((await send('GET', `/ogcapi/processes/${id}`, uma)).statusCode).toBe(200);
    expect((await send('DELETE', `/ogcapi/processes/${id}`, uma)).statusCode).toBe(204);
  });

  it('refuses what is not a CWL application package with 400, and other media types with 415', async () => {
    const notCwl = await send('POST', '/ogcapi/processes', uma, 'hello: world\n');
    expect(notCwl.statusCode, notCwl.body).toBe(400);
    expect(notCwl.json()).toMatchObject({ type: OGC_EXCEPTION.invalidParameter, status: 400 });
    const noUnit = await send('POST', '/ogcapi/processes', uma, JSON.stringify({ processDescription: {} }), 'application/json');
    expect(noUnit.statusCode).toBe(400);
    const text = await send('POST', '/ogcapi/processes', uma, '<cwl/>', 'application/xml');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ type: OGC_EXCEPTION.unsupportedMediaType, status: 415 });
    const signedOut = await send('POST', '/ogcapi/processes', {}, snuggs);
    expect(signedOut.statusCode).toBe(401);
  });

  it('undeploys with DELETE: the process is gone', async () => {
    expect((await send('DELETE', '/ogcapi/processes/snuggs', uma)).statusCode).toBe(204);
    const gone = await send('GET', '/ogcapi/processes/snuggs', uma);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ type: OGC_EXCEPTION.noSuchProcess });
    expect((await send('DELETE', '/ogcapi/processes/snuggs', uma)).statusCode).toBe(404);
  });
});
