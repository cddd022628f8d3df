import type { OgcProcessSummary, StacItem } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsApi } from './helpers/applications.js';
import { catalogueClient, stacCollection, stacItem } from './helpers/catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;
const tool = (id: string, inputs = '  message: {type: string, label: Message}') =>
  `cwlVersion: v1.2\nclass: CommandLineTool\nid: ${id}\nbaseCommand: echo\ninputs:\n${inputs}\noutputs: []\n`;

/**
 * Who owns `{username}:...` collections, and what the STAC transactions may do to application
 * items (docs/applications.md): review findings 1, 2, 5b, 8c.
 */
describe('application collections: ownership, STAC writes, NUL texts', () => {
  let app: TestApp;
  let alice: Headers;
  let mallory: Headers;
  let bob: Headers;
  let staff: Headers;
  let stac: ReturnType<typeof catalogueClient>;
  let aliceApps: ReturnType<typeof applicationsApi>;

  beforeAll(async () => {
    app = await createTestApp();
    alice = await app.userWithHeader('alice');
    mallory = await app.userWithHeader('mallory');
    bob = await app.userWithHeader('bob');
    staff = await app.userWithHeader('stella', { is_staff: true });
    stac = catalogueClient(app);
    aliceApps = applicationsApi(app, alice);
    expect((await aliceApps.createCollection('Tools')).statusCode).toBe(201);
    expect((await aliceApps.upload('alice:tools', tool('echoer'))).statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a STAC collection id whose "x:" prefix is another user (403 naming the rule); own, unprefixed and superuser ids pass', async () => {
    const taken = await stac.inject('POST', 'collections', mallory, stacCollection('alice:published', { 'asb:public': true }));
    expect(taken.statusCode, taken.body).toBe(403);
    expect(taken.json<{ detail: string }>().detail).toBe(
      'Collection id "alice:published": an id "{username}:..." belongs to that user ("alice"); yours begin with "mallory:" or have no ":".',
    );
    expect((await stac.inject('POST', 'collections', staff, stacCollection('alice:ogcapi'))).statusCode).toBe(403);
    expect((await stac.inject('POST', 'collections', mallory, stacCollection('mallory:things'))).statusCode).toBe(201);
    expect((await stac.inject('POST', 'collections', mallory, stacCollection('plain-things'))).statusCode).toBe(201);
    expect((await app.server.inject({ url: '/resource-catalogue/stac/collections/alice:published' })).statusCode).toBe(404);
  });

  it('does not publish into an {owner}:published collection someone else owns (409), and keeps the edits of a refused move', async () => {
    // a superuser may name collections freely: one of this name owned by the admin stands for a taken-over one
    expect((await stac.inject('POST', 'collections', app.adminHeader, stacCollection('alice:published', { 'asb:public': true }))).statusCode).toBe(201);
    const publish = await aliceApps.update('alice:tools', { cwl_identifier: 'echoer', description: 'Edited', collection: 'alice:published' });
    expect(publish.statusCode, publish.body).toBe(409);
    expect(publish.json<{ detail: string }>().detail).toBe(
      'Collection "alice:published" is not owned by alice: applications are published only into their owner\'s own published collection.',
    );
    const application = await aliceApps.described('alice:tools', 'echoer');
    expect(application.collection).toBe('alice:tools');
    expect(application.abstract).not.toBe('Edited');
    // a refused unpublish (no permission on the target) leaves the edits unsaved too
    const move = await aliceApps.update('alice:tools', { cwl_identifier: 'echoer', description: 'Edited', collection: 'mallory:things' });
    expect(move.statusCode).toBe(404);
    expect((await aliceApps.described('alice:tools', 'echoer')).abstract).not.toBe('Edited');
  });

  it('does not deploy through /ogcapi into a {username}:ogcapi collection someone else owns (409)', async () => {
    expect((await stac.inject('POST', 'collections', app.adminHeader, stacCollection('alice:ogcapi', { 'asb:public': true }))).statusCode).toBe(201);
    const deployed = await app.server.inject({
      method: 'POST',
      url: '/ogcapi/processes',
      headers: { ...alice, 'content-type': 'application/cwl+yaml' },
      payload: tool('deployed'),
    });
    expect(deployed.statusCode, deployed.body).toBe(409);
    expect(deployed.json<{ detail: string }>().detail).toBe(
      'Collection "alice:ogcapi" exists but is owned by another user ("admin"): it is not used as yours.',
    );
  });

  it('counts as the caller’s own deployments only the {username}:ogcapi collection the caller owns', async () => {
    // bob's public ndvi first, then an ndvi in the admin-owned alice:ogcapi: the older keeps the bare id
    const bobApps = applicationsApi(app, bob);
    expect((await stac.inject('POST', 'collections', bob, stacCollection('bob:open', { 'asb:public': true }))).statusCode).toBe(201);
    expect((await bobApps.upload('bob:open', tool('ndvi'))).statusCode).toBe(201);
    expect((await applicationsApi(app, app.adminHeader).upload('alice:ogcapi', tool('ndvi'))).statusCode).toBe(201);
    const listed = await app.server.inject({ url: '/ogcapi/processes', headers: alice });
    const ids = listed
      .json<{ processes: OgcProcessSummary[] }>()
      .processes.filter((process) => process.id.startsWith('ndvi'))
      .map((process) => [process.id, process['asb:collection']]);
    expect(ids).toEqual([
      ['ndvi', 'bob:open'],
      ['ndvi@alice:ogcapi', 'alice:ogcapi'],
    ]);
  });

  it('refuses the STAC item transactions on application items (403: use the applications calls)', async () => {
    const item = 'collections/alice:tools/items/echoer';
    const detail =
      'Item "echoer" in collection "alice:tools" is an application: applications are registered, changed and deleted through /backend/v1/catalogue-collections/{id}/applications, not the STAC transactions.';
    const stored = (await stac.inject('GET', item, alice)).json<Record<string, unknown>>();
    for (const [method, url, body] of [
      ['PUT', item, { ...stored, properties: { ...(stored.properties as object), title: 'Mine' } }],
      ['PATCH', item, { properties: { title: 'Mine' } }],
      ['DELETE', item, undefined],
    ] as const) {
      for (const headers of [alice, staff]) {
        const response = await stac.inject(method, url, headers, body);
        expect(response.statusCode, `${method} ${response.body}`).toBe(403);
        expect(response.json<{ detail: string }>().detail).toBe(detail);
      }
    }
    const fake = stacItem('fake', { properties: { 'asb:type': 'application', title: 'No description' } });
    const single = await stac.inject('POST', 'collections/alice:tools/items', alice, fake);
    expect(single.statusCode, single.body).toBe(403);
    const batch = await stac.inject('POST', 'collections/alice:tools/items', alice, { type: 'FeatureCollection', features: [stacItem('ok'), fake] });
    expect(batch.statusCode, batch.body).toBe(403);
    // a product item that is not an application may not be turned into one by a patch
    expect((await stac.inject('POST', 'collections/mallory:things/items', mallory, stacItem('product'))).statusCode).toBe(201);
    const patched = await stac.inject('PATCH', 'collections/mallory:things/items/product', mallory, { properties: { 'asb:type': 'application' } });
    expect(patched.statusCode).toBe(403);
    expect((await aliceApps.described('alice:tools', 'echoer')).title).not.toBe('Mine');
  });

  it('skips application items it did not write (no package, no valid description) instead of failing', async () => {
    // written past the STAC routes, as an older version or an ingest could have
    await app.ctx.catalogue.upsertItems('alice:tools', [
      { ...stacItem('broken', { properties: { 'asb:type': 'application', title: 'echo broken' } }), links: [] } as unknown as StacItem,
    ]);
    const search = await app.server.inject({ url: '/backend/v1/catalogue-collections/search_applications_available_to_user?query=echo', headers: alice });
    expect(search.statusCode, search.body).toBe(200);
    const groups = search.json<{ data: { applications: { identifier: string }[] }[] }>().data;
    expect(groups.flatMap((group) => group.applications.map((application) => application.identifier))).toEqual(['echoer']);
    expect((await aliceApps.applications('alice:tools')).map((application) => application.identifier)).toEqual(['echoer']);
    expect((await aliceApps.describe('alice:tools', 'broken')).statusCode).toBe(404);
  });

  it('refuses NUL characters decoded from JSON inputs, defaults and CWL texts (400 naming them)', async () => {
    expect((await aliceApps.upload('alice:tools', tool('lister', '  names: {type: "string[]", label: Names}'))).statusCode).toBe(201);
    const executed = await app.server.inject({
      method: 'POST',
      url: '/backend/v1/catalogue-collections/alice:tools/execute',
      headers: alice,
      payload: { cwl_identifier: 'lister', inputs: [{ identifier: 'names', value: '["\\u0000"]' }] },
    });
    expect(executed.statusCode, executed.body).toBe(400);
    expect(executed.json<{ detail: string }>().detail).toBe('Input Names (names) may not contain NUL characters (\\u0000) (string[]).');

    const edited = await aliceApps.update('alice:tools', { cwl_identifier: 'echoer', inputs: ['message::Message::A text::["\\u0000"]'] });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json<{ detail: string }>().detail).toBe('The default of input message may not contain NUL characters (\\u0000).');

    const uploaded = await aliceApps.upload('alice:tools', tool('nul-doc').replace('baseCommand', 'doc: "a\\0b"\nbaseCommand'));
    expect(uploaded.statusCode, uploaded.body).toBe(400);
    expect(uploaded.json<{ detail: string }>().detail).toMatch(/^The CWL file may not contain NUL characters \(\\u0000\) in its texts/);
  });
});
