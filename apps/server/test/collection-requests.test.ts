import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const BASE = '/knowledge/v1/collections';

interface RequestDocument {
  data: { id: string; attributes: Record<string, unknown> & { identifier: string; ownerId: string; status: string } };
}

/**
 * Collection requests (spec 3 §2 "Collection requests", §5, §7 knowledge collections, §8): a user
 * requests a collection, the identifier normalised and MEP-WPS added; only the requester and
 * staff see it; staff move its status and the requester hears of it live.
 */
describe('collection requests', () => {
  let app: TestApp;
  let rita: { authorization: string };
  let sam: { authorization: string };
  let staff: { authorization: string };
  const events: LiveEvent[] = [];
  const post = (attributes: Record<string, unknown>, headers: Record<string, string> = rita) =>
    app.server.inject({ method: 'POST', url: BASE, headers, payload: { data: { type: 'collections', attributes } } });

  beforeAll(async () => {
    app = await createTestApp();
    rita = await app.userWithHeader('rita');
    sam = await app.userWithHeader('sam');
    staff = await app.userWithHeader('stella', { is_staff: true });
    app.ctx.bus.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await app.close();
  });

  it('records a request: the identifier normalised with its prefix, MEP-WPS among the keywords, the JSON fields parsed, pending', async () => {
    const created = await post({
      identifier: '  Évapotranspiration Île-de-France_v2 ',
      title: 'ET over Paris',
      keywords: 'evapotranspiration  paris',
      geometry: '[[2.2, 48.8], [2.5, 48.8], [2.5, 48.9], [2.2, 48.8]]',
      contactPoint: '{"name": "Rita", "email": "rita@example.org"}',
      authors: [{ type: 'person', email: 'rita@example.org', name: 'Rita' }],
      additionalAttributes: [{ key: 'resolution', value: '10 m' }],
      abstract: 'Daily ET',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { attributes } = created.json<RequestDocument>().data;
    expect(attributes).toMatchObject({
      identifier: 'urn:eop:MEPWPS:evapotranspiration-ile-de-france-v2',
      title: 'ET over Paris',
      label: 'ET over Paris',
      keywords: ['evapotranspiration', 'paris', 'MEP-WPS'],
      geometry: [
        [2.2, 48.8],
        [2.5, 48.8],
        [2.5, 48.9],
        [2.2, 48.8],
      ],
      contactPoint: { name: 'Rita', email: 'rita@example.org' },
      authors: [{ type: 'person', email: 'rita@example.org', name: 'Rita' }],
      additionalAttributes: [{ key: 'resolution', value: '10 m' }],
      status: 'pending',
      ownerId: 'rita',
      requestPayload: expect.objectContaining({ identifier: 'urn:eop:MEPWPS:evapotranspiration-ile-de-france-v2', abstract: 'Daily ET' }),
    });
  });

  it('refuses a request without identifier or title (400, spec 3 §8), and a JSON field that does not parse under that field', async () => {
    for (const attributes of [{ title: 'No identifier' }, { identifier: 'x' }, { identifier: '!!!', title: 'Nothing left of it' }]) {
      const refused = await post(attributes);
      expect([refused.statusCode, refused.json<{ detail: string }>().detail]).toEqual([400, 'Identifier and title are mandatory fields.']);
    }
    const geometry = await post({ identifier: 'a', title: 'A', geometry: '[4.3, 51.1]' });
    expect(geometry.statusCode).toBe(400);
    expect(geometry.json<{ errors: { detail: string; source: { pointer: string } }[] }>().errors).toEqual([
      expect.objectContaining({
        detail: 'Please insert a valid geometry in double square brackets JSON format.',
        source: { pointer: '/data/attributes/geometry' },
      }),
    ]);
    const distribution = await post({ identifier: 'a', title: 'A', distribution: '{not json' });
    expect(distribution.json<{ errors: { detail: string }[] }>().errors[0]!.detail).toBe('Please enter a valid JSON string.');
    expect((await post({ identifier: 'a', title: 'A' }, {})).statusCode).toBe(401);
  });

  it('shows a request to its requester and staff only; only staff change its status, and the requester hears of it live', async () => {
    const mine = (await post({ identifier: 'Soil moisture', title: 'Soil moisture' })).json<RequestDocument>().data;
    const theirs = (await post({ identifier: 'Snow cover', title: 'Snow cover' }, sam)).json<RequestDocument>().data;
    const listOf = async (headers: Record<string, string>, query = '') =>
      (await app.server.inject({ url: `${BASE}?sort=-createdAt${query}`, headers })).json<{ data: RequestDocument['data'][] }>().data.map((row) => row.id);
    expect(await listOf(rita)).not.toContain(theirs.id);
    expect(await listOf(rita)).toContain(mine.id);
    // newest first
    expect((await listOf(staff)).slice(0, 2)).toEqual([theirs.id, mine.id]);
    expect(await listOf(staff, '&filter[ownerId]=sam')).toEqual([theirs.id]);
    expect((await app.server.inject({ url: `${BASE}/${theirs.id}`, headers: rita })).statusCode).toBe(403);

    const change = (headers: Record<string, string>, status: string) =>
      app.server.inject({
        method: 'PATCH',
        url: `${BASE}/${mine.id}`,
        headers,
        payload: { data: { type: 'collections', id: mine.id, attributes: { status } } },
      });
    expect((await change(rita, 'created')).statusCode).toBe(403);
    events.length = 0;
    const changed = await change(staff, 'running');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<RequestDocument>().data.attributes.status).toBe('running');
    expect(events).toContainEqual({ type: 'collectionRequestUpdate', audience: 'rita', payload: { id: mine.id, status: 'running' } });
    expect((await change(staff, 'finished')).statusCode).toBe(400);
    // the requester withdraws it
    expect((await app.server.inject({ method: 'DELETE', url: `${BASE}/${mine.id}`, headers: rita })).statusCode).toBe(204);
    expect((await app.server.inject({ method: 'DELETE', url: `${BASE}/${theirs.id}`, headers: rita })).statusCode).toBe(403);
  });
});
