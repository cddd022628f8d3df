import type { ProcessSignature, WorkflowAttributes, WorkflowGraph, WorkflowInputGroup } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Workflow = JsonApiObject<WorkflowAttributes>;

const LOAD: ProcessSignature = { inputs: [{ name: 'scene', dataType: 'string' }], outputs: [{ name: 'image', dataType: 'cog' }], dependencies: [] };
const NDVI: ProcessSignature = {
  inputs: [
    { name: 'red', dataType: 'GeoTIFF' },
    { name: 'threshold', dataType: 'float', default: 0.3 },
    { name: 'key', dataType: 'password' },
  ],
  outputs: [
    { name: 'ndvi', dataType: 'geotiff' },
    { name: 'share', dataType: 'float' },
  ],
  dependencies: [],
};
const COUNT: ProcessSignature = {
  inputs: [{ name: 'n', dataType: 'integer', constraints: { minimum: 1, maximum: 100 } }],
  outputs: [{ name: 'items', dataType: 'list-string' }],
  dependencies: [],
};

const node = (id: string, processVersion: string, inputs: WorkflowGraph['nodes'][number]['inputs'] = {}) => ({
  id,
  kind: 'process' as const,
  processVersion,
  position: { x: 0, y: 0 },
  inputs,
});

/** Workflows: the graph checks of docs/workflows.md, versions, the derived calls, publication and permissions. */
describe('workflows', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let lab = '';
  const users = {} as Record<'uma' | 'otto' | 'dora' | 'nils', Headers>;
  const url = '/knowledge/v1/workflows';

  const create = async (label: string, graph?: object, headers: Headers = users.dora, workspaces: string[] = [lab]) =>
    app.server.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        data: {
          type: 'workflows',
          attributes: { label, ...(graph ? { graph } : {}) },
          relationships: { workspaces: { data: workspaces.map((id) => ({ type: 'workspaces', id })) } },
        },
      },
    });
  const created = async (label: string, graph?: object) => {
    const response = await create(label, graph);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Workflow }>().data;
  };
  const get = (path: string, headers: Headers = users.dora) => app.server.inject({ method: 'GET', url: path, headers });
  const details = (response: { json: <T>() => T }) => response.json<{ errors: { detail: string; source?: { pointer: string } }[] }>().errors;

  const chain: WorkflowGraph = {
    nodes: [
      node('load', 'load-scene:1'),
      node('ndvi', 'ndvi:1'),
      { id: 'split', kind: 'dynamic-list-splitter', position: { x: 0, y: 0 }, inputs: {}, listType: 'list-string' },
    ],
    edges: [{ source: 'load', sourceOutput: 'image', target: 'ndvi', targetInput: 'red' }],
  };

  beforeAll(async () => {
    app = await createTestApp();
    api = knowledgeApi(app);
    lab = await api.workspace('lab');
    users.uma = await api.member('uma', { [lab]: 'user' });
    users.otto = await api.member('otto', { [lab]: 'operator' });
    users.dora = await api.member('dora', { [lab]: 'developer' });
    users.nils = await api.member('nils');
    for (const [label, signature] of [
      ['Load scene', LOAD],
      ['NDVI', NDVI],
      ['Count', COUNT],
    ] as const) {
      const id = await api.processId({ label }, app.adminHeader, [lab]);
      await api.releasedVersion({ id, identifier: label.toLowerCase().replace(' ', '-') }, '1', undefined, signature);
    }
    // a process nobody but the admin sees
    const secret = await api.processId({ label: 'Secret' });
    await api.releasedVersion({ id: secret, identifier: 'secret' }, '1', undefined, LOAD);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates an empty workflow with a slug, version 1 and dag-type standard', async () => {
    const workflow = await created('Flood Mapping');
    expect(workflow.attributes).toMatchObject({
      identifier: 'flood-mapping',
      ownerId: 'dora',
      version: 1,
      dagType: 'standard',
      graph: { nodes: [], edges: [] },
      isPublished: false,
    });
    const versions = await get(`${url}/${workflow.id}/versions`);
    expect(versions.json<{ data: { version: number; createdBy: string }[] }>().data).toMatchObject([{ version: 1, createdBy: 'dora', nodeCount: 0 }]);
  });

  it('saves a changed graph as a new version, an unchanged one as none, and keeps the old version readable', async () => {
    const workflow = await created('Chain');
    const saved = await api.patch(`${url}/${workflow.id}`, 'workflows', { graph: chain }, users.dora);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Workflow }>().data.attributes).toMatchObject({ version: 2, dagType: 'dynamic-list-splitter' });
    const again = await api.patch(`${url}/${workflow.id}`, 'workflows', { graph: chain, label: 'Chain renamed' }, users.otto);
    expect(again.json<{ data: Workflow }>().data.attributes).toMatchObject({ version: 2, label: 'Chain renamed' });
    const first = await get(`${url}/${workflow.id}/versions/1`);
    expect(first.json<{ data: { graph: WorkflowGraph } }>().data.graph.nodes).toEqual([]);
    const list = await get(`${url}/${workflow.id}/versions`);
    expect(list.json<{ data: { version: number }[] }>().data.map((v) => v.version)).toEqual([2, 1]);
  });

  it.each([
    [
      'a cycle',
      {
        nodes: [node('a', 'load-scene:1'), node('b', 'ndvi:1')],
        edges: [
          { source: 'a', sourceOutput: 'image', target: 'b', targetInput: 'red' },
          { source: 'b', sourceOutput: 'ndvi', target: 'a', targetInput: 'scene' },
        ],
      },
      'The workflow has a cycle: a → b → a.',
    ],
    [
      'mismatched data types',
      { nodes: [node('a', 'ndvi:1'), node('b', 'count:1')], edges: [{ source: 'a', sourceOutput: 'ndvi', target: 'b', targetInput: 'n' }] },
      "the output's data type geotiff does not match the input's data type integer",
    ],
    ['an unknown version', { nodes: [node('a', 'nope:1')], edges: [] }, 'does not exist, is not released or is not visible to you'],
    ['a version the user cannot see', { nodes: [node('a', 'secret:1')], edges: [] }, 'does not exist, is not released or is not visible to you'],
    ['a dangling required input', { nodes: [node('a', 'count:1', { n: { userEditable: false } })], edges: [] }, 'it could never get a value'],
    [
      'a default outside what the process accepts',
      { nodes: [node('a', 'count:1', { n: { defaultValue: '500' } })], edges: [] },
      'Input a.n: the default value must be at most 100.',
    ],
    ['a node id used twice', { nodes: [node('a', 'count:1'), node('a', 'count:1')], edges: [] }, 'is used twice'],
    [
      'an input fed twice',
      {
        nodes: [node('a', 'load-scene:1'), node('b', 'load-scene:1'), node('c', 'ndvi:1')],
        edges: [
          { source: 'a', sourceOutput: 'image', target: 'c', targetInput: 'red' },
          { source: 'b', sourceOutput: 'image', target: 'c', targetInput: 'red' },
        ],
      },
      'connected more than once',
    ],
  ])('refuses %s with a clear error under /data/attributes/graph', async (name, graph, message) => {
    const response = await create(`Bad ${name}`, graph);
    expect(response.statusCode, response.body).toBe(400);
    const errors = details(response);
    expect(
      errors.some((error) => error.detail.includes(message)),
      response.body,
    ).toBe(true);
    expect(errors.every((error) => error.source?.pointer.startsWith('/data/attributes/graph'))).toBe(true);
  });

  it('keeps the stored graph when a save is refused', async () => {
    const workflow = await created('Keeps', chain);
    const refused = await api.patch(`${url}/${workflow.id}`, 'workflows', { graph: { nodes: [node('a', 'nope:1')], edges: [] } }, users.dora);
    expect(refused.statusCode).toBe(400);
    const after = await get(`${url}/${workflow.id}`);
    expect(after.json<{ data: Workflow }>().data.attributes).toMatchObject({ version: 1, graph: { edges: chain.edges } });
  });

  it("answers nodes, a node's process, processor inputs with the keystore key, and outputs", async () => {
    const workflow = await created('Derived', chain);
    const nodes = (await get(`${url}/${workflow.id}/nodes`)).json<{
      data: { id: string; attributes: { nodeId: string; ports: { inputs: { name: string }[] } | null } }[];
    }>().data;
    expect(nodes.map((n) => n.id)).toEqual([`${workflow.id}.load`, `${workflow.id}.ndvi`, `${workflow.id}.split`]);
    expect(nodes[1]!.attributes.ports?.inputs.map((p) => p.name)).toEqual(['red', 'threshold', 'key']);

    const process = await get(`/knowledge/v1/nodes/${workflow.id}.ndvi/process`);
    expect(process.json<{ data: JsonApiObject<{ identifier: string }> }>().data.attributes.identifier).toBe('ndvi:1');

    const processor = await get(`/knowledge/v1/processors/${workflow.id}`);
    const inputs = processor.json<{ data: { attributes: { inputs: WorkflowInputGroup[]; version: number } } }>().data.attributes.inputs;
    // red is fed by load: the form asks for load's scene, ndvi's threshold and key, and the splitter's list
    expect(inputs.map((group) => [group.node_id, group.items.map((item) => item.identifier)])).toEqual([
      ['load', ['scene']],
      ['ndvi', ['threshold', 'key']],
      ['split', ['items']],
    ]);
    const threshold = inputs[1]!.items[0]!;
    expect(threshold).toMatchObject({ defaultValue: '0.3', dataType: { identifier: 'float', label: 'Float' }, userVisible: true, userEditable: true });
    const key = inputs[1]!.items[1]!;
    const publicKey = (await get('/keystore/v1/public-key')).json<{ data: { public_key: string } }>().data.public_key;
    expect(key.constraints).toEqual({ enc_method: 'RSA', enc_hash_function: 'SHA', enc_public_key: publicKey });

    const outputs = (await get(`${url}/${workflow.id}/outputs`)).json<{ data: Record<string, Record<string, { type: string; label: string }>> }>().data;
    expect(outputs['ndvi 1']).toEqual({ ndvi: { type: 'geotiff', label: 'GeoTIFF' }, share: { type: 'float', label: 'Float' } });
  });

  it('filters by identifier, and lists only what the user may see', async () => {
    const workflow = await created('Private one', undefined);
    const hidden = await create('Nils only', undefined, users.nils, []);
    expect(hidden.statusCode).toBe(201);
    const byIdentifier = await get(`${url}?filter[identifier]=private-one`);
    expect(byIdentifier.json<{ data: Workflow[] }>().data.map((w) => w.id)).toEqual([workflow.id]);
    const seenByUma = (await get(`${url}?page[size]=100`, users.uma)).json<{ data: Workflow[] }>().data.map((w) => w.attributes.identifier);
    expect(seenByUma).toContain('private-one');
    expect(seenByUma).not.toContain('nils-only');
    expect((await get(`${url}/${hidden.json<{ data: Workflow }>().data.id}`, users.uma)).statusCode).toBe(403);
  });

  it('lets a workspace user view but not change, and an operator change but not delete', async () => {
    const workflow = await created('Roles', chain);
    expect((await api.patch(`${url}/${workflow.id}`, 'workflows', { label: 'x' }, users.uma)).statusCode).toBe(403);
    expect((await api.patch(`${url}/${workflow.id}`, 'workflows', { graph: { nodes: [], edges: [] } }, users.otto)).statusCode).toBe(200);
    expect((await app.server.inject({ method: 'DELETE', url: `${url}/${workflow.id}`, headers: users.otto })).statusCode).toBe(403);
    expect((await app.server.inject({ method: 'DELETE', url: `${url}/${workflow.id}`, headers: users.dora })).statusCode).toBe(204);
  });

  it('refuses changes to an archived workflow', async () => {
    const workflow = await created('Archived', chain);
    await app.server.inject({ method: 'PATCH', url: `${url}/${workflow.id}/archive`, headers: users.dora });
    const refused = await api.patch(`${url}/${workflow.id}`, 'workflows', { graph: { nodes: [], edges: [] } }, users.dora);
    expect(refused.statusCode).toBe(400);
  });

  it('publishes for the owner with description and thumbnail, shows the public detail item, and unpublishes', async () => {
    const workflow = await created('Published', chain);
    const publish = (headers: Headers, attributes: object) =>
      app.server.inject({
        method: 'PATCH',
        url: `${url}/${workflow.id}/publish`,
        headers,
        payload: { data: { type: 'workflows', id: workflow.id, attributes } },
      });
    expect((await publish(users.otto, { description: 'Flood maps' })).statusCode).toBe(403);
    const badThumbnail = await publish(users.dora, { description: 'Flood maps', thumbnail_url: 'ftp://x/y.png' });
    expect(badThumbnail.statusCode).toBe(400);
    expect(details(badThumbnail)[0]).toMatchObject({ source: { pointer: '/data/attributes/thumbnail_url' } });
    expect((await app.server.inject({ method: 'GET', url: `${url}/${workflow.id}/catalogue-item` })).statusCode).toBe(401);

    const published = await publish(users.dora, { description: 'Flood maps', thumbnail_url: 'https://example.org/t.png' });
    expect(published.statusCode, published.body).toBe(200);
    expect(JSON.parse(published.json<{ data: Workflow }>().data.attributes.description)).toEqual({
      description: 'Flood maps',
      thumbnail_url: 'https://example.org/t.png',
    });
    expect((await get(`${url}/${workflow.id}/is_published`, users.uma)).json()).toEqual({ data: { published: true } });

    const item = await app.server.inject({ method: 'GET', url: `${url}/${workflow.id}/catalogue-item` });
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({
      id: `asb:workflows:${workflow.id}`,
      properties: { title: 'Published', description: 'Flood maps', type: 'workflow' },
      assets: { thumbnail: { href: 'https://example.org/t.png', roles: ['thumbnail'] } },
    });

    const unpublished = await app.server.inject({ method: 'PATCH', url: `${url}/${workflow.id}/unpublish`, headers: app.adminHeader });
    expect(unpublished.json<{ data: Workflow }>().data.attributes.isPublished).toBe(false);
    expect((await app.server.inject({ method: 'GET', url: `${url}/${workflow.id}/catalogue-item` })).statusCode).toBe(401);
  });

  it('needs a signed-in user for every call', async () => {
    for (const path of [url, '/knowledge/v1/processors/1', `${url}/1/nodes`, '/keystore/v1/public-key']) {
      expect((await app.server.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
  });
});
