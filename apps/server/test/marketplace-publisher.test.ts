import type { MarketplaceResource } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacCollection, stacItem } from './helpers/catalogue.js';
import type { Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 30 §6: any user could present any collection id as the marketplace publisher — a
 * collection `esa` of mallory's was listed as published by "esa". The publisher shown is the
 * collection's owner; staff name organisations (docs/marketplace.md).
 */
describe('marketplace: the publisher is the owner', () => {
  let app: TestApp;
  let mallory: Headers;
  let curator: Headers;

  beforeAll(async () => {
    app = await createTestApp();
    mallory = await app.userWithHeader('mallory');
    curator = await app.userWithHeader('curator', { is_staff: true, is_superuser: true });
  });
  afterAll(() => app.close());

  /** a public collection of `headers`' with one model item, published as its owner does it */
  const publishModel = async (headers: Headers, collection: string, itemId: string) => {
    const made = await app.server.inject({
      method: 'POST',
      url: '/backend/catalogue/stac/collections',
      headers,
      payload: stacCollection(collection, { 'asb:public': true }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const item = stacItem(itemId, { properties: { type: 'model', title: `Model ${itemId}` } });
    const written = await app.server.inject({ method: 'POST', url: `/backend/catalogue/stac/collections/${collection}/items`, headers, payload: item });
    expect(written.statusCode, written.body).toBe(201);
    const published = await app.server.inject({
      method: 'PUT',
      url: `/resource-catalogue/collections/${collection}/items/${itemId}/published`,
      headers,
      payload: { published: true },
    });
    expect(published.statusCode, published.body).toBe(200);
  };
  const listed = async () => {
    const response = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources' });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { resources: MarketplaceResource[]; collections: { identifier: string; publisher: string }[] } }>().data;
  };

  it('shows the owner, not a collection id a user chose, and the organisation staff named', async () => {
    await publishModel(mallory, 'esa', 'spoof');
    await publishModel(mallory, 'mallory:models', 'own');
    await publishModel(curator, 'esa:models', 'sentinel-cloud-mask');

    const page = await listed();
    const publisherOf = (identifier: string) => page.resources.find((resource) => resource.identifier === identifier)?.publisher;
    expect([publisherOf('spoof'), publisherOf('own'), publisherOf('sentinel-cloud-mask')]).toEqual(['mallory', 'mallory', 'esa']);
    expect(page.collections.find((collection) => collection.identifier === 'esa')?.publisher).toBe('mallory');
    // and so does the item's page, signed out
    const publication = await app.server.inject({ url: '/resource-catalogue/collections/esa/items/spoof/published' });
    expect(publication.json<{ data: { publisher: string } }>().data.publisher).toBe('mallory');
    // the search by publisher finds mallory's under mallory only
    const searched = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { q: 'esa' } });
    expect(
      searched
        .json<{ data: { resources: MarketplaceResource[] } }>()
        .data.resources.filter((resource) => resource.publisher === 'esa')
        .map((r) => r.identifier),
    ).toEqual(['sentinel-cloud-mask']);
  });
});
