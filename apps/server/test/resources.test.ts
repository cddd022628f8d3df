import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountNotes } from './helpers/notes.resource.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;
interface NoteObject {
  id: string;
  attributes: { identifier: string; ownerId: string; permissions: { change: boolean; delete: boolean; share: boolean } };
}
interface ListDocument {
  data: NoteObject[];
}

/**
 * The generic resource machinery with its default rules (spec 1 §6, docs/permissions.md):
 * a workspace role grants user view; operator view, change; developer view, add,
 * change, delete, where add is what it takes to put a resource into a workspace.
 */
describe('generic resources: workspace roles', () => {
  let app: TestApp;
  const users: Record<string, Headers> = {};
  let lab = '';
  let annex = '';
  const url = '/test/v1/notes';

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
  const refs = (workspaceIds: string[]) => ({ workspaces: { data: workspaceIds.map((id) => ({ type: 'workspaces', id })) } });
  const create = (headers: Headers, identifier: string, workspaceIds?: string[]) =>
    send('POST', url, headers, {
      data: { type: 'notes', attributes: { identifier, label: identifier }, relationships: workspaceIds ? refs(workspaceIds) : undefined },
    });
  const createdId = async (headers: Headers, identifier: string, workspaceIds?: string[]) => {
    const response = await create(headers, identifier, workspaceIds);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: NoteObject }>().data.id;
  };
  const rename = (headers: Headers, id: string) => send('PATCH', `${url}/${id}`, headers, { data: { type: 'notes', id, attributes: { label: 'renamed' } } });
  const share = (headers: Headers, id: string, workspaceIds: string[]) =>
    send('PATCH', `${url}/${id}`, headers, { data: { type: 'notes', id, relationships: refs(workspaceIds) } });
  const visible = async (headers: Headers, query = '') =>
    (await send('GET', `${url}?${query}`, headers)).json<ListDocument>().data.map((n) => n.attributes.identifier);

  beforeAll(async () => {
    app = await createTestApp({}, { beforeReady: mountNotes });
    const workspace = async (identifier: string) =>
      (await send('POST', '/knowledge/v1/workspaces', app.adminHeader, { data: { type: 'workspaces', attributes: { identifier, label: identifier } } })).json<{
        data: { id: string };
      }>().data.id;
    lab = await workspace('lab');
    annex = await workspace('annex');
    const roles: Record<string, Record<string, string[]>> = {
      uma: { lab: ['user'] },
      otto: { lab: ['operator'] },
      dora: { lab: ['developer'], annex: ['user'] },
      wes: { annex: ['developer'] },
      nils: {},
    };
    for (const [username, groups] of Object.entries(roles)) {
      users[username] = await app.userWithHeader(username);
      await send('PUT', `/usermgr/v1/users/${username}/`, app.adminHeader, { groups });
    }
    await createdId(app.adminHeader, 'lab-note', [lab]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 to anonymous calls', async () => {
    expect((await send('GET', url, {})).statusCode).toBe(401);
    expect((await create({}, 'anon')).statusCode).toBe(401);
    expect((await send('DELETE', `${url}/1`, {})).statusCode).toBe(401);
  });

  it('lists what each role may view: the resources shared with their workspaces', async () => {
    for (const name of ['uma', 'otto', 'dora']) expect(await visible(users[name]!)).toEqual(['lab-note']);
    expect(await visible(users.wes!)).toEqual([]);
    expect(await visible(users.nils!)).toEqual([]);
  });

  it.each([
    ['uma', 'user', { change: false, delete: false, share: false }],
    ['otto', 'operator', { change: true, delete: false, share: true }],
    ['dora', 'developer', { change: true, delete: true, share: true }],
  ])('tells %s (%s) what they may do', async (name, _role, permissions) => {
    const [note] = (await send('GET', url, users[name]!)).json<ListDocument>().data;
    expect(note?.attributes.permissions).toEqual(permissions);
  });

  it.each([
    ['uma', 403],
    ['otto', 200],
    ['dora', 200],
    ['wes', 403],
  ])('lets %s change a shared resource: %i', async (name, status) => {
    const id = await createdId(app.adminHeader, `change-by-${name}`, [lab]);
    expect((await rename(users[name]!, id)).statusCode).toBe(status);
    expect((await send('PATCH', `${url}/${id}/archive`, users[name]!)).statusCode).toBe(status);
  });

  it.each([
    ['uma', 403],
    ['otto', 403],
    ['dora', 204],
  ])('lets %s delete a shared resource: %i', async (name, status) => {
    const id = await createdId(app.adminHeader, `delete-by-${name}`, [lab]);
    expect((await send('DELETE', `${url}/${id}`, users[name]!)).statusCode).toBe(status);
    expect((await send('GET', `${url}/${id}`, app.adminHeader)).statusCode).toBe(status === 204 ? 404 : 200);
  });

  it('answers 403 for a resource the user may not view, 404 for one that does not exist', async () => {
    const [note] = (await send('GET', url, app.adminHeader)).json<ListDocument>().data;
    expect((await send('GET', `${url}/${note!.id}`, users.nils!)).statusCode).toBe(403);
    expect((await rename(users.nils!, note!.id)).statusCode).toBe(403);
    expect((await send('GET', `${url}/999999`, users.nils!)).statusCode).toBe(404);
  });

  describe('adding to a workspace', () => {
    it('needs the developer role in that workspace to create a resource in it', async () => {
      expect((await create(users.uma!, 'by-uma', [lab])).statusCode).toBe(403);
      expect((await create(users.otto!, 'by-otto', [lab])).statusCode).toBe(403);
      expect((await create(users.wes!, 'by-wes', [lab])).statusCode).toBe(403);
      const id = await createdId(users.dora!, 'by-dora', [lab]);
      // What a developer adds, the others of the workspace see by their own roles.
      expect((await send('GET', `${url}/${id}`, users.uma!)).statusCode).toBe(200);
      expect((await rename(users.otto!, id)).statusCode).toBe(200);
    });

    it('needs the developer role in a workspace to share an existing resource into it', async () => {
      const id = await createdId(app.adminHeader, 'to-share', [lab]);
      expect((await share(users.otto!, id, [lab, annex])).statusCode).toBe(403);
      expect((await share(users.dora!, id, [lab, annex])).statusCode).toBe(403);
      // Keeping a workspace that is already in the list needs nothing more.
      expect((await share(users.otto!, id, [lab])).statusCode).toBe(200);
      expect((await share(app.adminHeader, id, [lab, annex])).statusCode).toBe(200);
      expect(await visible(users.wes!)).toEqual(['to-share']);
    });

    it('lets anyone keep resources of their own, outside any workspace', async () => {
      const id = await createdId(users.nils!, 'private-note');
      expect(await visible(users.nils!)).toEqual(['private-note']);
      expect((await rename(users.nils!, id)).statusCode).toBe(200);
      expect((await send('GET', `${url}/${id}`, users.dora!)).statusCode).toBe(403);
      // Owning a resource does not open a workspace to it.
      expect((await share(users.nils!, id, [lab])).statusCode).toBe(403);
      expect((await send('DELETE', `${url}/${id}`, users.nils!)).statusCode).toBe(204);
    });
  });

  it('filters by owner and by the workspaces of the user', async () => {
    await createdId(users.uma!, 'uma-own');
    expect(await visible(app.adminHeader, 'filter[ownerId]=uma')).toEqual(['uma-own']);
    expect(await visible(users.uma!, 'filter[inWorkspace]=true')).not.toContain('uma-own');
    expect(await visible(users.uma!, 'filter[inWorkspace]=true')).toContain('lab-note');
    expect(await visible(users.uma!, 'filter[workspaces.identifier]=annex')).toEqual(['to-share']);
  });
});
