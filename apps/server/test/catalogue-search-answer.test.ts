import type { StacItem, StacItemCollection, StacItemInput } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacItem } from './helpers/catalogue.js';
import { stacAnswerProblems } from './helpers/stac-validate.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A search answers its items as JSON text the database makes (docs/catalogue.md "Search
 * answers"), not through the item documents and the response serializer: each item it finds
 * must be the same JSON as the item's own URL answers (which still goes the old way) — the
 * writer's links kept and the portal's replaced, asset hrefs made absolute, odd ids encoded in
 * the links, any text and number in the properties — whichever search route found it.
 */
describe('catalogue search answers', () => {
  let app: TestApp;
  let client: ReturnType<typeof catalogueClient>;
  let alice: Record<string, string>;
  const collection = 'alice:scènes+1';
  const prefix = '/resource-catalogue/stac';

  const odd: StacItemInput = {
    ...stacItem('b:ü@x+1', { datetime: '2024-05-01T10:00:00Z' }),
    stac_extensions: ['https://stac-extensions.github.io/eo/v1.1.0/schema.json'],
    properties: {
      datetime: '2024-05-01T10:00:00Z',
      title: 'quotes " and \\ backslash, a tab\tand a line\nbreak, \u0001 a control, 雪 and 🛰',
      'eo:cloud_cover': 0.1,
      small: 1e-7,
      large: 2 ** 60,
      negative: -0.5,
      nested: { list: [1, 'two', null, true, { deep: [] }], empty: {} },
    },
    links: [
      { rel: 'self', href: 'https://elsewhere.example/not-kept' },
      { rel: 'root', href: 'https://elsewhere.example/' },
      { rel: 'license', href: 'https://example.org/licence', title: 'Licence', type: 'text/html' },
      { rel: 'via', href: 'https://example.org/source', method: 'GET', 'custom:field': { a: [1, 2] } },
      { rel: 'derived_from', href: '/resource-catalogue/stac/collections/x/items/y' },
    ],
    assets: {
      local: { href: '/resource-catalogue/assets/c/b/data.tif', type: 'image/tiff', roles: ['data'], 'raster:bands': [{ nodata: 0 }] },
      protocolRelative: { href: '//cdn.example.org/x.png', roles: ['overview'] },
      remote: { href: 'https://example.org/x.png', title: 'Remote' },
    },
  };
  const interval = stacItem('c', { interval: ['2024-05-01T00:00:00Z', '2024-05-02T00:00:00Z'] });
  const noGeometry: StacItemInput = { ...stacItem('d', { datetime: '2024-05-03T00:00:00Z' }), geometry: null, bbox: undefined, assets: {} };
  const plain = stacItem('a', { datetime: '2024-05-04T00:00:00Z' });

  const ownAnswer = async (item: StacItem) => {
    const response = await app.server.inject({ url: `${prefix}/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(item.id)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StacItem>();
  };
  const expectAsOwnUrl = async (answer: StacItemCollection, expectedIds: string[]) => {
    expect(stacAnswerProblems(answer)).toEqual([]);
    expect(answer.features.map((feature) => feature.id).sort()).toEqual([...expectedIds].sort());
    for (const feature of answer.features) expect(feature).toEqual(await ownAnswer(feature));
  };

  beforeAll(async () => {
    app = await createTestApp();
    client = catalogueClient(app);
    alice = await app.userWithHeader('alice');
    await client.createCollection(collection, alice, { 'asb:public': true });
    await client.addItems(collection, [odd, interval, noGeometry, plain], alice);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers each item of GET and POST /search as its own URL does', async () => {
    const ids = [odd.id, interval.id, noGeometry.id, plain.id];
    const got = await app.server.inject({ url: `${prefix}/search?ids=${encodeURIComponent(ids.join(','))}` });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    await expectAsOwnUrl(got.json(), ids);
    const posted = await app.server.inject({ method: 'POST', url: `${prefix}/search`, payload: { collections: [collection], bbox: [0, 0, 20, 50] } });
    expect(posted.statusCode, posted.body).toBe(200);
    await expectAsOwnUrl(posted.json(), [odd.id, interval.id, plain.id]);
  });

  it('answers the items of a collection and their pages as before', async () => {
    const first = await app.server.inject({ url: `${prefix}/collections/${encodeURIComponent(collection)}/items?limit=3` });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<StacItemCollection>();
    await expectAsOwnUrl(page, [plain.id, noGeometry.id, odd.id]);
    expect(page.numberMatched).toBe(4);
    expect(page.numberReturned).toBe(3);
    expect(page.links.map((link) => link.rel)).toEqual(['self', 'root', 'next', 'collection']);
    const next = await app.server.inject({ url: page.links.find((link) => link.rel === 'next')!.href.replace(/^https?:\/\/[^/]+/, '') });
    const rest = next.json<StacItemCollection>();
    await expectAsOwnUrl(rest, [interval.id]);
    expect(rest.links.map((link) => link.rel)).toEqual(['self', 'root', 'prev', 'collection']);
  });

  it('keeps the writer’s links but the portal’s own, and makes local asset hrefs absolute', async () => {
    const response = await app.server.inject({ url: `${prefix}/search?ids=${encodeURIComponent(odd.id)}` });
    const [item] = response.json<StacItemCollection>().features;
    expect(item!.links.map((link) => link.rel)).toEqual(['license', 'via', 'derived_from', 'self', 'parent', 'collection', 'root']);
    expect(item!.links.find((link) => link.rel === 'self')!.href).toMatch(/\/collections\/alice%3Asc%C3%A8nes%2B1\/items\/b%3A%C3%BC%40x%2B1$/);
    expect(item!.assets.local!.href).toMatch(/^https?:\/\/[^/]+\/resource-catalogue\/assets\/c\/b\/data\.tif$/);
    expect(item!.assets.protocolRelative!.href).toBe('//cdn.example.org/x.png');
    expect(item!.properties.title).toBe(odd.properties.title);
    expect(item!.properties.nested).toEqual(odd.properties.nested);
  });
});
