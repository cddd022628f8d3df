import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processBuckets, processImages, processVersions } from '../src/db-schema.js';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface ProcessAttributes {
  slug: string;
  description: string;
  type: string;
  workspaces: Record<string, string>;
}

/**
 * knowledge processes (spec 2 Process list and page): create with a derived slug,
 * list filters of the process list, share, archive, delete with everything that
 * belongs to the process, and who may do what (docs/permissions.md).
 */
describe('knowledge processes', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let lab = '';
  const users = {} as Record<'uma' | 'otto' | 'dora' | 'nils', Headers>;
  const url = '/knowledge/v1/processes';
  const identifiers = async (query: string, headers?: Headers) =>
    (await api.list<ProcessAttributes>(`${url}?${query}`, headers)).data.map((p) => p.attributes.identifier);

  beforeAll(async () => {
    app = await createTestApp();
    api = knowledgeApi(app);
    lab = await api.workspace('lab');
    users.uma = await api.member('uma', { [lab]: 'user' });
    users.otto = await api.member('otto', { [lab]: 'operator' });
    users.dora = await api.member('dora', { [lab]: 'developer' });
    users.nils = await api.member('nils');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('create', () => {
    it('derives slug and identifier from the label, type wps by default, the creator as owner', async () => {
      const response = await api.createProcess({ label: 'NDVI Time Series', description: 'Vegetation index' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: JsonApiObject<ProcessAttributes> }>().data).toMatchObject({
        type: 'processes',
        attributes: {
          label: 'NDVI Time Series',
          slug: 'ndvi-time-series',
          identifier: 'ndvi-time-series',
          type: 'wps',
          description: 'Vegetation index',
          ownerId: 'admin',
          isArchived: false,
        },
      });
    });

    it('takes a given slug and a python type (snippet)', async () => {
      const response = await api.createProcess({ label: 'Cloud mask', slug: 'cloud_mask-v2', type: 'python' });
      expect(response.json()).toMatchObject({ data: { attributes: { identifier: 'cloud_mask-v2', slug: 'cloud_mask-v2', type: 'python', description: '' } } });
    });

    it('reports a taken slug on the slug the client sent, or on the label it was derived from', async () => {
      const sent = await api.createProcess({ label: 'Another', slug: 'ndvi-time-series' });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toEqual({
        detail: 'A process with this slug already exists.',
        errors: [
          { status: '400', title: 'Invalid attribute', detail: 'A process with this slug already exists.', source: { pointer: '/data/attributes/slug' } },
        ],
      });
      const derived = await api.createProcess({ label: 'ndvi time-series' });
      expect(derived.json()).toMatchObject({ errors: [{ source: { pointer: '/data/attributes/label' } }] });
    });

    it('refuses invalid slugs, types and labels with pointers', async () => {
      const pointer = async (attributes: object) =>
        (await api.createProcess(attributes)).json<{ errors: { source: { pointer: string } }[] }>().errors.map((e) => e.source.pointer);
      expect(await pointer({ label: 'x', slug: 'has:colon' })).toEqual(['/data/attributes/slug']);
      expect(await pointer({ label: 'x', type: 'cwl' })).toEqual(['/data/attributes/type']);
      expect(await pointer({ label: '' })).toEqual(['/data/attributes/label']);
      expect(await pointer({ label: '!!!' })).toEqual(['/data/attributes/label']);
    });

    it('answers 401 when signed out', async () => {
      expect((await api.createProcess({ label: 'anon' }, {})).statusCode).toBe(401);
      expect((await api.send('GET', url, {})).statusCode).toBe(401);
    });
  });

  describe('list filters of the process list', () => {
    beforeAll(async () => {
      await api.processId({ label: 'Shared flood map' }, app.adminHeader, [lab]);
      await api.processId({ label: 'Uma own' }, users.uma);
      const archived = await api.processId({ label: 'Old archived' });
      await api.send('PATCH', `${url}/${archived}/archive`);
    });

    it('filters user processes and snippets by type, and refuses unknown types', async () => {
      expect(await identifiers('filter[type]=python')).toEqual(['cloud_mask-v2']);
      expect(await identifiers('filter[type]=wps&filter[isArchived]=false&sort=identifier')).toEqual(['ndvi-time-series', 'shared-flood-map', 'uma-own']);
      expect((await api.send('GET', `${url}?filter[type]=cwl`)).statusCode).toBe(400);
    });

    it('filters archived, owned by me and in my workspace', async () => {
      expect(await identifiers('filter[isArchived]=true')).toEqual(['old-archived']);
      expect(await identifiers('filter[ownerId]=uma', users.uma)).toEqual(['uma-own']);
      expect(await identifiers('filter[inWorkspace]=true', users.uma)).toEqual(['shared-flood-map']);
      expect(await identifiers('', users.uma)).toEqual(['shared-flood-map', 'uma-own']);
      expect(await identifiers('', users.nils)).toEqual([]);
    });

    it('sorts by label by default and by type on request', async () => {
      expect((await identifiers('')).slice(0, 2)).toEqual(['cloud_mask-v2', 'ndvi-time-series']);
      expect((await identifiers('sort=type'))[0]).toBe('cloud_mask-v2');
      expect((await identifiers('sort=-type'))[0]).not.toBe('cloud_mask-v2');
    });
  });

  describe('share, change and archive by workspace role', () => {
    let shared = '';
    beforeAll(async () => {
      shared = await api.processId({ label: 'Role matrix' }, app.adminHeader, [lab]);
    });

    it.each([
      ['uma', { change: false, delete: false, share: false }],
      ['otto', { change: true, delete: false, share: true }],
      ['dora', { change: true, delete: true, share: true }],
    ] as const)('tells %s what they may do', async (name, permissions) => {
      const response = await api.send('GET', `${url}/${shared}`, users[name]);
      expect(response.json()).toMatchObject({ data: { attributes: { permissions, workspaces: { [lab]: 'lab' } } } });
    });

    it('lets a user view but not change, archive or share; an operator change and archive', async () => {
      expect((await api.patch(`${url}/${shared}`, 'processes', { description: 'by uma' }, users.uma)).statusCode).toBe(403);
      expect((await api.send('PATCH', `${url}/${shared}/archive`, users.uma)).statusCode).toBe(403);
      const changed = await api.patch(`${url}/${shared}`, 'processes', { description: 'by otto', label: 'Role matrix 2' }, users.otto);
      expect(changed.json()).toMatchObject({ data: { attributes: { description: 'by otto', label: 'Role matrix 2', identifier: 'role-matrix' } } });
      expect((await api.send('PATCH', `${url}/${shared}/archive`, users.otto)).statusCode).toBe(200);
      expect((await api.send('PATCH', `${url}/${shared}/unarchive`, users.otto)).statusCode).toBe(200);
    });

    it('shares through relationships.workspaces, never while archived', async () => {
      const mine = await api.processId({ label: 'To share' }, users.dora);
      const share = (headers: Headers) =>
        api.send('PATCH', `${url}/${mine}`, headers, {
          data: { type: 'processes', id: mine, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } },
        });
      expect((await share(users.dora)).statusCode).toBe(200);
      expect(await identifiers('filter[workspaces.identifier]=lab', users.uma)).toContain('to-share');
      await api.send('PATCH', `${url}/${mine}/archive`, users.dora);
      const refused = await share(users.dora);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: 'Archived resources cannot be shared.' });
    });

    it('lets only the owner, a developer or a superuser delete', async () => {
      const doomed = await api.processId({ label: 'Doomed' }, app.adminHeader, [lab]);
      expect((await api.send('DELETE', `${url}/${doomed}`, users.otto)).statusCode).toBe(403);
      expect((await api.send('DELETE', `${url}/${doomed}`, users.nils)).statusCode).toBe(403);
      expect((await api.send('DELETE', `${url}/${doomed}`, users.dora)).statusCode).toBe(204);
      expect((await api.send('GET', `${url}/${doomed}`)).statusCode).toBe(404);
    });
  });

  it('deletes a process with its buckets, versions and images', async () => {
    const id = await api.processId({ label: 'Cascade' });
    const bucket = (await api.createBucket(id)).json<{ data: JsonApiObject }>().data.id;
    await api.releasedVersion({ id, identifier: 'cascade' }, '1', bucket);
    // an image recorded without its version still goes with the process, by identifier
    await app.ctx.db
      .insert(processImages)
      .values({ identifier: 'cascade:orphan', label: 'x', ownerId: 'admin', processIdentifier: 'cascade', processVersion: '0' });

    expect((await api.send('DELETE', `${url}/${id}`)).statusCode).toBe(204);
    expect(
      await app.ctx.db
        .select()
        .from(processBuckets)
        .where(eq(processBuckets.processId, Number(id))),
    ).toEqual([]);
    expect(
      await app.ctx.db
        .select()
        .from(processVersions)
        .where(eq(processVersions.processId, Number(id))),
    ).toEqual([]);
    expect(await app.ctx.db.select().from(processImages).where(eq(processImages.processIdentifier, 'cascade'))).toEqual([]);
  });
});
