import type { AddressInfo } from 'node:net';
import type { FilterOption, MarketplaceResource, StacItem } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedCatalogue } from '../src/modules/catalogue/authorized-catalogue.js';
import type { LiveEvent } from '../src/platform/live/event-bus.js';
import { applicationsApi } from './helpers/applications.js';
import { EventStreamReader } from './helpers/event-stream.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;
interface Page {
  data: { resources: MarketplaceResource[]; collections: { identifier: string; title: string; publisher: string }[]; total: number; corrected_query?: string };
}

const item = (id: string, properties: Record<string, unknown>, assets: StacItem['assets'] = {}): StacItem =>
  ({
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: null,
    properties: { datetime: '2025-03-01T00:00:00Z', ...properties },
    assets,
    links: [],
  }) as StacItem;

/** What an owner's Publish to Marketplace sets on a model or dataset item. */
const PUBLISHED = { 'asb:published': true };

const TOOL = `cwlVersion: v1.2
$namespaces:
  s: https://schema.org/
s:softwareVersion: 3.0.1
s:keywords: flood, FILTER:input-type:raster
s:license: https://spdx.org/licenses/Apache-2.0
class: CommandLineTool
id: flood-mapper
label: Flood mapper
doc: Maps floods from radar backscatter
baseCommand: echo
inputs:
  scene: {type: string, label: Scene}
outputs: []
`;

/**
 * The marketplace (spec 3 §2 Marketplace, §3 Marketplace resource, §5 Marketplace search, §7;
 * docs/marketplace.md): what is listed, the name/description/version rules, ranked search,
 * facets and their semantics, and forceUpdate when something is published or withdrawn.
 */
describe('marketplace: published resources, search and facets', () => {
  let app: TestApp;
  let dora: Headers;
  const events: LiveEvent[] = [];

  const resources = async (query: Record<string, string> = {}, headers: Headers = {}) => {
    const response = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>().data;
  };
  const titles = async (query: Record<string, string> = {}) => (await resources(query)).resources.map((resource) => resource.title);
  const facets = async () => {
    const response = await app.server.inject({ url: '/backend/v1/resource-filter-types' });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: FilterOption[] }>().data;
  };

  beforeAll(async () => {
    app = await createTestApp();
    dora = await app.userWithHeader('dora');
    app.ctx.bus.subscribe((event) => events.push(event));
    const admin = (await app.ctx.users.findByUsername('admin'))!;
    await app.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'esa:models', title: 'ESA models', description: 'Models', links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    await app.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'esa:private', title: 'Private', description: 'Not public', links: [] } as never, {
      ownerId: admin.id,
      isPublic: false,
    });
    await app.ctx.catalogue.upsertItems('esa:models', [
      item(
        'landcover-v2',
        {
          type: 'model',
          ...PUBLISHED,
          name: 'Land cover classifier',
          title: 'lc-model',
          description: 'Classifies each pixel of a scene as water, vegetation or bare soil',
          keywords: ['FILTER:input-type:image', 'FILTER:licence:MIT', 'softwareVersion:2.1', 'land cover'],
          created: '2025-05-10T08:00:00Z',
        },
        {
          thumbnail: { href: 'https://example.org/lc.png', roles: ['thumbnail'], type: 'image/png' },
          logo: { href: '/relative/logo.png', roles: ['logo'], type: 'image/png' },
        },
      ),
      item('water-training', {
        type: 'dataset',
        ...PUBLISHED,
        title: 'Water bodies training set',
        abstract: 'Labelled Sentinel-2 chips of lakes and rivers',
        license: 'https://spdx.org/licenses/CC-BY-4.0.html',
        created: '2024-01-20T08:00:00Z',
      }),
      item('scene-1', { title: 'A product scene (no type)' }),
    ]);
    await app.ctx.catalogue.upsertItems('esa:private', [item('secret-model', { type: 'model', ...PUBLISHED, title: 'Secret model' })]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists, signed out, the published models and datasets of public collections only, with the name, description and version rules', async () => {
    const page = await resources();
    expect(page.total).toBe(2);
    const [model, dataset] = ['landcover-v2', 'water-training'].map((id) => page.resources.find((resource) => resource.identifier === id)!);
    // name from properties.name before title; description from abstract before description
    expect(model).toMatchObject({
      title: 'Land cover classifier',
      description: 'Classifies each pixel of a scene as water, vegetation or bare soil',
      version: '2.1',
      collection: 'esa:models',
      publisher: 'esa',
      thumbnail: 'https://example.org/lc.png',
      // a logo whose href is not http(s) is not used
      logo: null,
      properties: { type: 'model' },
    });
    expect(dataset).toMatchObject({
      title: 'Water bodies training set',
      description: 'Labelled Sentinel-2 chips of lakes and rivers',
      version: 'not specified',
    });
    expect(page.collections).toEqual([{ identifier: 'esa:models', title: 'ESA models', publisher: 'esa' }]);
    // newest first without a query
    expect(page.resources.map((resource) => resource.identifier)).toEqual(['landcover-v2', 'water-training']);
  });

  it('searches title, description and keywords by word prefixes, best match first, and takes any text without a 5xx', async () => {
    expect(await titles({ query: 'water' })).toEqual(['Water bodies training set', 'Land cover classifier']);
    expect(await titles({ query: 'classif' })).toEqual(['Land cover classifier']);
    expect(await titles({ query: 'lakes rivers' })).toEqual(['Water bodies training set']);
    expect(await titles({ query: 'nothing-like-this' })).toEqual([]);
    // typo tolerance when the words find nothing: the misspelt word is searched as the known word it most likely meant
    const misspelt = await resources({ query: 'vegatation clasifier' });
    expect(misspelt.resources.map((resource) => resource.title)).toEqual(['Land cover classifier']);
    expect(misspelt.corrected_query).toBe('vegetation classifier');
    expect((await resources({ query: 'water' })).corrected_query).toBeUndefined();
    for (const hostile of ["a & !(b | 'c')", ':*', '\u0000', '%', '   ']) {
      const response = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { query: hostile } });
      expect(response.statusCode, hostile).toBeLessThan(500);
    }
  });

  it('offers the facets with more than one value, with Not specified for resources lacking one', async () => {
    const options = await facets();
    expect(options.map((option) => option.key)).toEqual(['type', 'licence', 'input-type']);
    expect(options.find((option) => option.key === 'type')).toEqual({ key: 'type', name: 'Type', values: ['dataset', 'model'], type: 'static' });
    expect(options.find((option) => option.key === 'licence')!.values).toEqual(['CC-BY-4.0', 'MIT']);
    expect(options.find((option) => option.key === 'input-type')).toEqual({
      key: 'input-type',
      name: 'Input type',
      values: ['image', 'Not specified'],
      type: 'keyword',
    });
  });

  it('narrows by facets: alternatives within one, all facets together, none or all checked imposing nothing; and by creation date', async () => {
    const filtered = (filters: object, extra: Record<string, string> = {}) => titles({ filters: JSON.stringify(filters), ...extra });
    expect(await filtered({ type: ['model'] })).toEqual(['Land cover classifier']);
    expect(await filtered({ type: ['model', 'dataset'] })).toHaveLength(2);
    expect(await filtered({ type: [] })).toHaveLength(2);
    expect(await filtered({ 'input-type': ['Not specified'] })).toEqual(['Water bodies training set']);
    expect(await filtered({ type: ['model'], licence: ['CC-BY-4.0'] })).toEqual([]);
    expect(await filtered({}, { created_after: '2025-01-01' })).toEqual(['Land cover classifier']);
    expect(await filtered({}, { created_before: '2024-12-31' })).toEqual(['Water bodies training set']);
    expect(await filtered({ licence: ['MIT', 'CC-BY-4.0'] }, { query: 'water' })).toHaveLength(2);

    const bad = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { filters: '{type:' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { detail: string }[] }>().errors[0]!.detail).toContain('filters must be a JSON object');
    const notList = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { filters: '{"type":"model"}' } });
    expect(notList.statusCode).toBe(400);
    for (const created_after of ['2025-13', '2025-02-30', '0000-00-00']) {
      const badDate = await app.server.inject({ url: '/backend/v1/catalogue-collections/published_resources', query: { created_after } });
      expect(badDate.statusCode, created_after).toBe(400);
    }
  });

  it('pages with a total, and keeps up with writes of any path: an item replaced, a collection made private, an item deleted, a collection deleted', async () => {
    const first = await resources({ limit: '1' });
    const second = await resources({ limit: '1', offset: '1' });
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.resources, ...second.resources].map((resource) => resource.identifier)).toEqual(['landcover-v2', 'water-training']);
    expect((await resources({ limit: '1', offset: '5' })).total).toBe(2);

    // the repository the STAC transactions and the ingest write through
    const repository = (app.ctx.catalogue as AuthorizedCatalogue).storage;
    const admin = (await app.ctx.users.findByUsername('admin'))!;
    await app.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'esa:scratch', title: 'Scratch', description: 'Scratch', links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    await app.ctx.catalogue.upsertItems('esa:scratch', [
      item('tmp-1', { type: 'model', ...PUBLISHED, title: 'Temporary wetland model' }),
      item('tmp-2', { type: 'dataset', ...PUBLISHED, title: 'Temporary wetland dataset' }),
    ]);
    expect((await titles({ query: 'wetland' })).sort()).toEqual(['Temporary wetland dataset', 'Temporary wetland model']);
    // replaced (STAC transactions write this way): the new title is what is found
    await app.ctx.catalogue.upsertItems('esa:scratch', [item('tmp-1', { type: 'model', ...PUBLISHED, title: 'Renamed wetland model' })]);
    expect(await titles({ query: 'renamed wetland' })).toEqual(['Renamed wetland model']);
    await repository.updateCollection(
      'esa:scratch',
      { type: 'Collection', id: 'esa:scratch', title: 'Scratch', description: 'Scratch', links: [] },
      { isPublic: false },
    );
    expect(await titles({ query: 'wetland' })).toEqual([]);
    await repository.updateCollection(
      'esa:scratch',
      { type: 'Collection', id: 'esa:scratch', title: 'Scratch', description: 'Scratch', links: [] },
      { isPublic: true },
    );
    expect(await titles({ query: 'wetland' })).toHaveLength(2);
    await repository.deleteItem('esa:scratch', 'tmp-2');
    expect(await titles({ query: 'wetland' })).toEqual(['Renamed wetland model']);
    await repository.deleteCollection('esa:scratch');
    expect(await titles({ query: 'wetland' })).toEqual([]);
    expect((await resources()).total).toBe(2);
  });

  it('announces forceUpdate on /backend/live/_marketplace/ when a workflow is published and withdrawn, and lists it meanwhile', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    const stream = new EventStreamReader<{ type: string }>(`${base}/backend/live/_marketplace/`);
    expect((await stream.open()).status).toBe(200);
    try {
      const created = await app.server.inject({
        method: 'POST',
        url: '/knowledge/v1/workflows',
        headers: dora,
        payload: { data: { type: 'workflows', attributes: { label: 'Flood extent', shortDescription: 'Flood extent from radar' } } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ data: { id: string } }>().data.id;
      const published = await app.server.inject({
        method: 'PATCH',
        url: `/knowledge/v1/workflows/${id}/publish`,
        headers: dora,
        payload: { data: { type: 'workflows', id, attributes: { description: 'Maps flooded areas from Sentinel-1' } } },
      });
      expect(published.statusCode, published.body).toBe(200);
      await stream.until((message) => message.type === 'forceUpdate');

      const workflow = (await resources({ query: 'flooded' })).resources;
      expect(workflow).toHaveLength(1);
      expect(workflow[0]).toMatchObject({
        title: 'Flood extent',
        description: 'Maps flooded areas from Sentinel-1',
        identifier: `asb:workflows:${id}`,
        workflowId: Number(id),
        publisher: 'dora',
        properties: { type: 'workflow' },
      });
      expect((await facets()).find((option) => option.key === 'type')!.values).toEqual(['dataset', 'model', 'workflow']);

      await app.server.inject({ method: 'PATCH', url: `/knowledge/v1/workflows/${id}/unpublish`, headers: dora });
      await stream.until((message) => message.type === 'forceUpdate');
      expect(await titles({ query: 'flooded' })).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('lists an application once it is published into {owner}:published, and not before; forceUpdate on publish', async () => {
    const apps = applicationsApi(app, dora);
    expect((await apps.createCollection('Dora apps')).statusCode).toBe(201);
    expect((await apps.upload('dora:dora-apps', TOOL, 'flood-mapper.cwl')).statusCode).toBe(201);
    expect(await titles({ query: 'flood mapper' })).toEqual([]);

    const before = events.length;
    const moved = await apps.update('dora:dora-apps', { cwl_identifier: 'flood-mapper', collection: 'dora:published' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(events.slice(before).some((event) => event.type === 'forceUpdate' && event.audience === '*')).toBe(true);

    const [application] = (await resources({ query: 'flood mapper' })).resources;
    expect(application).toMatchObject({
      title: 'Flood mapper',
      version: '3.0.1',
      collection: 'dora:published',
      licence: 'https://spdx.org/licenses/Apache-2.0',
      properties: { type: 'application' },
    });
    const inputTypes = await titles({ filters: JSON.stringify({ 'input-type': ['raster'] }) });
    expect(inputTypes).toEqual(['Flood mapper']);
    expect((await facets()).find((option) => option.key === 'licence')!.values).toEqual(['Apache-2.0', 'CC-BY-4.0', 'MIT']);
  });
  it("publishes and withdraws a model from its item for the collection's owner only, refusing private collections and other item types", async () => {
    const admin = app.adminHeader;
    const url = (collection: string, id: string) => `/resource-catalogue/collections/${collection}/items/${id}/published`;
    const put = (collection: string, id: string, published: boolean, headers: Headers = admin) =>
      app.server.inject({ method: 'PUT', url: url(collection, id), headers, payload: { published } });
    await app.ctx.catalogue.upsertItems('esa:models', [item('draft-model', { type: 'model', title: 'Draft glacier model' })]);
    // in a public collection but not published: not listed
    expect(await titles({ query: 'glacier' })).toEqual([]);
    const signedOut = await app.server.inject({ url: url('esa:models', 'draft-model') });
    expect(signedOut.json()).toEqual({ data: { published: false, listed: false, collection_public: true, editable: false, publisher: 'esa' } });
    expect((await app.server.inject({ url: url('esa:models', 'draft-model'), headers: admin })).json().data.editable).toBe(true);

    // only the owner of the collection or staff
    expect((await put('esa:models', 'draft-model', true, dora)).statusCode).toBe(403);
    expect((await app.server.inject({ method: 'PUT', url: url('esa:models', 'draft-model'), payload: { published: true } })).statusCode).toBe(401);
    expect(await titles({ query: 'glacier' })).toEqual([]);

    const before = events.length;
    const published = await put('esa:models', 'draft-model', true);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, listed: true });
    expect(events.slice(before).some((event) => event.type === 'forceUpdate' && event.audience === '*')).toBe(true);
    expect(await titles({ query: 'glacier' })).toEqual(['Draft glacier model']);
    // the STAC item says so too
    const stac = await app.server.inject({ url: '/resource-catalogue/stac/collections/esa:models/items/draft-model' });
    expect(stac.json().properties['asb:published']).toBe(true);

    const withdrawn = await put('esa:models', 'draft-model', false);
    expect(withdrawn.json().data).toMatchObject({ published: false, listed: false });
    expect(await titles({ query: 'glacier' })).toEqual([]);
    expect((await app.server.inject({ url: '/resource-catalogue/stac/collections/esa:models/items/draft-model' })).json().properties).not.toHaveProperty(
      'asb:published',
    );

    // a private collection's item: to publish is refused, saying why
    await app.ctx.catalogue.upsertItems('esa:private', [item('hidden-model', { type: 'model', title: 'Hidden model' })]);
    const refused = await put('esa:private', 'hidden-model', true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toContain('is private: make it public before publishing');
    // invisible to others: 404, not a hint that it exists
    expect((await put('esa:private', 'hidden-model', true, dora)).statusCode).toBe(404);
    // a product item, and a missing one
    const product = await put('esa:models', 'scene-1', true);
    expect(product.statusCode).toBe(400);
    expect(product.json().errors[0].detail).toContain('Only models and datasets');
    expect((await put('esa:models', 'no-such-item', true)).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'PUT', url: url('esa:models', 'draft-model'), headers: admin, payload: { published: 'yes' } })).statusCode).toBe(
      400,
    );
  });

  it('tells open pages when a write that announces nothing changes what is listed (a model written through the STAC transactions)', async () => {
    if (!app.server.server.listening) await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    const stream = new EventStreamReader<{ type: string; reason?: string }>(`${base}/backend/live/_marketplace/`);
    expect((await stream.open()).status).toBe(200);
    try {
      const written = await app.server.inject({
        method: 'POST',
        url: '/resource-catalogue/stac/collections/esa:models/items',
        headers: app.adminHeader,
        payload: { ...item('snow-model', { type: 'model', ...PUBLISHED, title: 'Snow cover model' }), collection: 'esa:models' },
      });
      expect(written.statusCode, written.body).toBe(201);
      // no page asked: the marketplace's watcher reads the change and announces it
      const messages = await stream.until((message) => message.type === 'forceUpdate');
      expect(messages.at(-1)).toMatchObject({ reason: 'catalogue' });
      expect(await titles({ query: 'snow' })).toEqual(['Snow cover model']);
    } finally {
      stream.close();
    }
  });

  it('says which resources a card may offer Execute for: not a model without an ONNX file, nor a dataset (issue 34 §3)', async () => {
    const onnx = { model: { href: 'https://example.org/ice.onnx', type: 'application/octet-stream; application=onnx', roles: ['mlm:model'] } };
    await app.ctx.catalogue.upsertItems('esa:models', [item('ice-model', { type: 'model', ...PUBLISHED, title: 'Sea ice model' }, onnx)]);
    const executable = async (query: string) =>
      Object.fromEntries((await resources({ query })).resources.map((resource) => [resource.identifier, resource.isExecutable]));
    expect(await executable('sea ice')).toEqual({ 'ice-model': true });
    // landcover-v2 has a thumbnail and a logo but no model file
    expect(await executable('classifier')).toEqual({ 'landcover-v2': false });
    expect(await executable('lakes')).toEqual({ 'water-training': false });
    expect(await executable('flood mapper')).toEqual({ 'flood-mapper': true });
    // no card offering it is no protection: the server refuses to run a model without an ONNX file
    const refused = await app.server.inject({
      method: 'POST',
      url: '/backend/v1/catalogue-collections/esa:models/execute_model',
      headers: dora,
      payload: { identifier: 'landcover-v2', collection: 'esa:models', inputs: { parameters: { content_type: 'pd' }, inputs: [] } },
    });
    expect([refused.statusCode, refused.json<{ detail: string }>().detail]).toEqual([
      409,
      'Land cover classifier has no ONNX file to run (an asset with the role mlm:model).',
    ]);
  });

  it("shows a staff collection without a '{publisher}:' prefix under its owner, not under its whole id (a demo seeded before the prefix)", async () => {
    const admin = (await app.ctx.users.findByUsername('admin'))!;
    await app.ctx.catalogue.upsertCollection({ type: 'Collection', id: 'legacy-models', title: 'Legacy', description: 'Models', links: [] } as never, {
      ownerId: admin.id,
      isPublic: true,
    });
    await app.ctx.catalogue.upsertItems('legacy-models', [item('old-model', { type: 'model', ...PUBLISHED, title: 'Legacy moraine model' })]);
    const [legacy] = (await resources({ query: 'moraine' })).resources;
    expect(legacy).toMatchObject({ collection: 'legacy-models', publisher: 'admin' });
  });
});
