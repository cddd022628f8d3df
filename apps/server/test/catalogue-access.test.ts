import type { StacCollection, StacItem, StacItemCollection } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient, stacCollection, stacItem } from './helpers/catalogue.js';
import { knowledgeApi } from './helpers/knowledge-api.js';
import { stacAnswerProblems } from './helpers/stac-validate.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;

/**
 * Who sees and who writes the catalogue (docs/catalogue.md "Sharing"): a private collection
 * is invisible (404, absent from /collections and /search) to everyone but its owner, staff
 * and the members of its workspaces; a public one is readable signed out; transactions are
 * for the owner and staff.
 */
describe('catalogue access and transactions', () => {
  let app: TestApp;
  let client: ReturnType<typeof catalogueClient>;
  let alice: Headers;
  let bob: Headers;
  let carol: Headers;
  let staff: Headers;
  let workspaceId: number;

  const get = (url: string, headers: Headers = {}) => client.inject('GET', url, headers);
  const collectionIds = async (headers: Headers) => {
    const response = await get('collections', headers);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ collections: StacCollection[] }>();
    expect(stacAnswerProblems(answer)).toEqual([]);
    return answer.collections.map((collection) => collection.id);
  };
  const searchIds = async (headers: Headers) => {
    const response = await get('search?sortby=id', headers);
    expect(response.statusCode).toBe(200);
    return response.json<StacItemCollection>().features.map((feature) => `${feature.collection}/${feature.id}`);
  };

  beforeAll(async () => {
    app = await createTestApp();
    client = catalogueClient(app);
    const knowledge = knowledgeApi(app);
    workspaceId = Number(await knowledge.workspace('team'));
    alice = await knowledge.member('alice', { [workspaceId]: 'developer' });
    bob = await app.userWithHeader('bob');
    carol = await knowledge.member('carol', { [workspaceId]: 'user' });
    staff = await app.userWithHeader('stella', { is_staff: true });
    await client.createCollection('private', alice);
    await client.createCollection('open', alice, { 'asb:public': true });
    await client.addItems('private', [stacItem('p1')], alice);
    await client.addItems('open', [stacItem('o1')], alice);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('reading', () => {
    it('shows a private collection to its owner and staff only', async () => {
      expect(await collectionIds(alice)).toEqual(['open', 'private']);
      expect(await collectionIds(staff)).toEqual(['open', 'private']);
      expect(await collectionIds(bob)).toEqual(['open']);
      expect(await collectionIds({})).toEqual(['open']);
      expect(await searchIds(alice)).toEqual(['open/o1', 'private/p1']);
      expect(await searchIds(staff)).toEqual(['open/o1', 'private/p1']);
      expect(await searchIds(bob)).toEqual(['open/o1']);
      expect(await searchIds({})).toEqual(['open/o1']);
    });

    it('answers 404, not 403, for a private collection and its items', async () => {
      for (const url of ['collections/private', 'collections/private/items', 'collections/private/items/p1']) {
        expect((await get(url, bob)).statusCode, url).toBe(404);
        expect((await get(url)).statusCode, url).toBe(404);
        expect((await get(url, alice)).statusCode, url).toBe(200);
      }
      const search = await get('search?collections=private', bob);
      expect(search.json<StacItemCollection>().features).toEqual([]);
    });

    it('serves a public collection and its items signed out, as valid STAC with absolute links', async () => {
      const collection = await get('collections/open');
      expect(collection.statusCode).toBe(200);
      expect(stacAnswerProblems(collection.json())).toEqual([]);
      const item = await get('collections/open/items/o1?f=json');
      expect(item.statusCode).toBe(200);
      const document = item.json<StacItem>();
      expect(stacAnswerProblems(document)).toEqual([]);
      expect(document.links.map((link) => link.rel).sort()).toEqual(['collection', 'parent', 'root', 'self']);
      for (const link of document.links) expect(link.href).toMatch(/^http:\/\//);
      // a local asset's root-relative href is served absolute; a remote one as written
      expect(document.assets.data!.href).toMatch(/^http:\/\/[^/]+\/resource-catalogue\/assets\/c\/o1\/data\.tif$/);
      expect(document.assets.thumbnail!.href).toBe('https://example.org/o1.png');
      // sharing is the owner's business
      expect(collection.json<StacCollection>()['asb:workspaces']).toBeUndefined();
      expect((await get('collections/open', alice)).json<StacCollection>()['asb:workspaces']).toEqual([]);
    });

    it('lets the members of a shared workspace read', async () => {
      expect(await collectionIds(carol)).toEqual(['open']);
      expect(await searchIds(carol)).toEqual(['open/o1']);
      const share = await client.inject('PATCH', 'collections/private', alice, { 'asb:workspaces': [workspaceId] });
      expect(share.statusCode, share.body).toBe(200);
      expect(share.json<StacCollection>()['asb:workspaces']).toEqual([workspaceId]);
      expect(await collectionIds(carol)).toEqual(['open', 'private']);
      expect(await searchIds(carol)).toEqual(['open/o1', 'private/p1']);
      expect(await searchIds(bob)).toEqual(['open/o1']);
      expect((await get('collections/private/items/p1', carol)).statusCode).toBe(200);
      // reading is not writing
      expect((await client.inject('DELETE', 'collections/private/items/p1', carol)).statusCode).toBe(403);
      expect(await collectionIds(bob)).toEqual(['open']);
    });

    it('lists the readable collections on the landing page, with the conformance classes', async () => {
      const landing = await get('/backend/catalogue/stac/');
      expect(landing.statusCode).toBe(200);
      const document = landing.json<{ conformsTo: string[]; links: { rel: string; href: string }[] }>();
      expect(stacAnswerProblems(document)).toEqual([]);
      expect(document.conformsTo).toContain('https://api.stacspec.org/v1.0.0/item-search');
      expect(document.links.filter((link) => link.rel === 'child').map((link) => link.href.split('/').pop())).toEqual(['open']);
      const conformance = await get('/backend/catalogue/stac/conformance?f=json');
      expect(conformance.json<{ conformsTo: string[] }>().conformsTo).toEqual(document.conformsTo);
    });
  });

  describe('transactions', () => {
    it('lets any signed-in user create a collection, private by default, and refuses the signed out', async () => {
      expect((await client.inject('POST', 'collections', {}, stacCollection('anon'))).statusCode).toBe(401);
      const created = await client.inject('POST', 'collections', bob, stacCollection('bobs'));
      expect(created.statusCode, created.body).toBe(201);
      expect(stacAnswerProblems(created.json())).toEqual([]);
      expect(created.json<StacCollection>()['asb:public']).toBe(false);
      expect(await collectionIds({})).not.toContain('bobs');
      expect((await client.inject('POST', 'collections', bob, stacCollection('bobs'))).statusCode).toBe(409);
    });

    it('refuses a collection document that is not one, naming the field', async () => {
      const response = await client.inject('POST', 'collections', bob, { ...stacCollection('bad'), license: undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/license/i);
      const foreign = await client.inject('POST', 'collections', bob, stacCollection('shared', { 'asb:workspaces': [workspaceId] }));
      expect(foreign.statusCode).toBe(403);
    });

    it("keeps other users' hands off a collection: invisible is 404, visible is 403", async () => {
      expect((await client.inject('PUT', 'collections/private', bob, stacCollection('private'))).statusCode).toBe(404);
      expect((await client.inject('POST', 'collections/private/items', bob, stacItem('x'))).statusCode).toBe(404);
      expect((await client.inject('PUT', 'collections/open', bob, stacCollection('open'))).statusCode).toBe(403);
      expect((await client.inject('POST', 'collections/open/items', bob, stacItem('x'))).statusCode).toBe(403);
      expect((await client.inject('PATCH', 'collections/open/items/o1', bob, { properties: { title: 'mine' } })).statusCode).toBe(403);
      expect((await client.inject('DELETE', 'collections/open', bob)).statusCode).toBe(403);
      expect((await client.inject('DELETE', 'collections/open/items/o1', {})).statusCode).toBe(401);
    });

    it('lets the owner and staff create, replace, update and delete items', async () => {
      const created = await client.inject('POST', 'collections/open/items', alice, stacItem('o2', { properties: { title: 'Two' } }));
      expect(created.statusCode, created.body).toBe(201);
      expect(stacAnswerProblems(created.json())).toEqual([]);
      expect((await client.inject('POST', 'collections/open/items', alice, stacItem('o2'))).statusCode).toBe(409);
      const replaced = await client.inject('PUT', 'collections/open/items/o2', staff, stacItem('o2', { datetime: '2025-05-05T00:00:00Z' }));
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json<StacItem>().properties.datetime).toBe('2025-05-05T00:00:00Z');
      expect(replaced.json<StacItem>().properties.title).toBeUndefined();
      const patched = await client.inject('PATCH', 'collections/open/items/o2', alice, { properties: { title: 'Patched', 'eo:cloud_cover': 3 } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<StacItem>().properties).toMatchObject({ title: 'Patched', 'eo:cloud_cover': 3, datetime: '2025-05-05T00:00:00Z' });
      // RFC 7396: null takes a member out; a patch that is not an object would replace the whole item, so it is refused
      const removed = await client.inject('PATCH', 'collections/open/items/o2', alice, { properties: { 'eo:cloud_cover': null } });
      expect(removed.json<StacItem>().properties['eo:cloud_cover']).toBeUndefined();
      const notObject = await client.inject('PATCH', 'collections/open/items/o2', { ...alice, 'content-type': 'application/json' }, 'null');
      expect(notObject.statusCode, notObject.body).toBe(400);
      const found = await get('search?filter=' + encodeURIComponent(JSON.stringify({ op: '=', args: [{ property: 'title' }, 'Patched'] })));
      expect(found.json<StacItemCollection>().features.map((feature) => feature.id)).toEqual(['o2']);
      expect((await client.inject('PUT', 'collections/open/items/o2', alice, stacItem('other'))).statusCode).toBe(400);
      expect((await client.inject('DELETE', 'collections/open/items/o2', staff)).statusCode).toBe(204);
      expect((await get('collections/open/items/o2')).statusCode).toBe(404);
    });

    it('writes a FeatureCollection all or none, idempotently', async () => {
      const bad = await client.inject('POST', 'collections/open/items', alice, {
        type: 'FeatureCollection',
        features: [stacItem('ok'), { ...stacItem('broken'), properties: { datetime: 'soon' } }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ detail: string }>().detail).toMatch(/\/features\/1\/properties\/datetime/);
      expect((await get('collections/open/items/ok')).statusCode).toBe(404);
      const batch = { type: 'FeatureCollection', features: [stacItem('m1'), stacItem('m2')] };
      expect((await client.inject('POST', 'collections/open/items', alice, batch)).statusCode).toBe(201);
      expect((await client.inject('POST', 'collections/open/items', alice, batch)).statusCode).toBe(201);
      const page = await get('collections/open/items');
      expect(page.json<StacItemCollection>().numberMatched).toBe(3);
    });

    it('refuses an item of another collection or without a time', async () => {
      const other = await client.inject('POST', 'collections/open/items', alice, { ...stacItem('z'), collection: 'private' });
      expect(other.statusCode).toBe(400);
      const timeless = await client.inject('POST', 'collections/open/items', alice, { ...stacItem('z'), properties: { datetime: null } });
      expect(timeless.statusCode).toBe(400);
      expect(timeless.json<{ detail: string }>().detail).toMatch(/start_datetime and end_datetime/);
    });

    it('lets the owner make a collection public, and delete it with its items', async () => {
      const updated = await client.inject('PUT', 'collections/bobs', bob, stacCollection('bobs', { 'asb:public': true, title: 'Public now' }));
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await collectionIds({})).toContain('bobs');
      await client.addItems('bobs', [stacItem('b1')], bob);
      expect((await client.inject('DELETE', 'collections/bobs', bob)).statusCode).toBe(204);
      expect((await get('collections/bobs')).statusCode).toBe(404);
      expect(await searchIds(staff)).not.toContain('bobs/b1');
    });
  });
});
