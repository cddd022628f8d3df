import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OGC_CONFORMANCE } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adesInstances } from '../src/modules/ades/ades.schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The ADES registry (docs/ades.md): register, list, refresh, unregister, against small OGC
 * API – Processes look-alikes on loopback (allowed to the outbound guard here), and the
 * reasons a URL that is not one is refused with.
 */

const TOKEN = 'secret-ades-token-123';

/** A fake server: `/good/` an OGC API – Processes landing page (its conformance needs TOKEN), `/html/` a web page, `/features/` an OGC API that is not Processes. */
function fakeServer() {
  let up = true;
  const server = http.createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!up) return json(503, {});
    const url = request.url ?? '';
    if (url === '/good/') return json(200, { title: 'Remote Processing', description: 'an ADES', links: [{ rel: 'conformance', href: 'conf' }] });
    if (url === '/locked/') return json(200, { title: 'Locked' });
    if (url === '/good/conf' || url === '/locked/conformance') {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { detail: 'no' });
      return json(200, { conformsTo: [OGC_CONFORMANCE.core, 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/json'] });
    }
    if (url === '/open/') return json(200, { title: 'Remote Processing', links: [] });
    if (url === '/open/conformance') return json(200, { conformsTo: [OGC_CONFORMANCE.core] });
    if (url === '/features/') return json(200, { title: 'Features' });
    if (url === '/features/conformance') return json(200, { conformsTo: ['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core'] });
    if (url === '/noconf/') return json(200, { title: 'No conformance' });
    if (url === '/html/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<!doctype html><title>portal</title>');
    }
    json(404, { detail: 'not found' });
  });
  return {
    server,
    setUp: (value: boolean) => void (up = value),
  };
}

describe('ADES registry', () => {
  let app: TestApp;
  let staff: { authorization: string };
  let user: { authorization: string };
  let base: string;
  const fake = fakeServer();

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    app = await createTestApp({ outboundAllow: ['127.0.0.1/32'] });
    staff = await app.userWithHeader('stella', { is_staff: true });
    user = await app.userWithHeader('ursula');
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const post = (url: string, payload: object, headers = staff) =>
    app.server.inject({ method: 'POST', url: `/backend/v1/available-ades/${url}`, payload, headers });
  const list = (headers: { authorization: string }) => app.server.inject({ method: 'GET', url: '/backend/v1/available-ades', headers });

  it('registers an OGC API – Processes server with its token: answered without the token, stored sealed', async () => {
    const response = await post('register', { ades_url: `${base}/good`, token: TOKEN });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        identifier: 'remote-processing',
        title: 'Remote Processing',
        url: `${base}/good/`,
        abstract: 'an ADES',
        checkedAt: expect.any(String),
        reachable: true,
        conformsTo: [OGC_CONFORMANCE.core, 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/json'],
        hasToken: true,
        problem: null,
      },
    });
    expect(response.body).not.toContain(TOKEN);
    const [row] = await app.ctx.db.select().from(adesInstances);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    // the engine's port opens it
    expect(await app.ctx.ades.find('remote-processing')).toEqual({ identifier: 'remote-processing', url: `${base}/good/`, token: TOKEN });
    expect(await app.ctx.ades.find('nothing')).toBeUndefined();
  });

  it('refuses the same URL again (409) and gives a second server with the same title its own identifier', async () => {
    const again = await post('register', { ades_url: `${base}/good/`, token: TOKEN });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('registered already');
    const other = await post('register', { ades_url: `${base}/open/` });
    expect(other.statusCode).toBe(201);
    expect(other.json().data).toMatchObject({ identifier: 'remote-processing-2', hasToken: false });
  });

  it('lists identifier and title to users, every field to staff; never a token', async () => {
    const forUser = await list(user);
    expect(forUser.statusCode).toBe(200);
    expect(forUser.json().data).toEqual([
      { identifier: 'remote-processing', title: 'Remote Processing' },
      { identifier: 'remote-processing-2', title: 'Remote Processing' },
    ]);
    const forStaff = await list(staff);
    expect(forStaff.json().data[0]).toMatchObject({ url: `${base}/good/`, reachable: true, hasToken: true });
    expect(forStaff.body).not.toContain(TOKEN);
    expect((await app.server.inject({ method: 'GET', url: '/backend/v1/available-ades' })).statusCode).toBe(401);
  });

  it('lets only staff register, refresh and unregister', async () => {
    expect((await post('register', { ades_url: `${base}/open/` }, user)).statusCode).toBe(403);
    expect((await post('refresh', { ades_id: 'remote-processing' }, user)).statusCode).toBe(403);
    expect((await post('unregister', { ades_id: 'remote-processing' }, user)).statusCode).toBe(403);
  });

  it.each([
    ['a blank URL', '  ', 'This field may not be blank.'],
    ['not a URL', 'not a url', 'not a URL'],
    ['a web page', '/html/', 'Not JSON'],
    ['no conformance document', '/noconf/', 'No conformance'],
    ['an OGC API that is not Processes', '/features/', 'Not OGC API – Processes'],
    ['a wrong token', '/locked/', 'HTTP 401 (is a token needed, or is it wrong?)'],
  ])('refuses %s with the reason', async (_what, path, reason) => {
    const response = await post('register', { ades_url: path.startsWith('/') ? `${base}${path}` : path, token: 'wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(reason);
  });

  it('refuses a closed port as unreachable, and loopback as refused by the outbound guard, naming the setting that allows it', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const response = await post('register', { ades_url: `http://127.0.0.1:${port}/ogcapi/` });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^Unreachable: could not fetch/);

    const guarded = await createTestApp();
    try {
      const refused = await guarded.server.inject({
        method: 'POST',
        url: '/backend/v1/available-ades/register',
        payload: { ades_url: `${base}/open/` },
        headers: guarded.adminHeader,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/^Refused by the outbound guard: 127\.0\.0\.1 is a loopback, private .* ASB_OUTBOUND_ALLOW/);
    } finally {
      await guarded.close();
    }
  });

  it('refresh records an ADES that stopped answering as unreachable, with the reason, and again as reachable', async () => {
    fake.setUp(false);
    const down = await post('refresh', { ades_id: 'remote-processing' });
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toMatchObject({ reachable: false, problem: expect.stringContaining('HTTP 503') });
    fake.setUp(true);
    const up = await post('refresh', { ades_id: 'remote-processing' });
    // the sealed token still opens: the conformance document needs it
    expect(up.json().data).toMatchObject({ reachable: true, problem: null });
    expect((await post('refresh', { ades_id: 'nothing' })).statusCode).toBe(404);
  });

  it('unregisters', async () => {
    const response = await post('unregister', { ades_id: 'remote-processing-2' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('remote-processing-2');
    expect((await post('unregister', { ades_id: 'remote-processing-2' })).statusCode).toBe(404);
    expect((await list(user)).json().data).toEqual([{ identifier: 'remote-processing', title: 'Remote Processing' }]);
  });
});
