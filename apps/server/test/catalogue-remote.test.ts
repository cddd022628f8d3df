import type { AddressInfo } from 'node:net';
import type { ProductSearchResponse, StacItem } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Remote catalogues (docs/catalogue.md "Remote catalogues"): a second portal on loopback
 * holds a public and a private collection; the first, with ASB_STAC_REMOTES naming the
 * second's STAC API and the outbound guard allowing loopback, searches it through the
 * product search as `peer:{collection}`.
 */

const scene = (id: string, lon: number, datetime: string): StacItem => ({
  type: 'Feature',
  stac_version: '1.0.0',
  id,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lon, 45],
        [lon + 1, 45],
        [lon + 1, 46],
        [lon, 46],
        [lon, 45],
      ],
    ],
  },
  bbox: [lon, 45, lon + 1, 46],
  properties: { datetime, title: `Scene ${id}` },
  links: [],
  assets: { thumbnail: { href: `https://example.com/${id}.png`, type: 'image/png', roles: ['thumbnail'] } },
});

const collection = (id: string) => ({
  type: 'Collection' as const,
  stac_version: '1.0.0',
  id,
  description: `${id} of the peer`,
  license: 'CC0-1.0',
  extent: { spatial: { bbox: [[0, 40, 20, 50]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
  links: [],
});

describe('remote catalogues', () => {
  let peer: TestApp;
  let portal: TestApp;
  let guarded: TestApp;
  let peerUrl = '';

  beforeAll(async () => {
    peer = await createTestApp();
    const owner = (await peer.ctx.users.findByUsername('admin'))!.id;
    await peer.ctx.catalogue.upsertCollection(collection('scenes'), { ownerId: owner, isPublic: true });
    await peer.ctx.catalogue.upsertItems('scenes', [
      scene('a', 10, '2024-01-05T10:00:00Z'),
      scene('b', 11, '2024-01-15T10:00:00Z'),
      scene('c', 12, '2024-02-15T10:00:00Z'),
      scene('far', 100, '2024-01-10T10:00:00Z'),
    ]);
    await peer.ctx.catalogue.upsertCollection(collection('secret'), { ownerId: owner, isPublic: false });
    await peer.ctx.catalogue.upsertItems('secret', [scene('s', 10, '2024-01-05T10:00:00Z')]);
    await peer.server.listen({ port: 0, host: '127.0.0.1' });
    peerUrl = `http://127.0.0.1:${(peer.server.server.address() as AddressInfo).port}`;
    const remote = { name: 'peer', url: `${peerUrl}/resource-catalogue/stac` };
    portal = await createTestApp({ outboundAllow: ['127.0.0.1/32'], stacRemotes: [remote] });
    guarded = await createTestApp({ stacRemotes: [remote] });
  });
  afterAll(async () => {
    await Promise.all([portal?.close(), guarded?.close()]);
    await peer?.close();
  });

  const search = (app: TestApp, body: Record<string, unknown>) =>
    app.server.inject({
      method: 'POST',
      url: '/resource-catalogue/products/search',
      payload: { boundingBox: [9, 44, 14, 47], dateRange: { start: '2024-01-01', end: '2024-01-31' }, ...body },
    });

  it("searches the peer's public collection through the product search, as peer:{collection}", async () => {
    const response = await search(portal, { collection: 'peer:scenes' });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductSearchResponse>();
    expect(body.product_count).toBe(2);
    expect(body.product_list.map((product) => [product.id, product.source, product.collection, product.title])).toEqual([
      ['b', 'peer', 'peer:scenes', 'Scene b'],
      ['a', 'peer', 'peer:scenes', 'Scene a'],
    ]);
    // the product input value and the item link are the peer's own item URL, which answers the item
    const [first] = body.product_list;
    expect(first!.url).toBe(`${peerUrl}/resource-catalogue/stac/collections/scenes/items/b`);
    expect(first!.item).toBe(first!.url);
    expect(first!.thumbnail).toBe('https://example.com/b.png');
    const item = await fetch(first!.url);
    expect(await item.json()).toMatchObject({ id: 'b', collection: 'scenes' });
  });

  it('pages the remote by offset', async () => {
    const page = (offset: number) => search(portal, { collection: 'peer:scenes', limit: 1, offset }).then((response) => response.json<ProductSearchResponse>());
    const [first, second, third] = await Promise.all([page(0), page(1), page(2)]);
    expect([first.product_list.map((p) => p.id), second.product_list.map((p) => p.id), third.product_list.map((p) => p.id)]).toEqual([['b'], ['a'], []]);
    expect(first.product_count).toBe(2);
  });

  it('asks the peer signed out: its private collection is not found, and the local search still answers for local collections', async () => {
    const response = await search(portal, { collection: 'peer:secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductSearchResponse>()).toEqual({ product_list: [], product_count: 0 });
    expect((await search(portal, { collection: 'scenes' })).statusCode).toBe(404);
  });

  it("lists the peer's public collections beside the local ones, with their URL at the peer", async () => {
    const response = await portal.server.inject({ method: 'GET', url: '/resource-catalogue/products/collections' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      collections: [
        {
          id: 'peer:scenes',
          title: 'scenes',
          description: 'scenes of the peer',
          source: 'peer',
          href: `${peerUrl}/resource-catalogue/stac/collections/scenes`,
        },
      ],
      unavailable: [],
    });
    // a portal that may not reach the peer lists its own collections and says which remote is missing
    const missing = await guarded.server.inject({ method: 'GET', url: '/resource-catalogue/products/collections' });
    expect(missing.json()).toEqual({
      collections: [],
      unavailable: [{ source: 'peer', detail: expect.stringMatching(/^The remote catalogue peer could not be searched: could not fetch /) }],
    });
  });

  it('goes through the outbound guard: a portal that does not allow loopback answers 502 naming the remote', async () => {
    const response = await search(guarded, { collection: 'peer:scenes' });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ detail: string }>().detail).toMatch(/^The remote catalogue peer could not be searched: could not fetch http:\/\/127\.0\.0\.1:/);
  });

  it('refuses bad input before asking the remote, naming the parameter', async () => {
    const response = await search(portal, { collection: 'peer:scenes', boundingBox: [14, 44, 9, 47 + 50] });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('boundingBox');
  });
});
