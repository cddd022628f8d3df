import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;
interface WorkspaceObject {
  type: string;
  id: string;
  attributes: {
    identifier: string;
    label: string;
    ownerId: string;
    isArchived: boolean;
    workspaces: Record<string, string>;
    permissions: { change: boolean; delete: boolean; share: boolean };
  };
  relationships: { workspaces: { data: { type: string; id: string }[] } };
}
interface ListDocument {
  data: WorkspaceObject[];
  meta: { pagination: { page: number; pages: number; count: number } };
}

/**
 * knowledge workspaces through the generic JSON:API machinery: list (page, sort,
 * filters), get, create, patch, archive, share, delete, and who may do what.
 * Workspaces are staff-administered; members only view (docs/permissions.md).
 */
describe('knowledge workspaces', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const url = '/knowledge/v1/workspaces';

  const list = async (query: string, headers: Headers = app.adminHeader) => {
    const response = await app.server.inject({ url: `${url}?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListDocument>();
  };
  const identifiers = (doc: ListDocument) => doc.data.map((w) => w.attributes.identifier);
  const create = (attributes: object, headers: Headers = app.adminHeader, relationships?: object) =>
    app.server.inject({ method: 'POST', url, headers, payload: { data: { type: 'workspaces', attributes, relationships } } });
  const patch = (id: string, data: object, headers: Headers = app.adminHeader) =>
    app.server.inject({ method: 'PATCH', url: `${url}/${id}`, headers, payload: { data: { type: 'workspaces', id, ...data } } });
  const share = (id: string, workspaceIds: string[], headers: Headers = app.adminHeader) =>
    patch(id, { relationships: { workspaces: { data: workspaceIds.map((w) => ({ type: 'workspaces', id: w })) } } }, headers);
  const action = (id: string, verb: 'archive' | 'unarchive', headers: Headers = app.adminHeader) =>
    app.server.inject({ method: 'PATCH', url: `${url}/${id}/${verb}`, headers });

  beforeAll(async () => {
    app = await createTestApp();
    // 23 workspaces: more than one default page of 20.
    for (let n = 1; n <= 21; n++) {
      const identifier = `ws-${String(n).padStart(2, '0')}`;
      ids[identifier] = (await create({ identifier, label: `Bulk ${n}` })).json<{ data: WorkspaceObject }>().data.id;
    }
  });
  afterAll(async () => {
    await app.close();
  });

  describe('create', () => {
    it('answers 201 with the identifier lowercased and the creator as owner', async () => {
      const created = await create({ identifier: 'Team-A', label: 'Team A' });
      expect(created.statusCode).toBe(201);
      const { data } = created.json<{ data: WorkspaceObject }>();
      expect(data).toMatchObject({ type: 'workspaces', attributes: { identifier: 'team-a', label: 'Team A', ownerId: 'admin', isArchived: false } });
      ids['team-a'] = data.id;
      ids['team-b'] = (await create({ identifier: 'team-b', label: 'Team B' })).json<{ data: WorkspaceObject }>().data.id;
    });

    it('refuses a duplicate identifier, whatever its case, with a pointer to the attribute', async () => {
      const duplicate = await create({ identifier: 'TEAM-A', label: 'Again' });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({
        detail: 'A workspace with this identifier already exists.',
        errors: [
          {
            status: '400',
            title: 'Invalid attribute',
            detail: 'A workspace with this identifier already exists.',
            source: { pointer: '/data/attributes/identifier' },
          },
        ],
      });
    });

    it('points at each invalid attribute', async () => {
      const response = await create({ identifier: 'has space' });
      expect(response.statusCode).toBe(400);
      const pointers = response.json<{ errors: { source: { pointer: string } }[] }>().errors.map((e) => e.source.pointer);
      expect(pointers.sort()).toEqual(['/data/attributes/identifier', '/data/attributes/label']);
    });

    it('is for staff only', async () => {
      expect((await create({ identifier: 'mine', label: 'Mine' }, {})).statusCode).toBe(401);
      const user = await app.userWithHeader('ulla');
      expect((await create({ identifier: 'mine', label: 'Mine' }, user)).statusCode).toBe(403);
      const staff = await app.userWithHeader('sven', { is_staff: true });
      expect((await create({ identifier: 'staff-made', label: 'By staff' }, staff)).statusCode).toBe(201);
    });
  });

  describe('list', () => {
    it('pages 20 at a time by default, sorted by identifier, with page, pages and count', async () => {
      const first = await list('');
      expect(first.data).toHaveLength(20);
      expect(first.meta.pagination).toEqual({ page: 1, pages: 2, count: 24 });
      expect(identifiers(first).slice(0, 2)).toEqual(['staff-made', 'team-a']);
      const second = await list('page[number]=2');
      expect(identifiers(second)).toEqual(['ws-18', 'ws-19', 'ws-20', 'ws-21']);
      expect(second.meta.pagination).toEqual({ page: 2, pages: 2, count: 24 });
    });

    it('takes page[size] and sort, descending with a minus', async () => {
      const doc = await list('page[size]=3&sort=-identifier');
      expect(identifiers(doc)).toEqual(['ws-21', 'ws-20', 'ws-19']);
      expect(doc.meta.pagination).toEqual({ page: 1, pages: 8, count: 24 });
      expect(identifiers(await list('sort=label&page[size]=2'))).toEqual(['ws-01', 'ws-10']);
      expect((await app.server.inject({ url: `${url}?sort=secret`, headers: app.adminHeader })).statusCode).toBe(400);
    });

    it('searches identifier and label, case-insensitively and literally', async () => {
      expect(identifiers(await list('filter[search]=TEAM'))).toEqual(['team-a', 'team-b']);
      expect(identifiers(await list('filter[search]=bulk 2'))).toEqual(['ws-02', 'ws-20', 'ws-21']);
      expect((await list('filter[search]=%25')).meta.pagination.count).toBe(0);
    });

    it('filters by identifier and by archive state', async () => {
      expect(identifiers(await list('filter[identifier]=team-b'))).toEqual(['team-b']);
      expect(await action(ids['ws-21']!, 'archive')).toMatchObject({ statusCode: 200 });
      expect(identifiers(await list('filter[isArchived]=true'))).toEqual(['ws-21']);
      expect((await list('filter[isArchived]=false')).meta.pagination.count).toBe(23);
      await action(ids['ws-21']!, 'unarchive');
    });

    it('answers 400 for an unknown filter, and 401 when signed out', async () => {
      const response = await app.server.inject({ url: `${url}?filter[colour]=red`, headers: app.adminHeader });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: "Unknown filter 'colour'." });
      expect((await app.server.inject({ url })).statusCode).toBe(401);
    });
  });

  describe('get, patch, archive, delete', () => {
    it('gets one workspace, 404 for unknown ids', async () => {
      const response = await app.server.inject({ url: `${url}/${ids['team-a']}`, headers: app.adminHeader });
      expect(response.json()).toMatchObject({
        data: { id: ids['team-a'], attributes: { identifier: 'team-a', permissions: { change: true, delete: true, share: true } } },
      });
      expect((await app.server.inject({ url: `${url}/999999`, headers: app.adminHeader })).statusCode).toBe(404);
      expect((await app.server.inject({ url: `${url}/team-a`, headers: app.adminHeader })).statusCode).toBe(404);
    });

    it('changes the label but never the identifier', async () => {
      const response = await patch(ids['team-b']!, { attributes: { label: 'Team Bravo', identifier: 'renamed' } });
      expect(response.json()).toMatchObject({ data: { attributes: { identifier: 'team-b', label: 'Team Bravo' } } });
      expect((await patch(ids['team-b']!, { attributes: { label: '' } })).statusCode).toBe(400);
    });

    it('archives: no changes and no sharing until unarchived', async () => {
      const archived = await action(ids['ws-01']!, 'archive');
      expect(archived.json()).toMatchObject({ data: { attributes: { isArchived: true, permissions: { share: false } } } });
      const change = await patch(ids['ws-01']!, { attributes: { label: 'Nope' } });
      expect(change.statusCode).toBe(400);
      expect(change.json()).toMatchObject({ detail: 'Archived workspace: modifications are disabled.' });
      const shared = await share(ids['ws-01']!, [ids['team-a']!]);
      expect(shared.statusCode).toBe(400);
      expect(shared.json()).toMatchObject({ detail: 'Archived resources cannot be shared.' });

      expect((await action(ids['ws-01']!, 'unarchive')).json()).toMatchObject({ data: { attributes: { isArchived: false } } });
      expect((await patch(ids['ws-01']!, { attributes: { label: 'Bulk 1 again' } })).statusCode).toBe(200);
    });

    it('deletes with 204, after which the workspace is gone', async () => {
      const response = await app.server.inject({ method: 'DELETE', url: `${url}/${ids['ws-02']}`, headers: app.adminHeader });
      expect(response.statusCode).toBe(204);
      expect((await app.server.inject({ url: `${url}/${ids['ws-02']}`, headers: app.adminHeader })).statusCode).toBe(404);
    });
  });

  describe('sharing and members', () => {
    let member: Headers;
    beforeAll(async () => {
      member = await app.userWithHeader('mia');
      await app.server.inject({ method: 'PUT', url: '/usermgr/v1/users/mia/', headers: app.adminHeader, payload: { groups: { 'team-a': ['developer'] } } });
    });

    it('shares a workspace with others through relationships.workspaces', async () => {
      const response = await share(ids['ws-03']!, [ids['team-a']!]);
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: WorkspaceObject }>();
      expect(data.relationships.workspaces.data).toEqual([{ type: 'workspaces', id: ids['team-a'] }]);
      expect(data.attributes.workspaces).toEqual({ [ids['team-a']!]: 'team-a' });
      expect(identifiers(await list('filter[workspaces.identifier]=team-a'))).toEqual(['ws-03']);
    });

    it('refuses unknown workspaces in the share list', async () => {
      expect((await share(ids['ws-03']!, ['999999'])).statusCode).toBe(400);
      expect((await share(ids['ws-03']!, ['x'])).statusCode).toBe(400);
    });

    it('shows members their workspaces and those shared with them, nothing else', async () => {
      const doc = await list('', member);
      expect(identifiers(doc)).toEqual(['team-a', 'ws-03']);
      expect(doc.data[0]!.attributes.permissions).toEqual({ change: false, delete: false, share: false });
      expect(identifiers(await list('filter[inWorkspace]=true', member))).toEqual(['ws-03']);
      expect((await app.server.inject({ url: `${url}/${ids['ws-03']}`, headers: member })).statusCode).toBe(200);
      expect((await app.server.inject({ url: `${url}/${ids['ws-04']}`, headers: member })).statusCode).toBe(403);
    });

    it('answers the same workspaces under builder/v1 (spec 1 §7 Builder), read-only', async () => {
      const builder = async (query: string, headers: Headers) => {
        const response = await app.server.inject({ url: `/builder/v1/workspaces?${query}`, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ListDocument>();
      };
      expect(await builder('', member)).toEqual(await list('', member));
      expect(identifiers(await builder('page[size]=3&sort=-identifier', app.adminHeader))).toEqual(identifiers(await list('page[size]=3&sort=-identifier')));
      const one = await app.server.inject({ url: `/builder/v1/workspaces/${ids['ws-03']}`, headers: member });
      expect(one.json()).toEqual((await app.server.inject({ url: `${url}/${ids['ws-03']}`, headers: member })).json());
      expect((await app.server.inject({ url: `/builder/v1/workspaces/${ids['ws-04']}`, headers: member })).statusCode).toBe(403);
      expect((await app.server.inject({ url: '/builder/v1/workspaces' })).statusCode).toBe(401);
      expect((await app.server.inject({ method: 'POST', url: '/builder/v1/workspaces', headers: app.adminHeader, payload: {} })).statusCode).toBe(404);
    });

    it('lets no member, not even a developer, change, archive, share or delete a workspace', async () => {
      const id = ids['team-a']!;
      expect((await patch(id, { attributes: { label: 'Hijacked' } }, member)).statusCode).toBe(403);
      expect((await action(id, 'archive', member)).statusCode).toBe(403);
      expect((await share(ids['ws-03']!, [ids['team-a']!, ids['team-b']!], member)).statusCode).toBe(403);
      expect((await app.server.inject({ method: 'DELETE', url: `${url}/${id}`, headers: member })).statusCode).toBe(403);
      expect((await app.server.inject({ url: `${url}/${id}`, headers: app.adminHeader })).json()).toMatchObject({ data: { attributes: { label: 'Team A' } } });
    });
  });
});
