import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExtensionSchemaSummary } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCHEMA = {
  title: 'Citation Extension',
  description: 'Citations for items.',
  definitions: { fields: { properties: { 'sci:doi': { type: 'string', title: 'Data DOI' } } } },
};

/**
 * The item pages' extension schemas (docs/marketplace.md "Extension schemas"): read from their
 * URL by the server through the outbound guard, summarised, kept; signed in only; an unreadable
 * schema is a 422 saying why, never a 5xx.
 */
describe('GET /resource-catalogue/extension-schema', () => {
  let app: TestApp;
  let closed: TestApp | undefined;
  let peer: http.Server;
  let base = '';
  const hits: string[] = [];

  beforeAll(async () => {
    peer = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/sci/schema.json') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SCHEMA));
      else if (request.url === '/broken.json') response.writeHead(200, { 'content-type': 'application/json' }).end('{"title": ');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    app = await createTestApp({ outboundAllow: ['127.0.0.1/32'] });
  });
  afterAll(async () => {
    await app.close();
    await closed?.close();
    await new Promise((resolve) => peer.close(resolve));
  });

  const ask = (target: TestApp, url: string, headers: Record<string, string> = target.adminHeader) =>
    target.server.inject({ url: '/resource-catalogue/extension-schema', query: { url }, headers });

  it('summarises the schema for a signed-in user, and asks the remote host once for many page views', async () => {
    const dora = await app.userWithHeader('dora');
    const first = await ask(app, `${base}/sci/schema.json`, dora);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: ExtensionSchemaSummary }>().data).toEqual({
      url: `${base}/sci/schema.json`,
      title: 'Citation Extension',
      description: 'Citations for items.',
      fields: [{ name: 'sci:doi', title: 'Data DOI', description: null, type: 'string' }],
    });
    expect((await ask(app, `${base}/sci/schema.json`)).statusCode).toBe(200);
    expect(hits.filter((hit) => hit === '/sci/schema.json')).toHaveLength(1);
  });

  it('is not for signed-out callers: the server fetches for users only', async () => {
    expect((await ask(app, `${base}/sci/schema.json`, {})).statusCode).toBe(401);
  });

  it('answers 422 saying why for a missing or broken schema, 400 for a URL that is not http(s)', async () => {
    const missing = await ask(app, `${base}/nothing.json`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].detail).toContain('it answered 404');
    const broken = await ask(app, `${base}/broken.json`);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0].detail).toContain('it is not JSON');
    expect((await ask(app, 'file:///etc/passwd')).statusCode).toBe(400);
  });

  it('goes through the outbound guard: a portal that does not allow loopback does not fetch it', async () => {
    closed = await createTestApp();
    const before = hits.length;
    const refused = await ask(closed, `${base}/sci/schema.json`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].detail).toContain('could not fetch');
    expect(hits.length).toBe(before);
  });
});
