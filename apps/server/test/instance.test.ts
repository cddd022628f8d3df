import type { AddressInfo } from 'node:net';
import { WebSocket } from 'undici';
import type { Health } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLoopDelay, resetEventLoopDelay } from '../src/platform/event-loop-delay.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Closed {
  code: number;
  messages: Record<string, unknown>[];
}

/** Service details, the root redirect and the live WebSocket of one instance. */
describe('instance', () => {
  let app: TestApp;
  let wsBase: string;
  beforeAll(async () => {
    app = await createTestApp({ instanceName: 'ASB test', themeFeatures: ['marketplace'], basemapUrl: 'https://tiles.example/{z}/{x}/{y}.png' });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    wsBase = `ws://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('details', () => {
    it('answers the instance details at /knowledge/api/details without sign-in', async () => {
      const response = await app.server.inject({ url: '/knowledge/api/details' });
      expect(response.statusCode).toBe(200);
      // the maps' tile template (ASB_BASEMAP_URL) reaches the web app with the other public settings
      expect(response.json()).toMatchObject({
        name: 'ASB test',
        theme_features: ['marketplace'],
        oidcProviderName: null,
        basemap_url: 'https://tiles.example/{z}/{x}/{y}.png',
      });
    });

    it('answers the service details at /usermgr/api/details', async () => {
      const response = await app.server.inject({ url: '/usermgr/api/details' });
      expect(response.json()).toMatchObject({ name: 'usermgr', version: app.ctx.config.version });
    });

    it("answers its health with the event loop's delay, which shows a stall", async () => {
      resetEventLoopDelay();
      await vi.waitFor(() => expect(eventLoopDelay().samples).toBeGreaterThan(0));
      const stalled = Date.now();
      while (Date.now() - stalled < 150) {
        // a request that holds the loop, as the documents of docs/security.md "Request limits" did
      }
      await vi.waitFor(async () => {
        const health = (await app.server.inject({ url: '/api/health' })).json<Health>();
        expect(health.status).toBe('ok');
        expect(health.event_loop_delay.max_ms).toBeGreaterThanOrEqual(100);
      });
    });

    it('publishes the OpenAPI document of the routes', async () => {
      const document = (await app.server.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/usermgr/v1/token/', '/knowledge/v1/workspaces/{id}']));
    });
  });

  it('redirects / to the portal at /asb/', async () => {
    const response = await app.server.inject({ url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/asb/');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.server.inject({ url: '/knowledge/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'Not found.' });
  });

  describe('WebSocket /builder/live', () => {
    /** Opens a socket, runs `whileOpen` after its first message, and reports how it closed. */
    function connect(path: string, headers: Record<string, string> = {}, whileOpen?: (socket: WebSocket) => Promise<void>): Promise<Closed> {
      const socket = new WebSocket(`${wsBase}${path}`, { headers });
      const messages: Record<string, unknown>[] = [];
      return new Promise((resolve, reject) => {
        socket.addEventListener('message', (event) => {
          messages.push(JSON.parse(String(event.data)) as Record<string, unknown>);
          if (messages.length === 1) void (whileOpen?.(socket) ?? Promise.resolve()).then(() => socket.close(1000), reject);
        });
        socket.addEventListener('close', (event) => resolve({ code: event.code, messages }));
        socket.addEventListener('error', () => undefined);
      });
    }
    const tokenOf = (header: { authorization: string }) => header.authorization.slice('Bearer '.length);

    it('closes at once without a token, or with an invalid one', async () => {
      expect(await connect('/builder/live')).toEqual({ code: 4401, messages: [] });
      expect(await connect('/builder/live?token=forged')).toEqual({ code: 4401, messages: [] });
    });

    it('greets a client with ?token= and forwards the events meant for it', async () => {
      const header = await app.userWithHeader('lisa');
      const closed = await connect(`/builder/live?token=${tokenOf(header)}`, {}, async (socket) => {
        await app.ctx.bus.publish({ type: 'execution', audience: 'someone-else', payload: { id: 1 } });
        await app.ctx.bus.publish({ type: 'execution', audience: 'lisa', payload: { id: 2 } });
        await app.ctx.bus.publish({ type: 'notice', audience: '*', payload: { text: 'all' } });
        await new Promise<void>((resolve) => socket.addEventListener('message', (event) => String(event.data).includes('notice') && resolve()));
      });
      expect(closed.code).toBe(1000);
      expect(closed.messages).toEqual([
        { type: 'hello', username: 'lisa' },
        { type: 'execution', id: 2 },
        { type: 'notice', text: 'all' },
      ]);
    });

    it('takes the token cookie from a same-origin page only', async () => {
      const cookie = `token=${tokenOf(app.adminHeader)}`;
      const host = new URL(wsBase).host;
      const same = await connect('/builder/live', { cookie, origin: `http://${host}` }, () => Promise.resolve());
      expect(same.messages[0]).toEqual({ type: 'hello', username: 'admin' });
      expect(await connect('/builder/live', { cookie, origin: 'http://evil.example' })).toEqual({ code: 4401, messages: [] });
    });
  });
});
