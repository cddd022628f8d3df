import type { StacItemCollection } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxGeometry, catalogueClient, stacItem } from './helpers/catalogue.js';
import { stacAnswerProblems } from './helpers/stac-validate.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * STAC item search (docs/catalogue.md "Search"): bbox, intersects with the exact footprint,
 * the antimeridian, open datetime intervals, token paging, sortby, CQL2-JSON filters, and a
 * 400 naming the parameter for every bad value. Every answer is valid STAC.
 */
describe('catalogue search', () => {
  let app: TestApp;
  let client: ReturnType<typeof catalogueClient>;
  let alice: Record<string, string>;

  const search = async (query: string, prefix = '/resource-catalogue/stac') => {
    const response = await app.server.inject({ url: `${prefix}/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<StacItemCollection>();
    expect(stacAnswerProblems(answer)).toEqual([]);
    return answer;
  };
  const post = async (body: object) => {
    const response = await app.server.inject({ method: 'POST', url: '/resource-catalogue/stac/search', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<StacItemCollection>();
    expect(stacAnswerProblems(answer)).toEqual([]);
    return answer;
  };
  const ids = (answer: StacItemCollection) => answer.features.map((feature) => feature.id);
  const filtered = async (filter: object) =>
    ids(await search(`collections=scenes&filter=${encodeURIComponent(JSON.stringify(filter))}&filter-lang=cql2-json&sortby=id`));
  const refused = async (query: string) => {
    const response = await app.server.inject({ url: `/resource-catalogue/stac/search?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ detail: string; errors: { source?: { parameter?: string } }[] }>();
  };

  beforeAll(async () => {
    app = await createTestApp();
    client = catalogueClient(app);
    alice = await app.userWithHeader('alice');
    await client.createCollection('scenes', alice, { 'asb:public': true });
    await client.addItems(
      'scenes',
      [
        stacItem('a', { bbox: [10, 40, 11, 41], datetime: '2024-01-05T10:00:00Z', properties: { 'eo:cloud_cover': 5, platform: 'sentinel-2a' } }),
        stacItem('b', { bbox: [10, 40, 11, 41], datetime: '2024-01-20T10:00:00Z', properties: { 'eo:cloud_cover': 50, platform: 'sentinel-2b' } }),
        stacItem('c', { bbox: [20, 40, 21, 41], datetime: '2024-02-10T10:00:00Z', properties: { 'eo:cloud_cover': 10, platform: 'sentinel-2a' } }),
        // an L: its bbox covers (35, 5), its shape does not
        stacItem('d', {
          bbox: [30, 0, 40, 10],
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [30, 0],
                [40, 0],
                [40, 1],
                [31, 1],
                [31, 10],
                [30, 10],
                [30, 0],
              ],
            ],
          },
          datetime: '2023-06-01T10:00:00Z',
          properties: { 'eo:cloud_cover': 20, platform: 'landsat-9' },
        }),
        // across the antimeridian, split as RFC 7946 asks
        stacItem('am', {
          bbox: [179, -10, -179, -5],
          geometry: {
            type: 'MultiPolygon',
            coordinates: [boxGeometry([179, -10, 180, -5]).coordinates, boxGeometry([-180, -10, -179, -5]).coordinates],
          },
          datetime: '2024-03-01T10:00:00Z',
        }),
        // an interval, no datetime
        stacItem('iv', { bbox: [50, 50, 51, 51], interval: ['2023-12-01T00:00:00Z', '2024-12-31T23:59:59Z'] }),
      ],
      alice,
    );
  });
  afterAll(async () => {
    await app.close();
  });

  describe('where', () => {
    it('finds the items whose box meets the bbox, newest first', async () => {
      expect(ids(await search('bbox=9,39,12,42'))).toEqual(['b', 'a']);
      expect(ids(await search('bbox=100,0,101,1'))).toEqual([]);
    });

    it('tests intersects against the footprint, not only its box', async () => {
      expect(ids(await post({ intersects: boxGeometry([35, 5, 36, 6]) }))).toEqual([]);
      expect(ids(await post({ intersects: boxGeometry([30.2, 5, 30.5, 6]) }))).toEqual(['d']);
      expect(ids(await post({ intersects: { type: 'Point', coordinates: [30.5, 9] } }))).toEqual(['d']);
      expect(ids(await post({ intersects: { type: 'Point', coordinates: [35, 9] } }))).toEqual([]);
    });

    it('finds an item crossing the antimeridian from either side, and with a box that crosses it', async () => {
      expect(ids(await search('bbox=178,-9,179.5,-6'))).toEqual(['am']);
      expect(ids(await search('bbox=-179.5,-9,-178,-6'))).toEqual(['am']);
      expect(ids(await search('bbox=170,-20,-170,0'))).toEqual(['am']);
      expect(ids(await post({ bbox: [175, -8, -175, -7] }))).toEqual(['am']);
      // a box crossing the antimeridian takes nothing in between
      expect(ids(await search('bbox=170,35,-170,45'))).toEqual([]);
    });
  });

  describe('when', () => {
    it('matches instants and intervals against closed and open intervals', async () => {
      expect(ids(await search('datetime=2024-01-10T00:00:00Z/..&sortby=id'))).toEqual(['am', 'b', 'c', 'iv']);
      expect(ids(await search('datetime=../2024-01-10T00:00:00Z&sortby=id'))).toEqual(['a', 'd', 'iv']);
      expect(ids(await search('datetime=2024-01-01T00:00:00Z/2024-01-31T23:59:59Z&sortby=id'))).toEqual(['a', 'b', 'iv']);
      expect(ids(await search('datetime=2024-06-01T00:00:00Z'))).toEqual(['iv']);
      expect(ids(await search('datetime=2024-01-05T10:00:00Z/2024-01-05T10:00:00Z'))).toEqual(['a', 'iv']);
      expect(ids(await search(`datetime=${encodeURIComponent('2024-01-05T12:00:00+02:00')}/..&bbox=9,39,12,42`))).toEqual(['b', 'a']);
    });
  });

  describe('pages', () => {
    it('pages with next and prev links that carry a token, and counts every match', async () => {
      const first = await search('limit=4');
      expect(first.numberMatched).toBe(6);
      expect(first.numberReturned).toBe(4);
      expect(first.links.find((link) => link.rel === 'prev')).toBeUndefined();
      const next = first.links.find((link) => link.rel === 'next')!;
      expect(next.href).toMatch(/^http:\/\/[^/]+\/resource-catalogue\/stac\/search\?.*token=/);
      const second = await search(new URL(next.href).search.slice(1));
      expect(second.numberReturned).toBe(2);
      expect(second.links.find((link) => link.rel === 'next')).toBeUndefined();
      expect([...ids(first), ...ids(second)].sort()).toEqual(['a', 'am', 'b', 'c', 'd', 'iv']);
      const prev = second.links.find((link) => link.rel === 'prev')!;
      expect(ids(await search(new URL(prev.href).search.slice(1)))).toEqual(ids(first));
    });

    it('pages a POST search with next links that POST the body with the token', async () => {
      const first = await post({ limit: 2, sortby: [{ field: 'id', direction: 'asc' }] });
      expect(ids(first)).toEqual(['a', 'am']);
      const next = first.links.find((link) => link.rel === 'next') as unknown as { method: string; body: object };
      expect(next.method).toBe('POST');
      expect(ids(await post(next.body))).toEqual(['b', 'c']);
    });

    it("pages a collection's items", async () => {
      const response = await app.server.inject({ url: '/backend/catalogue/stac/collections/scenes/items?limit=5&f=json' });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<StacItemCollection>();
      expect(stacAnswerProblems(page)).toEqual([]);
      expect(page.numberMatched).toBe(6);
      expect(page.features).toHaveLength(5);
      // the same data under the other prefix, linked under it
      expect(page.features[0]!.links.find((link) => link.rel === 'self')!.href).toMatch(/\/backend\/catalogue\/stac\/collections\/scenes\/items\//);
    });
  });

  describe('sortby', () => {
    it('sorts by a property and by core fields, either way', async () => {
      expect(ids(await search('sortby=%2Bproperties.eo:cloud_cover'))).toEqual(['a', 'c', 'd', 'b', 'am', 'iv']);
      expect(ids(await search('sortby=-eo:cloud_cover&limit=2'))).toEqual(['b', 'd']);
      expect(ids(await post({ sortby: [{ field: 'id', direction: 'desc' }], limit: 3 }))).toEqual(['iv', 'd', 'c']);
      expect(ids(await search('sortby=datetime&limit=2'))).toEqual(['d', 'iv']);
    });
  });

  describe('filter (CQL2-JSON)', () => {
    const platform = { property: 'platform' };
    const cloud = { property: 'eo:cloud_cover' };
    it('compares, combines and negates', async () => {
      expect(await filtered({ op: '=', args: [platform, 'sentinel-2a'] })).toEqual(['a', 'c']);
      expect(
        await filtered({
          op: 'and',
          args: [
            { op: '=', args: [platform, 'sentinel-2a'] },
            { op: '<', args: [cloud, 8] },
          ],
        }),
      ).toEqual(['a']);
      expect(
        await filtered({
          op: 'or',
          args: [
            { op: '>=', args: [cloud, 50] },
            { op: '=', args: [{ property: 'id' }, 'd'] },
          ],
        }),
      ).toEqual(['b', 'd']);
      expect(await filtered({ op: 'not', args: [{ op: '<>', args: [platform, 'landsat-9'] }] })).toEqual(['am', 'd', 'iv']);
      expect(await filtered({ op: 'isNull', args: [cloud] })).toEqual(['am', 'iv']);
      expect(await filtered({ op: '>', args: [15, cloud] })).toEqual(['a', 'c']);
    });

    it('matches like, in and between', async () => {
      expect(await filtered({ op: 'like', args: [platform, 'sentinel-2%'] })).toEqual(['a', 'b', 'c']);
      expect(await filtered({ op: 'in', args: [platform, ['landsat-9', 'sentinel-2b']] })).toEqual(['b', 'd']);
      expect(await filtered({ op: 'between', args: [cloud, 10, 20] })).toEqual(['c', 'd']);
    });

    it('tests s_intersects and t_intersects', async () => {
      expect(await filtered({ op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [9, 39, 12, 42] }] })).toEqual(['a', 'b']);
      expect(await filtered({ op: 's_intersects', args: [{ property: 'geometry' }, boxGeometry([35, 5, 36, 6])] })).toEqual([]);
      expect(await filtered({ op: 't_intersects', args: [{ property: 'datetime' }, { interval: ['2024-02-01T00:00:00Z', '..'] }] })).toEqual(['am', 'c', 'iv']);
      expect(await filtered({ op: 't_intersects', args: [{ property: 'datetime' }, { timestamp: '2024-01-05T10:00:00Z' }] })).toEqual(['a', 'iv']);
      expect(await filtered({ op: '<', args: [{ property: 'datetime' }, { timestamp: '2024-01-01T00:00:00Z' }] })).toEqual(['d', 'iv']);
    });

    it('takes the filter in a POST body', async () => {
      const answer = await post({ filter: { op: '=', args: [platform, 'landsat-9'] }, 'filter-lang': 'cql2-json' });
      expect(ids(answer)).toEqual(['d']);
    });
  });

  describe('bad values are a 400 naming the parameter', () => {
    it.each([
      ['bbox=10,41,11,40', 'bbox', /inverted/],
      ['bbox=200,0,201,1', 'bbox', /longitude 200/],
      ['bbox=0,-95,1,1', 'bbox', /latitude -95/],
      ['bbox=1,2,3', 'bbox', /4 numbers/],
      ['datetime=2024-13-01T00:00:00Z', 'datetime', /datetime/],
      ['datetime=yesterday', 'datetime', /datetime/],
      ['datetime=../..', 'datetime', /closed end/],
      ['datetime=2024-02-01T00:00:00Z/2024-01-01T00:00:00Z', 'datetime', /after the end/],
      ['limit=10001', 'limit', /Limit/],
      ['limit=0', 'limit', /Limit/],
      ['sortby=geometry', 'sortby', /sortby/],
      ['sortby=%24bad', 'sortby', /sortby/],
      ['filter=%7Bnot%20json', 'filter', /filter/],
      [`filter=${encodeURIComponent(JSON.stringify({ op: 'frobnicate', args: [] }))}`, 'filter', /frobnicate/],
      [`filter=${encodeURIComponent(JSON.stringify({ op: '=', args: [{ property: 'x' }] }))}`, 'filter', /filter/],
      [`filter=${encodeURIComponent(JSON.stringify({ op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [0, 10, 1, 5] }] }))}`, 'filter', /inverted/],
      ['filter=%7B%7D&filter-lang=cql2-text', 'filter-lang', /cql2-json/],
      ['token=nonsense', 'token', /token/],
      ['intersects=%7B%22type%22%3A%22Blob%22%7D', 'intersects', /intersects/],
      ['f=xml', 'f', /f "xml"/],
    ])('%s', async (query, parameter, message) => {
      const body = await refused(query);
      expect(body.errors[0]!.source?.parameter).toBe(parameter);
      expect(body.detail).toMatch(message);
    });

    it('refuses a bad POST body', async () => {
      const response = await app.server.inject({ method: 'POST', url: '/resource-catalogue/stac/search', payload: { bbox: [10, 41, 11, 40] } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/bbox is inverted/);
      const limit = await app.server.inject({ method: 'POST', url: '/resource-catalogue/stac/search', payload: { limit: 20000 } });
      expect(limit.statusCode).toBe(400);
      expect(limit.json<{ detail: string }>().detail).toMatch(/Limit/);
    });

    it('answers 404 for an unknown collection', async () => {
      const response = await app.server.inject({ url: '/resource-catalogue/stac/collections/nope/items' });
      expect(response.statusCode).toBe(404);
      expect((await app.server.inject({ url: '/resource-catalogue/stac/collections/nope' })).statusCode).toBe(404);
      expect((await app.server.inject({ url: '/resource-catalogue/stac/collections/scenes/items/nope' })).statusCode).toBe(404);
    });
  });
});
