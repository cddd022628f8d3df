import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacItem } from './helpers/catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const BROWSER = 'https://stac-browser.example';
const ROOT = '/resource-catalogue/stac';

/**
 * The STAC API as standard clients expect it (issue 34 §5, docs/catalogue.md "Clients"): the
 * root without its slash, GeoJSON media types with Accept honoured, the queryables, unknown
 * query parameters refused by name, and cross-origin reads of what is public only.
 */
describe('the catalogue for standard clients', () => {
  let app: TestApp;
  let dataDir = '';
  let owner: Record<string, string>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-catalogue-clients-'));
    app = await createTestApp({ dataDir, corsOrigins: [BROWSER] });
    owner = await app.userWithHeader('olga');
    const stac = catalogueClient(app);
    await stac.createCollection('open', owner, { 'asb:public': true });
    await stac.createCollection('closed', owner);
    await stac.addItems('open', [stacItem('a', { properties: { 'eo:cloud_cover': 12, platform: 'sentinel-2a' } })], owner);
    await stac.addItems('closed', [stacItem('secret', { properties: { 'secret:field': true } })], owner);
    const folder = path.join(dataDir, 'catalogue', 'open', 'a');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'data.tif'), Buffer.alloc(64, 7));
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

  it('answers the landing page without the trailing slash, under both prefixes', async () => {
    for (const prefix of [ROOT, '/backend/catalogue/stac']) {
      const bare = await get(prefix);
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json()).toEqual((await get(`${prefix}/`)).json());
    }
  });

  it('answers items, pages of items and searches as GeoJSON, or as JSON when only that is accepted', async () => {
    for (const url of [`${ROOT}/collections/open/items/a`, `${ROOT}/collections/open/items`, `${ROOT}/search?collections=open`]) {
      expect((await get(url)).headers['content-type'], url).toBe('application/geo+json; charset=utf-8');
      expect((await get(url, { accept: 'application/geo+json' })).headers['content-type']).toBe('application/geo+json; charset=utf-8');
      expect((await get(url, { accept: 'application/json' })).headers['content-type']).toBe('application/json; charset=utf-8');
      expect((await get(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).headers['content-type']).toBe('application/geo+json; charset=utf-8');
      const refused = await get(url, { accept: 'text/html' });
      expect(refused.statusCode).toBe(406);
      expect(refused.json<{ detail: string }>().detail).toMatch(/application\/geo\+json or application\/json/);
    }
    const posted = await app.server.inject({ method: 'POST', url: `${ROOT}/search`, payload: { collections: ['open'] } });
    expect(posted.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    // a collection is no feature: plain JSON
    expect((await get(`${ROOT}/collections/open`)).headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves the queryables of the catalogue and of a readable collection as JSON Schema, linked from the landing page', async () => {
    const landing = (await get(ROOT)).json<{ links: { rel: string; href: string }[] }>();
    const link = landing.links.find((item) => item.rel === 'http://www.opengis.net/def/rel/ogc/1.0/queryables');
    expect(link?.href).toMatch(/\/resource-catalogue\/stac\/queryables$/);

    const all = await get(`${ROOT}/queryables`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toMatch(/^application\/schema\+json/);
    expect(all.json()).toMatchObject({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $id: expect.stringMatching(/\/resource-catalogue\/stac\/queryables$/),
      type: 'object',
      additionalProperties: true,
      properties: { id: { type: 'string' }, collection: { type: 'string' }, datetime: { type: 'string', format: 'date-time' }, geometry: {} },
    });

    const open = (await get(`${ROOT}/collections/open/queryables`)).json<{ properties: Record<string, { type?: string }> }>();
    expect(open.properties['eo:cloud_cover']).toMatchObject({ type: 'number' });
    expect(open.properties.platform).toMatchObject({ type: 'string' });
    // a private collection's queryables are as missing as the collection, to anyone who may not read it
    expect((await get(`${ROOT}/collections/closed/queryables`)).statusCode).toBe(404);
    expect((await get(`${ROOT}/collections/closed/queryables`, owner)).json<{ properties: object }>().properties).toHaveProperty('secret:field');
  });

  it('refuses an unknown query parameter with a 400 naming it', async () => {
    for (const url of [`${ROOT}/collections/open/items?colour=red`, `${ROOT}/search?filtre={}`, `${ROOT}?foo=1`, `${ROOT}/collections/open/queryables?x=1`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const name = new URL(url, 'http://x').searchParams.keys().next().value!;
      expect(response.body, url).toContain(name);
    }
    // the known ones still pass, sortby on items too (its conformance class is claimed)
    expect((await get(`${ROOT}/collections/open/items?limit=1&bbox=0,0,20,50&f=json&sortby=-datetime`)).statusCode).toBe(200);
  });

  it('lets a page of the configured origin read public items and assets, never a signed-in answer', async () => {
    const item = await get(`${ROOT}/collections/open/items/a`, { origin: BROWSER });
    expect(item.statusCode).toBe(200);
    expect(item.headers['access-control-allow-origin']).toBe(BROWSER);
    expect(item.headers['access-control-allow-credentials']).toBeUndefined();
    expect(item.headers.vary).toMatch(/Origin/);

    const asset = await get('/resource-catalogue/assets/open/a/data.tif', { origin: BROWSER, range: 'bytes=0-9' });
    expect(asset.statusCode).toBe(206);
    expect(asset.headers['access-control-allow-origin']).toBe(BROWSER);
    expect(String(asset.headers['access-control-expose-headers'])).toMatch(/content-range/);

    // a private item: missing to the other origin's anonymous request, and the owner's answer is not readable there
    const anonymous = await get(`${ROOT}/collections/closed/items/secret`, { origin: BROWSER });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.body).not.toContain('secret:field');
    const signedIn = await get(`${ROOT}/collections/closed/items/secret`, { ...owner, origin: BROWSER });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined();
    // nor a signed-in answer of a public item, nor another origin, nor the rest of the API
    expect((await get(`${ROOT}/collections/open/items/a`, { ...owner, origin: BROWSER })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(`${ROOT}/collections/open/items/a`, { origin: 'https://evil.example' })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await get('/knowledge/api/details', { origin: BROWSER })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a ranged asset read and of a search, and of nothing else', async () => {
    const preflight = (url: string, origin = BROWSER) =>
      app.server.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' } });
    const asset = await preflight('/resource-catalogue/assets/open/a/data.tif');
    expect(asset.statusCode).toBe(204);
    expect(asset.headers['access-control-allow-origin']).toBe(BROWSER);
    expect(String(asset.headers['access-control-allow-headers'])).toMatch(/range/);
    expect((await preflight(`${ROOT}/search`)).statusCode).toBe(204);
    expect((await preflight('/usermgr/v1/users')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(`${ROOT}/search`, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
