import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.js';
import { OutboundFetch } from '../../platform/outbound/outbound-fetch.js';
import type { ProductQuery } from './product-search.js';
import { RemoteStacSource } from './remote-stac.js';

/**
 * A remote STAC API as Earth Search answers (stac-fastapi: `context.matched`, token paging by
 * `next` links, absolute `self` links) on loopback; the portal-to-portal case is in
 * apps/server/test/catalogue-remote.test.ts.
 */

const scene = (index: number, base: string) => ({
  type: 'Feature',
  stac_version: '1.0.0',
  id: `S2B_T32TQM_2024010${index}`,
  collection: 'sentinel-2-l2a',
  geometry: { type: 'Point', coordinates: [12.5, 41.9] },
  bbox: [12.5, 41.9, 12.5, 41.9],
  properties: { datetime: `2024-01-0${index}T10:00:00Z`, 'eo:cloud_cover': index },
  links: [{ rel: 'self', href: `${base}/collections/sentinel-2-l2a/items/S2B_T32TQM_2024010${index}` }],
  assets: { thumbnail: { href: `thumbs/${index}.jpg` } },
});

describe('remote STAC source', () => {
  let server: http.Server;
  let base = '';
  const requests: string[] = [];
  const allowing = new OutboundFetch(['127.0.0.1/32']);
  const guarded = new OutboundFetch([]);

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests.push(request.url!);
      const url = new URL(request.url!, base);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/v1/collections')
        return json(200, { collections: [{ type: 'Collection', id: 'sentinel-2-l2a', title: 'Sentinel-2 Level-2A', links: [] }], links: [] });
      if (url.pathname === '/v1/search') {
        // three scenes, two per page: the second page is reached by the token of the first's next link
        const page = url.searchParams.get('token') === 'page2' ? [3] : [1, 2];
        const next = page[0] === 1 ? [{ rel: 'next', href: `${base}/v1/search?${url.searchParams.toString()}&token=page2`, method: 'GET' }] : [];
        return json(200, { type: 'FeatureCollection', features: page.map((index) => scene(index, `${base}/v1`)), links: next, context: { matched: 3 } });
      }
      json(404, { detail: 'not found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([allowing.close(), guarded.close(), new Promise((resolve) => server.close(resolve))]);
  });

  const query = (offset: number, limit: number): ProductQuery => ({
    collection: 'es:sentinel-2-l2a',
    bbox: [12, 41, 13, 42],
    interval: { start: new Date('2024-01-01T00:00:00Z'), end: new Date('2024-01-31T23:59:59.999Z') },
    offset,
    limit,
    principal: null,
    urls: undefined as never,
  });

  it("lists the remote's collections under its name, with their URL at the remote", async () => {
    const source = new RemoteStacSource({ name: 'es', url: `${base}/v1` }, allowing);
    const { collections } = await source.collections();
    expect(collections).toEqual([
      { id: 'es:sentinel-2-l2a', title: 'Sentinel-2 Level-2A', description: null, source: 'es', href: `${base}/v1/collections/sentinel-2-l2a` },
    ]);
  });

  it('searches the box and the interval of the range, and pages by offset over the next links', async () => {
    const source = new RemoteStacSource({ name: 'es', url: `${base}/v1` }, allowing);
    requests.length = 0;
    const first = await source.search(query(0, 2));
    expect(requests).toEqual([
      `/v1/search?collections=sentinel-2-l2a&bbox=12%2C41%2C13%2C42&datetime=2024-01-01T00%3A00%3A00.000Z%2F2024-01-31T23%3A59%3A59.999Z&limit=2`,
    ]);
    expect(first.product_count).toBe(3);
    expect(first.product_list.map((product) => product.id)).toEqual(['S2B_T32TQM_20240101', 'S2B_T32TQM_20240102']);
    expect(first.product_list[0]).toEqual({
      id: 'S2B_T32TQM_20240101',
      collection: 'es:sentinel-2-l2a',
      source: 'es',
      title: 'S2B_T32TQM_20240101',
      datetime: '2024-01-01T10:00:00Z',
      start_datetime: null,
      end_datetime: null,
      geometry: { type: 'Point', coordinates: [12.5, 41.9] },
      bbox: [12.5, 41.9, 12.5, 41.9],
      thumbnail: `${base}/v1/collections/sentinel-2-l2a/items/thumbs/1.jpg`,
      url: `${base}/v1/collections/sentinel-2-l2a/items/S2B_T32TQM_20240101`,
      item: `${base}/v1/collections/sentinel-2-l2a/items/S2B_T32TQM_20240101`,
    });
    const second = await source.search(query(2, 2));
    expect(second.product_list.map((product) => product.id)).toEqual(['S2B_T32TQM_20240103']);
  });

  it('refuses an offset past what it pages through, naming offset', async () => {
    const source = new RemoteStacSource({ name: 'es', url: `${base}/v1` }, allowing);
    const error = await source.search(query(5000, 10)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toMatch(/^offset: /);
  });

  it('goes through the outbound guard: a loopback remote the operator did not allow fails with 502, and lists no collections', async () => {
    const source = new RemoteStacSource({ name: 'es', url: `${base}/v1` }, guarded);
    const error = await source.search(query(0, 10)).catch((caught: unknown) => caught);
    expect((error as HttpError).statusCode).toBe(502);
    expect((error as HttpError).message).toBe(
      `The remote catalogue es could not be searched: could not fetch ${base}/v1/search?collections=sentinel-2-l2a&bbox=12%2C41%2C13%2C42&datetime=2024-01-01T00%3A00%3A00.000Z%2F2024-01-31T23%3A59%3A59.999Z&limit=10`,
    );
    expect(await source.collections()).toEqual({
      collections: [],
      error: `The remote catalogue es could not be searched: could not fetch ${base}/v1/collections`,
    });
  });

  it('keeps the collections a few minutes, and asks a failed remote again after 30 s', async () => {
    let now = 0;
    const source = new RemoteStacSource({ name: 'es', url: `${base}/v1` }, allowing, () => now);
    requests.length = 0;
    await source.collections();
    now += 60_000;
    await source.collections();
    expect(requests).toEqual(['/v1/collections']);
    now += 5 * 60_000;
    await source.collections();
    expect(requests).toEqual(['/v1/collections', '/v1/collections']);
  });
});
