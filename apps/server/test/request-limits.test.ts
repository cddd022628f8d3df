import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsReadOffThread } from '../src/platform/documents/document-pool.js';
import { applicationsApi, cwlUpload } from './helpers/applications.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const TOOL = 'cwlVersion: v1.2\nclass: CommandLineTool\nid: hostile\nbaseCommand: echo\noutputs: []\n';
/** A megabyte of nested lists: half a million values, 23 s of the event loop before the limits. */
const nestedLists = () => `${TOOL}inputs:\n  a:\n    type: Any\n    default: [${Array.from({ length: 131_072 }, () => '[1,[2]]').join(',')}]\n`;
/** Block YAML nesting one level a line, 200 levels deep. */
const deepYaml = () =>
  `${TOOL}inputs:\n  a:\n    type: Any\n    default:\n${Array.from({ length: 200 }, (_, level) => `${'  '.repeat(level + 3)}- `).join('\n')}x\n`;
type Upload = Awaited<ReturnType<typeof cwlUpload>>;
const deepJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** docs/security.md "Request limits": hostile documents are refused, naming the limit, and the server keeps answering. */
describe('request limits', () => {
  let app: TestApp;
  let alice: Record<string, string>;
  let stacServer: http.Server;
  let stacUrl: string;

  beforeAll(async () => {
    app = await createTestApp({ outboundAllow: ['127.0.0.1/32'] });
    alice = await app.userWithHeader('alice');
    expect((await applicationsApi(app, alice).createCollection('Limits')).statusCode).toBe(201);
    // a STAC catalog whose root nests a megabyte deep (an attacker's server; loopback allowed for the test)
    const deepCatalog = `{"type": "Catalog", "stac_version": "1.0.0", "id": "deep", "description": "deep", "links": [], "x": ${deepJson(500_000)}}`;
    stacServer = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(deepCatalog));
    await new Promise<void>((resolve) => stacServer.listen(0, '127.0.0.1', resolve));
    stacUrl = `http://127.0.0.1:${(stacServer.address() as AddressInfo).port}/catalog.json`;
  });
  afterAll(async () => {
    await new Promise((resolve) => stacServer.close(resolve));
    await app.close();
  });

  const detailOf = (body: string) => (JSON.parse(body) as { detail: string }).detail;

  /** Sends every hostile document at once; each must be refused with its limit named. */
  async function sendHostileDocuments(documents: {
    lists: Upload;
    deep: Upload;
    listsText: string;
    manyValues: string;
    hugeBody: string;
    deepFilter: string;
    signIn: string;
  }) {
    const search = (body: string) =>
      app.server.inject({ method: 'POST', url: '/resource-catalogue/stac/search', headers: { 'content-type': 'application/json' }, payload: body });
    const upload = (body: Upload) =>
      app.server.inject({
        method: 'POST',
        url: '/backend/v1/catalogue-collections/alice%3Alimits/upload_cwl',
        headers: { ...alice, ...body.headers },
        payload: body.payload,
      });
    const [lists, deployed, deep, filterValues, filterSize, deepFilter, ingest, signIn] = await Promise.all([
      upload(documents.lists),
      app.server.inject({
        method: 'POST',
        url: '/ogcapi/processes',
        headers: { ...alice, 'content-type': 'application/cwl+yaml' },
        payload: documents.listsText,
      }),
      upload(documents.deep),
      search(documents.manyValues),
      search(documents.hugeBody),
      search(documents.deepFilter),
      app.server.inject({ method: 'POST', url: '/resource-catalogue/ingest', headers: app.adminHeader, payload: { url: stacUrl } }),
      app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', headers: { 'content-type': 'application/json' }, payload: documents.signIn }),
    ]);
    expect([lists.statusCode, detailOf(lists.body)]).toEqual([400, 'The document holds more than 10,000 values.']);
    expect([deployed.statusCode, detailOf(deployed.body)]).toEqual([400, 'The document holds more than 10,000 values.']);
    expect([deep.statusCode, detailOf(deep.body)]).toEqual([400, 'The document nests deeper than 64 levels.']);
    expect(filterValues.statusCode).toBe(400);
    expect(filterValues.body).toContain('The filter holds more than 10,000 values.');
    expect([filterSize.statusCode, detailOf(filterSize.body)]).toEqual([413, 'The request body is larger than 1 MB.']);
    expect([deepFilter.statusCode, detailOf(deepFilter.body)]).toEqual([400, 'The JSON body nests deeper than 64 levels.']);
    expect([ingest.statusCode, detailOf(ingest.body)]).toEqual([400, 'The STAC document nests deeper than 64 levels.']);
    expect([signIn.statusCode, detailOf(signIn.body)]).toEqual([413, 'The request body is larger than 2 MB.']);
  }

  it('refuses each hostile document with a 4xx naming its limit, reading the YAML ones off the event loop', async () => {
    const listsText = nestedLists();
    const documents = {
      listsText,
      lists: await cwlUpload(listsText, 'hostile.cwl'),
      deep: await cwlUpload(deepYaml(), 'deep.cwl'),
      manyValues: JSON.stringify({ filter: { op: 'in', args: [{ property: 'id' }, Array.from({ length: 50_000 }, (_, index) => index)] } }),
      hugeBody: JSON.stringify({ filter: { op: 'in', args: [{ property: 'id' }, Array.from({ length: 200_000 }, (_, index) => `item-${index}`)] } }),
      deepFilter: `{"filter": ${deepJson(500_000)}}`,
      // anyone may sign in: 3 MB of JSON would be parsed before the password is looked at
      signIn: JSON.stringify({ username: 'alice', password: 'x'.repeat(3 * 1024 * 1024) }),
    };
    // What would hold the event loop is reading the documents in full. The states that show it
    // did not happen, whatever the machine's speed: the three YAML documents (the two uploads and
    // the deployment, which reads its CWL twice: for its process id, then to store it) were read by
    // the document pool's worker threads, and each JSON one was
    // refused by the guard that runs before JSON.parse or the filter's walk (its size, its
    // nesting, its values: the messages sendHostileDocuments checks name which).
    const before = documentsReadOffThread();
    await sendHostileDocuments(documents);
    expect(documentsReadOffThread() - before).toBe(4);
    // and the server goes on answering
    expect((await app.server.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a CWL $include of a server file before cwltool reads it, in plain words', async () => {
    const include = `${TOOL}inputs:\n  a:\n    type: string\n    default: {$include: /etc/passwd}\n`;
    const body = await cwlUpload(include, 'include.cwl');
    const response = await app.server.inject({
      method: 'POST',
      url: '/backend/v1/catalogue-collections/alice%3Alimits/upload_cwl',
      headers: { ...alice, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(detailOf(response.body)).toMatch(/^The document imports another file \(\$include: \/etc\/passwd\)/);
    expect(response.body).not.toMatch(/Traceback|File "|root:/);
  });
});
