import type { User } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;
interface UserList {
  data: { type: string; id: string; attributes: User }[];
  meta: { pagination: { page: number; pages: number; count: number } };
}

/** usermgr users/ and groups/ (spec 2 §7 "Users and account", Administration). */
describe('usermgr users and groups', () => {
  let app: TestApp;
  let staff: Headers;
  let plain: Headers;
  let teamId: string;

  const get = (url: string, headers: Headers = {}) => app.server.inject({ url, headers });
  const post = (url: string, headers: Headers, payload: object) => app.server.inject({ method: 'POST', url, headers, payload });
  const put = (username: string, headers: Headers, payload: object) =>
    app.server.inject({ method: 'PUT', url: `/usermgr/v1/users/${username}/`, headers, payload });

  beforeAll(async () => {
    app = await createTestApp();
    staff = await app.userWithHeader('stella', { is_staff: true });
    plain = await app.userWithHeader('percy');
    const team = await post('/knowledge/v1/workspaces', app.adminHeader, { data: { type: 'workspaces', attributes: { identifier: 'team', label: 'Team' } } });
    teamId = team.json<{ data: { id: string } }>().data.id;
    await post('/knowledge/v1/workspaces', app.adminHeader, { data: { type: 'workspaces', attributes: { identifier: 'other', label: 'Other' } } });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('GET users/', () => {
    beforeAll(async () => {
      for (const [username, email] of [
        ['zoe', 'zoe@example.org'],
        ['yann', 'yann@example.org'],
        ['xavier', 'x@corp.example'],
      ]) {
        await app.ctx.users.insert({ username: username!, email, firstName: username!.toUpperCase() });
      }
    });

    it('lists users by username, 20 a page, with pagination meta', async () => {
      const response = await get('/usermgr/v1/users/', staff);
      expect(response.statusCode).toBe(200);
      const list = response.json<UserList>();
      expect(list.data.map((u) => u.id)).toEqual(['admin', 'percy', 'stella', 'xavier', 'yann', 'zoe']);
      expect(list.data[0]).toMatchObject({ type: 'users', attributes: { username: 'admin', is_superuser: true } });
      expect(list.meta.pagination).toEqual({ page: 1, pages: 1, count: 6 });
    });

    it('pages with page[number] and page[size]', async () => {
      const list = (await get('/usermgr/v1/users/?page[number]=2&page[size]=4', staff)).json<UserList>();
      expect(list.data.map((u) => u.id)).toEqual(['yann', 'zoe']);
      expect(list.meta.pagination).toEqual({ page: 2, pages: 2, count: 6 });
    });

    it('searches username, names and email', async () => {
      expect((await get('/usermgr/v1/users/?filter[search]=corp', staff)).json<UserList>().data.map((u) => u.id)).toEqual(['xavier']);
      expect((await get('/usermgr/v1/users/?filter[search]=YAN', staff)).json<UserList>().data.map((u) => u.id)).toEqual(['yann']);
      expect((await get('/usermgr/v1/users/?filter[search]=nobody', staff)).json<UserList>().meta.pagination.count).toBe(0);
      // Typed text is literal, not a LIKE pattern.
      expect((await get('/usermgr/v1/users/?filter[search]=_', staff)).json<UserList>().meta.pagination.count).toBe(0);
    });

    it('sorts by a field, descending with a minus, and refuses unknown fields', async () => {
      const list = (await get('/usermgr/v1/users/?sort=-username&page[size]=2', staff)).json<UserList>();
      expect(list.data.map((u) => u.id)).toEqual(['zoe', 'yann']);
      expect((await get('/usermgr/v1/users/?sort=password_hash', staff)).statusCode).toBe(400);
    });

    it('is for admins only', async () => {
      expect((await get('/usermgr/v1/users/')).statusCode).toBe(401);
      expect((await get('/usermgr/v1/users/', plain)).statusCode).toBe(403);
    });
  });

  describe('GET users/{username|self}/', () => {
    it('shows the signed-in user as self', async () => {
      const response = await get('/usermgr/v1/users/self/', plain);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: 'percy', is_active: true, is_staff: false, groups: {} });
      expect(response.json()).not.toHaveProperty('password');
    });

    it('lets a user read their own name but not somebody else', async () => {
      expect((await get('/usermgr/v1/users/percy/', plain)).statusCode).toBe(200);
      expect((await get('/usermgr/v1/users/stella/', plain)).statusCode).toBe(403);
      expect((await get('/usermgr/v1/users/self/')).statusCode).toBe(401);
    });

    it('lets an admin read anyone, and answers 404 for unknown users', async () => {
      expect((await get('/usermgr/v1/users/percy/', staff)).json()).toMatchObject({ username: 'percy' });
      const missing = await get('/usermgr/v1/users/ghost/', staff);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'User ghost not found' });
    });
  });

  describe('POST users/', () => {
    it('creates a user with the given password', async () => {
      const response = await post('/usermgr/v1/users/', staff, { username: 'gina', password: 'gina-password', email: 'gina@example.org' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ username: 'gina', email: 'gina@example.org', is_active: true });
      expect(response.json()).not.toHaveProperty('password');
      expect((await post('/usermgr/v1/token/', {}, { username: 'gina', password: 'gina-password' })).statusCode).toBe(200);
    });

    it('generates a password when none is given, returns it once and it signs in', async () => {
      const response = await post('/usermgr/v1/users/', staff, { username: 'hugo' });
      expect(response.statusCode).toBe(201);
      const { password } = response.json<{ password: string }>();
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect((await post('/usermgr/v1/token/', {}, { username: 'hugo', password })).statusCode).toBe(200);
      expect(await get('/usermgr/v1/users/hugo/', staff).then((r) => r.json())).not.toHaveProperty('password');
    });

    it('refuses a taken username, whatever its case', async () => {
      const response = await post('/usermgr/v1/users/', staff, { username: 'GINA' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'A user with that username already exists.', username: ['A user with that username already exists.'] });
    });

    it('creates only one of two simultaneous requests for the same name', async () => {
      const responses = await Promise.all([post('/usermgr/v1/users/', staff, { username: 'twin' }), post('/usermgr/v1/users/', staff, { username: 'Twin' })]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(responses.find((r) => r.statusCode === 400)?.json()).toEqual({
        detail: 'A user with that username already exists.',
        username: ['A user with that username already exists.'],
      });
    });

    it.each(['with space', 'slash/name', ''])('answers a field error for the invalid username %j', async (username) => {
      const response = await post('/usermgr/v1/users/', staff, { username });
      expect(response.statusCode).toBe(400);
      expect(response.json<Record<string, string[]>>().username?.length).toBeGreaterThan(0);
    });

    it('refuses a password below 8 characters', async () => {
      const response = await post('/usermgr/v1/users/', staff, { username: 'ivy', password: 'short' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('password');
    });

    it('is for admins only', async () => {
      expect((await post('/usermgr/v1/users/', {}, { username: 'mallory' })).statusCode).toBe(401);
      expect((await post('/usermgr/v1/users/', plain, { username: 'mallory' })).statusCode).toBe(403);
      expect((await get('/usermgr/v1/users/mallory/', staff)).statusCode).toBe(404);
    });
  });

  describe('PUT users/{username}/', () => {
    it('sets profile fields and workspace roles, a role once per workspace', async () => {
      const response = await put('percy', staff, { first_name: 'Percy', groups: { team: ['user', 'operator', 'user'], other: ['developer'] } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ first_name: 'Percy', groups: { team: ['operator', 'user'], other: ['developer'] } });
      // Roles apply at once: the user now reads the workspace's members.
      expect((await get(`/usermgr/v1/groups/${teamId}/members/`, plain)).statusCode).toBe(200);
    });

    it('replaces all roles with the given groups', async () => {
      const response = await put('percy', staff, { groups: { team: ['user'] } });
      expect(response.json<User>().groups).toEqual({ team: ['user'] });
      expect((await put('percy', staff, { groups: {} })).json<User>().groups).toEqual({});
    });

    it('refuses unknown workspaces and roles', async () => {
      expect((await put('percy', staff, { groups: { nowhere: ['user'] } })).json()).toHaveProperty('groups');
      expect((await put('percy', staff, { groups: { team: ['owner'] } })).statusCode).toBe(400);
      expect((await get('/usermgr/v1/users/percy/', staff)).json<User>().groups).toEqual({});
    });

    it('lets staff grant staff status but only a superuser grant superuser status', async () => {
      expect((await put('yann', staff, { is_staff: true })).json()).toMatchObject({ is_staff: true });
      const refused = await put('yann', staff, { is_superuser: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('is_superuser');
      expect((await put('yann', app.adminHeader, { is_superuser: true })).json()).toMatchObject({ is_superuser: true });
      expect((await put('yann', staff, { is_superuser: false })).statusCode).toBe(403);
      expect((await put('yann', app.adminHeader, { is_superuser: false, is_staff: false })).json()).toMatchObject({ is_superuser: false, is_staff: false });
    });

    it('keeps a non-superuser admin away from superuser accounts', async () => {
      const response = await put(ADMIN.username, staff, { is_active: false });
      expect(response.statusCode).toBe(403);
      expect((await get('/usermgr/v1/users/admin/', staff)).json()).toMatchObject({ is_active: true });
    });

    it('refuses to deactivate oneself or to drop one own admin status', async () => {
      expect((await put('stella', staff, { is_active: false })).json()).toHaveProperty('is_active');
      expect((await put('stella', staff, { is_staff: false })).json()).toHaveProperty('is_staff');
      expect((await put(ADMIN.username, app.adminHeader, { is_active: false })).statusCode).toBe(400);
      expect((await get('/usermgr/v1/users/stella/', staff)).json()).toMatchObject({ is_active: true, is_staff: true });
    });

    it('deactivates and reactivates another user', async () => {
      expect((await put('zoe', staff, { is_active: false })).json()).toMatchObject({ is_active: false });
      expect((await put('zoe', staff, { is_active: true })).json()).toMatchObject({ is_active: true });
    });

    it('is for admins only and answers 404 for unknown users', async () => {
      expect((await put('zoe', {}, { first_name: 'x' })).statusCode).toBe(401);
      expect((await put('zoe', plain, { first_name: 'x' })).statusCode).toBe(403);
      expect((await put('percy', plain, { is_staff: true })).statusCode).toBe(403);
      expect((await put('ghost', staff, { first_name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('groups/', () => {
    it('lists every workspace to admins and only their own to members', async () => {
      await put('percy', staff, { groups: { team: ['operator'] } });
      const all = (await get('/usermgr/v1/groups/', staff)).json<{ name: string }[]>();
      expect(all.map((g) => g.name)).toEqual(['other', 'team']);
      const mine = (await get('/usermgr/v1/groups/', plain)).json<{ id: string; workspace_identifier: string; label: string }[]>();
      expect(mine).toEqual([{ id: teamId, name: 'team', workspace_identifier: 'team', label: 'Team' }]);
      expect((await get('/usermgr/v1/groups/')).statusCode).toBe(401);
    });

    it('creates the role group of an existing workspace, for admins only', async () => {
      const created = await post('/usermgr/v1/groups/', staff, { workspace_identifier: 'Team' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ id: teamId, workspace_identifier: 'team' });
      const missing = await post('/usermgr/v1/groups/', staff, { workspace_identifier: 'nowhere' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toHaveProperty('workspace_identifier');
      expect((await post('/usermgr/v1/groups/', plain, { workspace_identifier: 'team' })).statusCode).toBe(403);
      expect((await post('/usermgr/v1/groups/', {}, { workspace_identifier: 'team' })).statusCode).toBe(401);
    });

    it('lists members with their roles to admins and members, not to others', async () => {
      await put('xavier', staff, { groups: { team: ['user', 'developer'] } });
      const members = await get(`/usermgr/v1/groups/${teamId}/members/`, staff);
      expect(members.json()).toEqual([
        { username: 'percy', full_name: 'Percy', roles: ['operator'] },
        { username: 'xavier', full_name: 'XAVIER', roles: ['developer', 'user'] },
      ]);
      expect((await get(`/usermgr/v1/groups/${teamId}/members/`, plain)).statusCode).toBe(200);
      const outsider = await app.userWithHeader('olga');
      expect((await get(`/usermgr/v1/groups/${teamId}/members/`, outsider)).statusCode).toBe(403);
      expect((await get('/usermgr/v1/groups/99999/members/', staff)).statusCode).toBe(404);
      expect((await get('/usermgr/v1/groups/team/members/', staff)).statusCode).toBe(404);
    });
  });
});
