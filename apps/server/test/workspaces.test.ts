import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('knowledge workspaces', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a workspace with a lowercased identifier and lists it', async () => {
    const created = await app.server.inject({
      method: 'POST',
      url: '/knowledge/v1/workspaces',
      headers: app.adminHeader,
      payload: { data: { type: 'workspaces', attributes: { identifier: 'Team-A', label: 'Team A' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.identifier).toBe('team-a');

    const list = await app.server.inject({ method: 'GET', url: '/knowledge/v1/workspaces?filter[search]=team', headers: app.adminHeader });
    expect(list.json().meta.pagination).toEqual({ page: 1, pages: 1, count: 1 });
  });
});
