import fs from 'node:fs';
import path from 'node:path';
import { MAX_CWL_BYTES, type UploadUpdate } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { applicationsApi } from './helpers/applications.js';
import { grantRole, seedWorkspace } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testdata } from './helpers/testdata.js';

const TESTDATA = testdata('cwl');
const read = (relative: string) => fs.readFileSync(path.join(TESTDATA, relative), 'utf8');
const WATER_BODIES = 'eoap-water-bodies/cwl-workflow/app-water-bodies-cloud-native.cwl';
const SNUGGS = 'eoepca-snuggs/app-package.cwl';
const tool = (id: string) =>
  `cwlVersion: v1.2\nclass: CommandLineTool\nid: ${id}\nbaseCommand: echo\ninputs:\n  message: {type: string, label: Message}\noutputs: []\n`;

/** Spec 3 §2, §4, §6, §7: catalogue collections and their applications (docs/applications.md). */
describe('catalogue collections and applications', () => {
  let app: TestApp;
  let alice: ReturnType<typeof applicationsApi>;
  let bob: ReturnType<typeof applicationsApi>;
  let root: ReturnType<typeof applicationsApi>;
  let anonymous: ReturnType<typeof applicationsApi>;
  let aliceHeaders: Record<string, string>;
  let bobHeaders: Record<string, string>;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    aliceHeaders = await app.userWithHeader('alice');
    bobHeaders = await app.userWithHeader('bob');
    alice = applicationsApi(app, aliceHeaders);
    bob = applicationsApi(app, bobHeaders);
    root = applicationsApi(app, app.adminHeader);
    anonymous = applicationsApi(app, {});
    app.ctx.bus.subscribe((event) => events.push(event));
    expect((await alice.createCollection('Water apps', 'Detection of water')).statusCode).toBe(201);
  });
  afterAll(async () => {
    await app.close();
  });

  const uploadsOf = (uploadId: string) =>
    events.filter((event) => event.type === 'uploadUpdate' && event.payload.upload_id === uploadId).map((event) => event.payload as unknown as UploadUpdate);

  it('creates a collection {username}:{slug}, and refuses a taken or blank name under verboseName', async () => {
    const again = await alice.createCollection('Water  Apps!');
    expect(again.statusCode).toBe(400);
    expect(again.json<{ errors: { source: { pointer: string }; detail: string }[] }>().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/verboseName' },
      detail: 'A catalogue collection with this name already exists (alice:water-apps).',
    });
    const blank = await alice.createCollection('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ errors: { source: { pointer: string } }[] }>().errors[0]!.source.pointer).toBe('/data/attributes/verboseName');
  });

  it('registers water-bodies with the upload steps in order, and describes it', async () => {
    const response = await alice.upload('alice:water-apps', read(WATER_BODIES), 'app-water-bodies-cloud-native.cwl', { upload_id: 'wb-1' });
    expect(response.statusCode, response.body).toBe(201);
    expect(uploadsOf('wb-1').map((update) => [update.step, update.progress])).toEqual([
      ['received', 25],
      ['validated', 50],
      ['described', 75],
      ['registered', 100],
    ]);
    expect(events.find((event) => event.payload.upload_id === 'wb-1')!.audience).toBe('alice');
    const application = await alice.described('alice:water-apps', 'water-bodies');
    expect(application).toMatchObject({
      collection: 'alice:water-apps',
      ownerId: 'alice',
      publication: 'private',
      softwareVersion: '1.4.1',
      processClass: 'Workflow',
    });
    expect(application.inputs.map((input) => [input.id, input.typeLabel])).toEqual([
      ['aoi', 'string'],
      ['epsg', 'string'],
      ['stac_items', 'string[]'],
      ['bands', 'string[]'],
    ]);
    expect(application.original_cwl).toBe(read(WATER_BODIES));
    expect(application.permissions).toEqual({ edit: true, delete: true, publish: true, execute: true });
    const again = await alice.upload('alice:water-apps', read(WATER_BODIES));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe('An application "water-bodies" already exists in collection "alice:water-apps".');
  });

  it('refuses what is not CWL, invalid CWL and imports with the reason, and stores nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['not-cwl', 'just: [some, yaml', /^The file is not CWL: it is neither YAML nor JSON/],
      ['invalid', 'cwlVersion: v1.2\nclass: CommandLineTool\nid: broken\ninputs:\n  a: strin\noutputs: []\n', /^The type "strin" of input "a" is not defined/],
      ['cwltool', 'cwlVersion: v1.2\nclass: CommandLineTool\nid: broken\nbaseCommand: 3\ninputs: []\noutputs: []\n', /^CWL invalid: [\s\S]*baseCommand/],
      ['imports', read('cwl-v1.2-conformance/tests/count-lines1-wf.cwl'), /imports another file \(wc-tool\.cwl\)/],
    ];
    for (const [uploadId, text, reason] of cases) {
      const response = await alice.upload('alice:water-apps', text, 'app.cwl', { upload_id: uploadId });
      expect(response.statusCode, uploadId).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(reason);
      expect(response.json<{ detail: string }>().detail).not.toMatch(/\/tmp|\/task|application\.cwl/);
      const updates = uploadsOf(uploadId);
      expect(updates.at(-1)).toMatchObject({ step: 'failed', progress: 100, message: response.json<{ detail: string }>().detail });
      expect(updates.map((update) => update.step)).toEqual(['received', 'failed']);
    }
    expect((await alice.applications('alice:water-apps')).map((application) => application.identifier)).toEqual(['water-bodies']);
  });

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const big = Buffer.alloc(MAX_CWL_BYTES + 1, 'a');
    const response = await alice.upload('alice:water-apps', big, 'big.cwl', { upload_id: 'big' });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ detail: string }>().detail).toBe('The CWL file is larger than the 20 MB limit of an upload.');
    expect(uploadsOf('big').at(-1)).toMatchObject({ step: 'failed', message: 'The CWL file is larger than the 20 MB limit of an upload.' });
    expect(await alice.applications('alice:water-apps')).toHaveLength(1);
  });

  it('keeps a private collection from other users and the signed-out, and lets a superuser in (spec 3 §6)', async () => {
    expect((await bob.describe('alice:water-apps', 'water-bodies')).statusCode).toBe(404);
    expect((await bob.list('alice:water-apps')).statusCode).toBe(404);
    expect((await anonymous.describe('alice:water-apps', 'water-bodies')).statusCode).toBe(404);
    expect((await app.server.inject({ url: '/backend/v1/catalogue-collections/alice:water-apps/applications/water-bodies/cwl' })).statusCode).toBe(404);
    expect((await bob.upload('alice:water-apps', tool('bobs'))).statusCode).toBe(404);
    expect((await bob.remove('alice:water-apps', 'water-bodies')).statusCode).toBe(404);
    const asRoot = await root.described('alice:water-apps', 'water-bodies');
    expect(asRoot.permissions).toEqual({ edit: true, delete: true, publish: true, execute: true });
    const rootUpload = await root.upload('alice:water-apps', tool('from-root'));
    expect(rootUpload.statusCode, rootUpload.body).toBe(201);
    expect((await root.remove('alice:water-apps', 'from-root')).json()).toEqual({ message: 'Successfully deleted application' });
  });

  it('lets a reader of a shared collection read but not change it', async () => {
    const workspaceIdentifier = 'team';
    const workspaceId = String(await seedWorkspace(app, workspaceIdentifier));
    await grantRole(app, 'bob', Number(workspaceId), 'user');
    const shared = await app.server.inject({
      method: 'PATCH',
      url: '/backend/v1/catalogue-collections/alice:water-apps',
      headers: app.adminHeader,
      payload: {
        data: { type: 'catalogue-collections', id: 'alice:water-apps', relationships: { workspaces: { data: [{ type: 'workspaces', id: workspaceId }] } } },
      },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const seen = await bob.described('alice:water-apps', 'water-bodies');
    expect(seen.permissions).toEqual({ edit: false, delete: false, publish: false, execute: true });
    expect((await bob.upload('alice:water-apps', tool('bobs'))).statusCode).toBe(403);
    expect((await bob.update('alice:water-apps', { cwl_identifier: 'water-bodies', description: 'mine now' })).statusCode).toBe(403);
    expect((await bob.remove('alice:water-apps', 'water-bodies')).statusCode).toBe(403);
    const inMyWorkspace = await app.server.inject({
      url: `/backend/v1/catalogue-collections?filter[workspaces.identifier]=${workspaceIdentifier}`,
      headers: bobHeaders,
    });
    expect(inMyWorkspace.json<{ data: { id: string }[] }>().data.map((row) => row.id)).toEqual(['alice:water-apps']);
  });

  it('updates the properties: keywords split, inputs name::label::doc::default, URLs', async () => {
    const response = await alice.update('alice:water-apps', {
      cwl_identifier: 'water-bodies',
      author_name: 'Alice',
      author_email: 'alice@example.org',
      author_affiliation: 'ACME',
      license_url: 'https://spdx.org/licenses/MIT',
      keywords: 'water; NDWI, water',
      description: 'Finds water',
      date_created: '2024-05-01',
      inputs: ['epsg::EPSG::The output CRS::EPSG:3857', 'aoi::Area::::'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const application = await alice.described('alice:water-apps', 'water-bodies');
    expect(application).toMatchObject({
      keywords: ['water', 'NDWI'],
      abstract: 'Finds water',
      license: 'https://spdx.org/licenses/MIT',
      dateCreated: '2024-05-01',
      author: [{ 's:name': 'Alice', 's:affiliation': 'ACME', 's:email': 'alice@example.org' }],
    });
    expect(application.inputs.find((input) => input.id === 'epsg')).toMatchObject({ label: 'EPSG', doc: 'The output CRS', default: 'EPSG:3857' });
    expect(application.inputs.find((input) => input.id === 'aoi')).toMatchObject({ label: 'Area', doc: '', default: null });
  });

  it('publishes into {owner}:published (public), edits there only as a superuser, and unpublishes', async () => {
    const published = await alice.update('alice:water-apps', { cwl_identifier: 'water-bodies', collection: 'alice:published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ data: { collection: string; publication: string } }>().data).toMatchObject({
      collection: 'alice:published',
      publication: 'published',
    });
    expect(await alice.applications('alice:water-apps')).toEqual([]);
    // public: the signed-out read it, and its CWL
    const seen = await anonymous.described('alice:published', 'water-bodies');
    expect(seen.permissions).toEqual({ edit: false, delete: false, publish: false, execute: false });
    const cwl = await app.server.inject({ url: '/backend/v1/catalogue-collections/alice:published/applications/water-bodies/cwl' });
    expect(cwl.statusCode).toBe(200);
    expect(cwl.body).toBe(read(WATER_BODIES));
    const link = await anonymous.update('alice:published', { cwl_identifier: 'water-bodies' });
    expect(link.statusCode).toBe(401);
    const download = await app.server.inject({
      method: 'POST',
      url: '/backend/v1/catalogue-collections/alice:published/download_cwl',
      payload: { identifier: 'water-bodies' },
    });
    expect(download.json()).toEqual({ url: '/backend/v1/catalogue-collections/alice%3Apublished/applications/water-bodies/cwl' });
    // the owner neither edits a published application nor uploads into a published collection; a superuser does
    expect((await alice.described('alice:published', 'water-bodies')).permissions).toEqual({ edit: false, delete: true, publish: true, execute: true });
    const edit = await alice.update('alice:published', { cwl_identifier: 'water-bodies', description: 'changed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json<{ detail: string }>().detail).toBe('Only a superuser edits a published application.');
    expect((await alice.upload('alice:published', tool('direct'))).statusCode).toBe(403);
    expect((await root.update('alice:published', { cwl_identifier: 'water-bodies', description: 'Reviewed' })).statusCode).toBe(200);
    const writable = await app.server.inject({ url: '/backend/v1/catalogue-collections/collections_with_write_permissions', headers: aliceHeaders });
    expect(writable.json<{ data: { identifier: string }[] }>().data.map((row) => row.identifier)).toEqual(['alice:water-apps']);
    // another user cannot move it
    expect((await bob.update('alice:published', { cwl_identifier: 'water-bodies', collection: 'alice:water-apps' })).statusCode).toBe(403);
    const unpublished = await alice.update('alice:published', { cwl_identifier: 'water-bodies', collection: 'alice:water-apps' });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json<{ data: { collection: string; abstract: string; original_cwl: string } }>().data).toMatchObject({
      collection: 'alice:water-apps',
      abstract: 'Reviewed',
      original_cwl: read(WATER_BODIES),
    });
  });

  it('searches the applications the caller may see, grouped by collection, and keeps them out of the product browser', async () => {
    expect((await alice.upload('alice:water-apps', read(SNUGGS), 'app-package.cwl')).statusCode).toBe(201);
    const search = async (headers: Record<string, string>, query: string) =>
      (
        await app.server.inject({ url: `/backend/v1/catalogue-collections/search_applications_available_to_user?query=${encodeURIComponent(query)}`, headers })
      ).json<{ data: { collection: { identifier: string }; applications: { identifier: string }[] }[] }>().data;
    const found = await search(aliceHeaders, 'WATER');
    expect(found.map((group) => [group.collection.identifier, group.applications.map((application) => application.identifier)])).toEqual([
      ['alice:water-apps', ['water-bodies']],
    ]);
    expect(await search({}, 'water')).toEqual([]);
    expect((await search(aliceHeaders, 's expressions'))[0]!.applications.map((application) => application.identifier)).toEqual(['snuggs']);
    const items = await app.server.inject({ url: '/resource-catalogue/collections/alice:water-apps/items', headers: aliceHeaders });
    expect(items.statusCode).toBe(200);
    expect(items.json<{ features: unknown[] }>().features).toEqual([]);
    // nor is a collection that holds only applications one of the product search's collections (the /products selector)
    const productCollections = await app.server.inject({ url: '/resource-catalogue/products/collections', headers: aliceHeaders });
    expect(productCollections.json<{ collections: { id: string }[] }>().collections.map((collection) => collection.id)).not.toContain('alice:water-apps');
    const aliceRow = await app.ctx.users.findByUsername('alice');
    const runnable = await app.ctx.applications.listRunnable({ id: aliceRow!.id, username: 'alice', isStaff: false, isSuperuser: false, roles: new Map() });
    expect(runnable.map((application) => application.identifier)).toEqual(['snuggs', 'water-bodies']);
  });

  it('deletes a collection with its applications (owner or staff)', async () => {
    expect((await alice.createCollection('Scratch')).statusCode).toBe(201);
    expect((await alice.upload('alice:scratch', tool('scratch-tool'))).statusCode).toBe(201);
    const list = await app.server.inject({ url: '/backend/v1/catalogue-collections?filter[ownerId]=alice', headers: aliceHeaders });
    const rows = list.json<{ data: { id: string; attributes: { applications: number } }[] }>().data;
    expect(rows.map((row) => [row.id, row.attributes.applications])).toEqual([
      ['alice:published', 0],
      ['alice:scratch', 1],
      ['alice:water-apps', 2],
    ]);
    expect((await app.server.inject({ method: 'DELETE', url: '/backend/v1/catalogue-collections/alice:scratch', headers: bobHeaders })).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'DELETE', url: '/backend/v1/catalogue-collections/alice:scratch', headers: aliceHeaders })).statusCode).toBe(204);
    expect(await app.ctx.applications.runnable(null, 'alice:scratch', 'scratch-tool')).toBeUndefined();
  });

  it('registers a sample of the CWL conformance suite through the API: described or refused with a reason, never a 500', async () => {
    const sample = [
      'echo-tool.cwl',
      'anon_enum_inside_array_inside_schemadef.cwl',
      'scatter-wf1.cwl',
      'record-output.cwl',
      'count-lines1-wf.cwl',
      'null-expression1-tool.cwl',
    ];
    expect((await root.createCollection('Conformance')).statusCode).toBe(201);
    const outcomes: Record<string, number> = {};
    for (const name of sample) {
      const response = await root.upload('admin:conformance', read(`cwl-v1.2-conformance/tests/${name}`), name);
      expect([201, 400], `${name}: ${response.body}`).toContain(response.statusCode);
      outcomes[response.statusCode] = (outcomes[response.statusCode] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ 201: 5, 400: 1 });
    expect((await root.described('admin:conformance', 'echo-tool')).inputs.map((input) => input.id)).toEqual(['in']);
  });
});
