import type { ProductSearchResponse } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacItem } from './helpers/catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Spec 1 §7 Knowledge "GET mep/products with query parameters": the product search of the Search
 * products tab asked by query parameters (docs/decisions.md "mep/products"), under the
 * catalogue's read rules.
 */
describe('GET /knowledge/v1/mep/products', () => {
  let app: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    app = await createTestApp();
    const client = catalogueClient(app);
    alice = await app.userWithHeader('alice');
    bob = await app.userWithHeader('bob');
    await client.createCollection('scenes', alice, { 'asb:public': true });
    await client.createCollection('private-scenes', alice);
    await client.addItems(
      'scenes',
      [1, 2, 3, 4].map((day) =>
        stacItem(`rome-${day}`, { bbox: [12, 41.5, 13, 42.5], datetime: `2024-01-0${day}T10:00:00Z`, properties: { title: `Rome ${day}` } }),
      ),
      alice,
    );
    await client.addItems('private-scenes', [stacItem('hidden', { bbox: [12, 41.5, 13, 42.5], datetime: '2024-01-02T10:00:00Z' })], alice);
  });
  afterAll(async () => {
    await app.close();
  });

  const products = (query: string, headers: Record<string, string> = {}) => app.server.inject({ url: `/knowledge/v1/mep/products?${query}`, headers });
  const ROME = 'bbox=11,41,14,43&start=2024-01-02&end=2024-01-04';

  it('answers the products of a collection in a box and a date range, paged, as the product search does', async () => {
    const first = await products(`collection=scenes&${ROME}&limit=2`, bob);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<ProductSearchResponse>();
    expect(page.product_count).toBe(3);
    expect(page.product_list.map((product) => [product.id, product.title])).toEqual([
      ['rome-4', 'Rome 4'],
      ['rome-3', 'Rome 3'],
    ]);
    const rest = (await products(`collection=scenes&${ROME}&limit=2&offset=2`, bob)).json<ProductSearchResponse>();
    expect(rest.product_list.map((product) => product.id)).toEqual(['rome-2']);

    const post = await app.server.inject({
      method: 'POST',
      url: '/resource-catalogue/products/search',
      headers: bob,
      payload: { collection: 'scenes', boundingBox: [11, 41, 14, 43], dateRange: { start: '2024-01-02', end: '2024-01-04' }, limit: 2 },
    });
    expect(post.json()).toEqual(page);
  });

  it('needs a signed-in caller, and shows a private collection only to those who may read it', async () => {
    expect((await products(`collection=scenes&${ROME}`)).statusCode).toBe(401);
    const owner = await products(`collection=private-scenes&${ROME}`, alice);
    expect(owner.json<ProductSearchResponse>().product_list.map((product) => product.id)).toEqual(['hidden']);
    // not revealed: the same answer as a collection that does not exist
    const other = await products(`collection=private-scenes&${ROME}`, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ detail: string }>().detail).toBe('No collection "private-scenes".');
    expect((await products(`collection=nowhere&${ROME}`, bob)).statusCode).toBe(404);
  });

  it.each([
    ['no collection', ROME, /collection is required/i],
    ['no bbox', 'collection=scenes&start=2024-01-02&end=2024-01-04', /bbox is required/i],
    ['no dates', 'collection=scenes&bbox=11,41,14,43', /start is required/i],
    ['a bbox of 3 numbers', 'collection=scenes&bbox=11,41,14&start=2024-01-02&end=2024-01-04', /bbox must be 4 numbers/],
    ['a bbox of words', 'collection=scenes&bbox=a,b,c,d&start=2024-01-02&end=2024-01-04', /bbox must be 4 numbers/],
    ['an empty bbox part', 'collection=scenes&bbox=11,,14,43&start=2024-01-02&end=2024-01-04', /bbox must be 4 numbers/],
    ['an inverted bbox', 'collection=scenes&bbox=11,43,14,41&start=2024-01-02&end=2024-01-04', /south|north|inverted/i],
    ['a latitude past 90', 'collection=scenes&bbox=11,41,14,91&start=2024-01-02&end=2024-01-04', /90|latitude/i],
    ['a day that does not exist', 'collection=scenes&bbox=11,41,14,43&start=2024-01-32&end=2024-01-04', /dateRange|date/i],
    ['limit 0', `collection=scenes&${ROME}&limit=0`, /limit must be at least 1/i],
    ['a negative offset', `collection=scenes&${ROME}&offset=-1`, /offset must be at least 0/i],
  ])('refuses %s with a 400 that says what is wrong', async (_, query, message) => {
    const response = await products(query, bob);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(message);
  });
});
