import { parseProductInputUrl, productInputUrl, type ProductSearchResponse, type StacItemCollection } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacItem } from './helpers/catalogue.js';
import { stacAnswerProblems } from './helpers/stac-validate.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The spec's own calls (spec 1 §7 "Catalogue and products"): the browser's items page with
 * the spec's bbox order and offset, the product search, and the CSW link of a product input.
 */
describe("the catalogue's spec calls", () => {
  let app: TestApp;
  let alice: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp();
    const client = catalogueClient(app);
    alice = await app.userWithHeader('alice');
    await client.createCollection('s2', alice, { 'asb:public': true });
    await client.createCollection('secret', alice);
    const days = Array.from({ length: 12 }, (_, n) => n + 1);
    await client.addItems(
      's2',
      [
        ...days.map((day) =>
          stacItem(`rome-${day}`, {
            bbox: [12, 41.5, 13, 42.5],
            datetime: `2024-01-${String(day).padStart(2, '0')}T10:00:00Z`,
            properties: { title: `Rome ${day}` },
          }),
        ),
        stacItem('paris-1', { bbox: [2, 48.5, 3, 49.5], datetime: '2024-01-03T10:00:00Z' }),
      ],
      alice,
    );
    await client.addItems('secret', [stacItem('hidden')], alice);
  });
  afterAll(async () => {
    await app.close();
  });

  const items = (query: string, headers: Record<string, string> = {}) =>
    app.server.inject({ url: `/resource-catalogue/collections/s2/items?${query}`, headers });

  it('pages items in a box given left,top,right,bottom with limit and offset', async () => {
    const query = 'bbox=11,43,14,41&datetime=2024-01-01T00:00:00Z/2024-02-01T00:00:00Z&limit=10&offset=0&f=JSON&type=dataset';
    const first = await items(query);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<StacItemCollection>();
    expect(stacAnswerProblems(page)).toEqual([]);
    expect(page.numberMatched).toBe(12);
    expect(page.numberReturned).toBe(10);
    expect(page.features[0]!.id).toBe('rome-12');
    const next = page.links.find((link) => link.rel === 'next')!;
    expect(new URL(next.href).searchParams.get('offset')).toBe('10');
    const second = (await app.server.inject({ url: new URL(next.href).pathname + new URL(next.href).search })).json<StacItemCollection>();
    expect(second.features.map((feature) => feature.id)).toEqual(['rome-2', 'rome-1']);
    expect(new URL(second.links.find((link) => link.rel === 'prev')!.href).searchParams.get('offset')).toBe('0');
    // a narrower date range
    const january5 = (await items('bbox=11,43,14,41&datetime=2024-01-05T00:00:00Z/2024-01-06T00:00:00Z')).json<StacItemCollection>();
    expect(january5.features.map((feature) => feature.id)).toEqual(['rome-5']);
  });

  it('refuses a box in the wrong order, naming bbox, and hides what the caller may not read', async () => {
    const inverted = await items('bbox=11,41,14,43');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json<{ detail: string }>().detail).toMatch(/bbox is inverted.*left, top, right, bottom/);
    expect((await items('bbox=11,43,14')).statusCode).toBe(400);
    expect((await items('datetime=2024-01-01')).statusCode).toBe(400);
    expect((await items('offset=-1')).statusCode).toBe(400);
    expect((await app.server.inject({ url: '/resource-catalogue/collections/secret/items' })).statusCode).toBe(404);
    expect((await app.server.inject({ url: '/resource-catalogue/collections/secret/items', headers: alice })).statusCode).toBe(200);
  });

  it('searches products with a box, a date range and offset paging', async () => {
    const search = (body: object) => app.server.inject({ method: 'POST', url: '/resource-catalogue/products/search', payload: body });
    const response = await search({ collection: 's2', boundingBox: [11, 41, 14, 43], dateRange: { start: '2024-01-02', end: '2024-01-04' }, limit: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProductSearchResponse>();
    expect(answer.product_count).toBe(3);
    expect(answer.product_list.map((product) => product.id)).toEqual(['rome-4', 'rome-3']);
    const product = answer.product_list[0]!;
    expect(product).toMatchObject({
      collection: 's2',
      source: 'local',
      title: 'Rome 4',
      datetime: '2024-01-04T10:00:00Z',
      thumbnail: 'https://example.org/rome-4.png',
    });
    expect(product.url).toBe(productInputUrl('s2', 'rome-4'));
    expect(product.item).toMatch(/^http:\/\/[^/]+\/resource-catalogue\/stac\/collections\/s2\/items\/rome-4$/);
    const rest = (
      await search({ collection: 's2', boundingBox: [11, 41, 14, 43], dateRange: { start: '2024-01-02', end: '2024-01-04' }, limit: 2, offset: 2 })
    ).json<ProductSearchResponse>();
    expect(rest.product_list.map((p) => p.id)).toEqual(['rome-2']);

    const inverted = await search({ collection: 's2', boundingBox: [11, 43, 14, 41], dateRange: { start: '2024-01-02', end: '2024-01-04' } });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json<{ detail: string }>().detail).toMatch(/boundingBox/);
    const badDate = await search({ collection: 's2', boundingBox: [11, 41, 14, 43], dateRange: { start: '2024-01-32', end: '2024-01-04' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ detail: string }>().detail).toMatch(/dateRange/);
    expect((await search({ collection: 'secret', boundingBox: [0, 0, 1, 1], dateRange: { start: '2024-01-01', end: '2024-01-02' } })).statusCode).toBe(404);
  });

  it('resolves the CSW link of a product input to its record', async () => {
    const link = productInputUrl('s2', 'rome-7');
    expect(parseProductInputUrl(link)).toEqual({ collectionId: 's2', itemId: 'rome-7' });
    const response = await app.server.inject({ url: link });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<StacItemCollection>();
    expect(stacAnswerProblems(answer)).toEqual([]);
    expect(answer.features.map((feature) => feature.id)).toEqual(['rome-7']);
    expect(answer.numberMatched).toBe(1);
    // a record of a collection the caller may not read is not there
    const hidden = (await app.server.inject({ url: productInputUrl('secret', 'hidden') })).json<StacItemCollection>();
    expect(hidden.features).toEqual([]);
    expect((await app.server.inject({ url: productInputUrl('secret', 'hidden'), headers: alice })).json<StacItemCollection>().features).toHaveLength(1);
    const wrong = await app.server.inject({ url: '/resource-catalogue/csw?service=WMS&request=GetRecords' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: { source: { parameter: string } }[] }>().errors[0]!.source.parameter).toBe('service');
  });

  it('reads an item through the store the engine uses, with the links of the configured portal', async () => {
    const item = await app.ctx.catalogue.readItem(null, 's2', 'rome-1');
    expect(item?.id).toBe('rome-1');
    expect(item?.assets.data!.href).toMatch(/^http:\/\/localhost:\d+\/resource-catalogue\/assets\//);
    expect(await app.ctx.catalogue.readItem(null, 'secret', 'hidden')).toBeUndefined();
    expect(await app.ctx.catalogue.canRead(null, 'secret')).toBe(false);
  });
});
