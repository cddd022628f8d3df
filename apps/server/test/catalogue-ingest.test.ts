import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runIngestCommand } from '../src/modules/catalogue/ingest-command.js';
import { ingestStac, type IngestOptions } from '../src/modules/catalogue/ingest.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testdata } from './helpers/testdata.js';

/**
 * `asb catalogue ingest` (docs/catalogue.md "Ingest") on the STAC specification's own
 * examples (../shared/testdata/stac), into the real store, read back through the STAC API.
 */

const EXAMPLES = testdata('stac');
const example = (name: string) => path.join(EXAMPLES, name);

describe('catalogue ingest', () => {
  let app: TestApp;
  let alice: { authorization: string };
  let aliceId: number;

  beforeAll(async () => {
    // the HTTP ingest reads the examples from a file server on loopback
    app = await createTestApp({ outboundAllow: ['127.0.0.1/32'] });
    alice = await app.userWithHeader('alice');
    aliceId = (await app.ctx.users.findByUsername('alice'))!.id;
  });
  afterAll(() => app.close());

  const ingest = (name: string, options: Partial<IngestOptions> = {}) =>
    ingestStac(example(name), { store: app.ctx.catalogue, outbound: app.ctx.outbound }, { ownerId: aliceId, isPublic: true, ...options });
  const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

  it('ingests catalog.json: its valid collections and items, and reports the invalid documents with their reasons', async () => {
    const report = await ingest('catalog.json');
    expect(report).toMatchObject({ collections: 2, created: 1, replaced: 0 });
    expect(report.invalid.map((entry) => [entry.what, entry.reasons])).toEqual([
      ['Item proj-example', ['geometry reaches outside the bbox (at [149.1755, 61.19016])']],
      ['Collection sentinel-2', [`id sentinel-2 is also the id of the collection read from file://${example('collection-only/collection.json')}`]],
    ]);
    expect(report.skipped).toEqual([{ id: 'extensions-collection', items: 0, reason: '1 of its documents is invalid' }]);

    // signed out: the collections are public
    const list = await get('/resource-catalogue/stac/collections');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<{ collections: { id: string }[] }>()
        .collections.map((collection) => collection.id)
        .sort(),
    ).toEqual(['examples', 'sentinel-2']);
    expect((await get('/resource-catalogue/stac/collections/extensions-collection')).statusCode).toBe(404);

    const item = await get('/resource-catalogue/stac/collections/examples/items/CS3-20160503_132131_08');
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({
      id: 'CS3-20160503_132131_08',
      collection: 'examples',
      properties: { datetime: null, start_datetime: '2016-05-03T13:22:30Z', end_datetime: '2016-05-03T13:27:30Z', 'cs:sat_id': 'CS3' },
      assets: { analytic: { href: 'http://cool-sat.com/catalog/CS3-20160503_132130_04/analytic.tif', title: '4-Band Analytic' } },
    });
    const found = await app.server.inject({
      method: 'POST',
      url: '/resource-catalogue/stac/search',
      payload: { bbox: [-123, 37, -122, 38], datetime: '2016-05-03T00:00:00Z/2016-05-04T00:00:00Z' },
    });
    expect(found.json<{ features: { id: string }[] }>().features.map((feature) => feature.id)).toEqual(['CS3-20160503_132131_08']);
  });

  it('is idempotent: the same ingest again replaces what the first wrote', async () => {
    const again = await ingest('catalog.json');
    expect(again).toMatchObject({ collections: 2, created: 0, replaced: 1 });
    const page = await get('/resource-catalogue/stac/collections/examples/items');
    expect(page.json<{ numberMatched: number }>().numberMatched).toBe(1);
  });

  it('writes a collection with all its items or not at all; --skip-invalid writes the valid ones', async () => {
    const strict = await ingest('collection.json');
    expect(strict).toMatchObject({ collections: 0, created: 0, skipped: [{ id: 'simple-collection', items: 1, reason: '2 of its documents are invalid' }] });
    expect((await get('/resource-catalogue/stac/collections/simple-collection')).statusCode).toBe(404);

    const lenient = await ingest('collection.json', { skipInvalid: true });
    expect(lenient).toMatchObject({ collections: 1, created: 1 });
    const items = await get('/resource-catalogue/stac/collections/simple-collection/items');
    expect(items.json<{ features: { id: string; assets: { visual: { href: string } } }[] }>().features).toEqual([
      expect.objectContaining({
        id: '20201211_223832_CS2',
        assets: expect.objectContaining({
          visual: expect.objectContaining({ href: 'https://storage.googleapis.com/open-cogs/stac-examples/20201211_223832_CS2.tif' }),
        }),
      }),
    ]);
  });

  it('keeps a collection private unless asked: invisible signed out and to others, readable by its owner', async () => {
    const report = await ingest('extensions-collection/collection.json', { isPublic: false, skipInvalid: true });
    expect(report).toMatchObject({ collections: 1, created: 0 });
    expect((await get('/resource-catalogue/stac/collections/extensions-collection')).statusCode).toBe(404);
    const bob = await app.userWithHeader('bob');
    expect((await get('/resource-catalogue/stac/collections/extensions-collection', bob)).statusCode).toBe(404);
    expect((await get('/resource-catalogue/stac/collections/extensions-collection', alice)).statusCode).toBe(200);
  });

  it('puts items that name no collection where --collection says; a collection the catalogue lacks writes nothing', async () => {
    const into = await ingest('collectionless-item.json', { collection: 'sentinel-2' });
    expect(into).toMatchObject({ created: 1, invalid: [], skipped: [] });
    expect((await get('/resource-catalogue/stac/collections/sentinel-2/items/CS3-20160503_132131_08')).statusCode).toBe(200);

    const nowhere = await ingest('collectionless-item.json', { collection: 'no-such-collection' });
    expect(nowhere.created + nowhere.replaced).toBe(0);
    expect(nowhere.skipped).toEqual([{ id: 'no-such-collection', items: 1, reason: expect.stringContaining('no-such-collection') }]);
  });

  it('the CLI prints the counts and each invalid document with its reason, and exits 1 when something was not written', async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    try {
      const code = await runIngestCommand(app.ctx.config, example('catalog.json'), { owner: 'alice', public: true, skipInvalid: false }, async () => ({
        app: { ...app, close: async () => {} },
        store: app.ctx.catalogue,
      }));
      expect(code).toBe(1);
    } finally {
      log.mockRestore();
    }
    expect(printed.join('\n')).toBe(
      [
        `Ingested file://${example('catalog.json')}`,
        '  collections written: 2',
        '  items created: 0, replaced: 1',
        '  invalid documents: 2',
        `    Item proj-example (file://${example('extensions-collection/proj-example/proj-example.json')}):`,
        '      - geometry reaches outside the bbox (at [149.1755, 61.19016])',
        `    Collection sentinel-2 (file://${example('collection-only/collection-with-schemas.json')}):`,
        `      - id sentinel-2 is also the id of the collection read from file://${example('collection-only/collection.json')}`,
        '  collections not written: 1',
        '    extensions-collection (0 items): 1 of its documents is invalid',
        '  warnings:',
        `    - file://${example('collectionless-item.json')}: items that name no collection go into collection examples, made from the catalog file://${example('catalog.json')}`,
      ].join('\n'),
    );
  });

  describe('over HTTP for staff (POST /resource-catalogue/ingest)', () => {
    const foreignCollection = {
      type: 'Collection',
      stac_version: '1.0.0',
      id: 'alice:published',
      description: 'Not the curator’s',
      license: 'proprietary',
      extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2020-01-01T00:00:00Z', null]] } },
      links: [],
    };
    let files: http.Server;
    let base = '';

    beforeAll(async () => {
      // the examples published as a static catalog
      files = http.createServer((request, response) => {
        if (request.url === '/foreign/collection.json') {
          // a collection named as another user's (`{username}:...`)
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(foreignCollection));
          return;
        }
        const file = path.join(EXAMPLES, decodeURIComponent(new URL(request.url!, 'http://x').pathname));
        fs.readFile(file).then(
          (body) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(body);
          },
          () => {
            response.writeHead(404);
            response.end();
          },
        );
      });
      await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => files.close(resolve)));

    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      app.server.inject({ method: 'POST', url: '/resource-catalogue/ingest', headers, payload });

    it('ingests a published catalog by its URL, the caller owning what is written', async () => {
      const staff = await app.userWithHeader('curator', { is_staff: true });
      const response = await post(staff, { url: `${base}/collection-only/collection.json`, public: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        source: `${base}/collection-only/collection.json`,
        collections: 1,
        created: 0,
        replaced: 0,
        invalid: [],
        skipped: [],
        warnings: [],
      });
      // private, and the curator's: alice no longer reads it
      expect((await get('/resource-catalogue/stac/collections/sentinel-2', staff)).statusCode).toBe(200);
      expect((await get('/resource-catalogue/stac/collections/sentinel-2', alice)).statusCode).toBe(404);
      const unknown = await post(staff, { url: `${base}/no-such.json` });
      expect(unknown.json()).toMatchObject({ collections: 0, invalid: [{ source: `${base}/no-such.json`, reasons: ['answered HTTP 404'] }] });
    });

    it('skips a collection whose id "x:..." names another user (not for a superuser)', async () => {
      const staff = await app.userWithHeader('curator-3', { is_staff: true });
      const response = await post(staff, { url: `${base}/foreign/collection.json`, public: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        collections: 0,
        skipped: [
          {
            id: 'alice:published',
            items: 0,
            reason: 'Collection id "alice:published": an id "{username}:..." belongs to that user ("alice"); yours begin with "curator-3:" or have no ":".',
          },
        ],
      });
      expect((await get('/resource-catalogue/stac/collections/alice:published')).statusCode).toBe(404);
      const asRoot = await post(app.adminHeader, { url: `${base}/foreign/collection.json`, public: false });
      expect(asRoot.json()).toMatchObject({ collections: 1, skipped: [] });
    });

    it('is for staff only, and takes only http(s) URLs (never a file of the server)', async () => {
      expect((await post(alice, { url: `${base}/catalog.json` })).statusCode).toBe(403);
      expect((await post({}, { url: `${base}/catalog.json` })).statusCode).toBe(401);
      const staff = await app.userWithHeader('curator-2', { is_staff: true });
      const file = await post(staff, { url: `file://${example('catalog.json')}` });
      expect(file.statusCode).toBe(400);
      expect(JSON.stringify(file.json())).toContain('url');
    });
  });
});
