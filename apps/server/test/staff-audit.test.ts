import type { AdminAuditEntry } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueClient } from './helpers/catalogue.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app.js';

/**
 * The audit log holds every successful write by staff or a superuser, wherever in the API
 * (docs/admin.md "Audit log"), not only the embedded admin's: no body, no secret.
 */
describe('audit of staff writes', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let sam: Headers;
  let olga: Headers;

  const put = (username: string, headers: Headers, payload: object) =>
    app.server.inject({ method: 'PUT', url: `/usermgr/v1/users/${username}/`, headers, payload });
  const entriesOf = async (actor: string) =>
    (await api.send('GET', '/admin/v1/audit', app.adminHeader)).json<{ data: AdminAuditEntry[] }>().data.filter((entry) => entry.actor === actor);

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 2000, enabled: false } });
    api = knowledgeApi(app);
    sam = await app.userWithHeader('sam', { is_staff: true });
    olga = await app.userWithHeader('olga');
    await api.workspace('team');
  });
  afterAll(async () => {
    await app.close();
  });

  it('records 4 rows for 4 staff actions: a user edit, a role change, a STAC transaction and an admin change', async () => {
    const processId = await api.processId({ label: 'Olga process' }, olga);
    expect((await put('olga', sam, { first_name: 'Olga' })).statusCode).toBe(200);
    expect((await put('olga', sam, { groups: { team: ['operator'] } })).statusCode).toBe(200);
    await catalogueClient(app).createCollection('staff-made', sam);
    const patched = await api.patch(`/admin/v1/resources/processes/${processId}`, 'processes', { description: 'Checked' }, sam);
    expect(patched.statusCode, patched.body).toBe(200);

    const log = await entriesOf('sam');
    expect(log).toHaveLength(4);
    expect(log).toMatchObject([
      { action: 'update', service: 'knowledge', type: 'processes', resourceId: processId },
      { action: 'write', service: 'backend', type: 'POST /resource-catalogue/stac/collections', resourceId: 'staff-made', changes: { status: 201 } },
      { action: 'write', service: 'usermgr', type: 'PUT /usermgr/v1/users/{username}/', resourceId: 'olga' },
      { action: 'write', service: 'usermgr', type: 'PUT /usermgr/v1/users/{username}/', resourceId: 'olga' },
    ]);
    // the tab of a service shows its writes
    const usermgr = (await api.send('GET', '/admin/v1/audit?filter[service]=usermgr', app.adminHeader)).json<{ data: AdminAuditEntry[] }>().data;
    expect(usermgr.filter((entry) => entry.actor === 'sam')).toHaveLength(2);
  });

  it('records no refused write, no read, no write by other users and never a body', async () => {
    const before = (await entriesOf('sam')).length;
    expect((await put('olga', sam, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await api.send('GET', '/usermgr/v1/users/olga/', sam)).statusCode).toBe(200);
    // a search sent as POST reads
    expect((await api.send('POST', '/resource-catalogue/stac/search', sam, { limit: 1 })).statusCode).toBe(200);
    await catalogueClient(app).createCollection('olga-made', olga);
    expect(await entriesOf('olga')).toEqual([]);

    const changed = await api.send('PATCH', '/usermgr/v1/change_password/', sam, {
      current_password: PASSWORD,
      new_password: 'A-new-secret-1234',
      confirm_new_password: 'A-new-secret-1234',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const log = await entriesOf('sam');
    expect(log).toHaveLength(before + 1);
    expect(log[0]).toMatchObject({ action: 'write', type: 'PATCH /usermgr/v1/change_password/', changes: { status: 200 } });
    expect(JSON.stringify(log)).not.toContain('A-new-secret-1234');
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });
});
