import { DEFAULT_DASHBOARD, type DashboardAttributes, type ExecutionStatistics } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Dashboard = JsonApiObject<DashboardAttributes & { permissions: { change: boolean } }>;
const BASE = '/knowledge/v1/dashboards';
const COMPONENTS = '/knowledge/v1/dashboard-components';

/**
 * Dashboards (spec 2 §2, §3, §5, §7, §9; docs/dashboards.md): created with a derived slug and
 * 400s under their field; components written one by one and read back as the layout; who may
 * read (own, shared, public signed out, the system home) and who may change (owner, workspace
 * editors, staff for the system one, nobody while not editable); the executions chart's figures.
 */
describe('dashboards', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let olga: Headers;
  let vera: Headers;
  let walt: Headers;
  let lab = '';

  const create = (attributes: Record<string, unknown>, headers: Headers = olga) =>
    api.send('POST', BASE, headers, { data: { type: 'dashboards', attributes } });
  const created = async (attributes: Record<string, unknown>, headers: Headers = olga): Promise<Dashboard> => {
    const response = await create(attributes, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Dashboard }>().data;
  };
  const read = async (id: string, headers: Headers = olga) => (await api.send('GET', `${BASE}/${id}`, headers)).json<{ data: Dashboard }>().data;
  const addComponent = (dashboard: string, attributes: Record<string, unknown>, headers: Headers = olga) =>
    api.send('POST', COMPONENTS, headers, {
      data: { type: 'dashboard-components', attributes, relationships: { dashboard: { data: { type: 'dashboards', id: dashboard } } } },
    });
  const patchComponent = (id: string, attributes: Record<string, unknown>, headers: Headers = olga) =>
    api.send('PATCH', `${COMPONENTS}/${id}`, headers, { data: { type: 'dashboard-components', id, attributes } });

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    api = knowledgeApi(app);
    lab = await api.workspace('lab');
    olga = await api.member('olga', { [lab]: 'developer' });
    vera = await api.member('vera', { [lab]: 'user' });
    walt = await app.userWithHeader('walt', { is_staff: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a dashboard with its slug derived from the name; a missing or taken name is a 400 under verboseName', async () => {
    const dashboard = await created({ verboseName: 'Flood watch – Danube', description: 'Rivers in spate' });
    expect(dashboard.attributes).toMatchObject({
      verboseName: 'Flood watch – Danube',
      slug: 'flood-watch-danube',
      identifier: 'flood-watch-danube',
      description: 'Rivers in spate',
      ownerId: 'olga',
      isEditable: true,
      isPublic: false,
      isSystem: false,
      components: [],
      layout: [],
    });
    const empty = await create({ verboseName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: { source: { pointer: string }; detail: string }[] }>().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/verboseName' },
      detail: 'Give the dashboard a name.',
    });
    const taken = await create({ verboseName: 'Flood Watch  Danube' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ errors: { source: { pointer: string }; detail: string }[] }>().errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/verboseName' },
      detail: 'You already have a dashboard with this name.',
    });
  });

  it('saves each component and reads the layout back as saved: add, move, resize, configure, remove', async () => {
    const dashboard = await created({ verboseName: 'Layout round trip' });
    const panel = await addComponent(dashboard.id, { name: 'information-panel', x: 0, y: 0, w: 12, h: 5, json_properties: { title: 'Hello', text: 'World' } });
    expect(panel.statusCode, panel.body).toBe(201);
    const map = await addComponent(dashboard.id, { name: 'cog-map', x: 0, y: 5, w: 7, h: 20, json_properties: { url: 'http://x/a.tif' } });
    const chart = await addComponent(dashboard.id, { name: 'executions-chart', x: 7, y: 5, w: 5, h: 10 });
    const [panelId, mapId, chartId] = [panel, map, chart].map((response) => response.json<{ data: { id: string } }>().data.id);
    expect((await patchComponent(mapId!, { x: 5, y: 6, w: 7, h: 18 })).statusCode).toBe(200);
    expect((await patchComponent(chartId!, { x: 0, w: 5, json_properties: { days: 30 } })).statusCode).toBe(200);
    expect((await api.send('DELETE', `${COMPONENTS}/${panelId}`, olga)).statusCode).toBe(204);

    const again = await read(dashboard.id);
    expect(again.attributes.layout).toEqual([
      { i: mapId, x: 5, y: 6, w: 7, h: 18, component: 'cog-map' },
      { i: chartId, x: 0, y: 5, w: 5, h: 10, component: 'executions-chart' },
    ]);
    expect(again.attributes.components.map((component) => component.json_properties)).toEqual([{ url: 'http://x/a.tif' }, { days: 30 }]);

    // the grid's bounds and the component's own checks
    const outside = await patchComponent(mapId!, { x: 8 });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('12 columns');
    expect((await addComponent(dashboard.id, { name: 'weather', x: 0, y: 0, w: 1, h: 1 })).statusCode).toBe(400);
    expect((await patchComponent(`${dashboard.id}-999`, { x: 0 })).statusCode).toBe(404);
    expect((await patchComponent('nonsense', { x: 0 })).statusCode).toBe(404);
  });

  it('lets the owner and workspace editors change a dashboard, viewers and others only read it when they may, and nobody while it is not editable', async () => {
    const dashboard = await created({ verboseName: 'Shared board' });
    const other = await app.userWithHeader('otto');
    expect((await api.send('GET', `${BASE}/${dashboard.id}`, other)).statusCode).toBe(403);
    expect((await addComponent(dashboard.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 }, other)).statusCode).toBe(403);

    const shared = await api.send('PATCH', `${BASE}/${dashboard.id}`, olga, {
      data: { type: 'dashboards', id: dashboard.id, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await read(dashboard.id, vera)).attributes.permissions.change).toBe(false);
    expect((await addComponent(dashboard.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 }, vera)).statusCode).toBe(403);

    // locked by its owner: no component changes, for anyone
    expect((await api.patch(`${BASE}/${dashboard.id}`, 'dashboards', { isEditable: false }, olga)).statusCode).toBe(200);
    const locked = await addComponent(dashboard.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 });
    expect(locked.statusCode).toBe(400);
    expect(locked.body).toContain('This dashboard is not editable.');
    expect((await read(dashboard.id)).attributes.components).toEqual([]);
  });

  it('serves public dashboards signed out, and no other', async () => {
    const open = await created({ verboseName: 'Open data board', isPublic: true });
    const closed = await created({ verboseName: 'Closed board' });
    const listed = await app.server.inject({ url: '/knowledge/v1/public-dashboards' });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<{ data: Dashboard[] }>().data.map((item) => item.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    const one = await app.server.inject({ url: `/knowledge/v1/public-dashboards/${open.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<{ data: Dashboard }>().data.attributes.permissions.change).toBe(false);
    expect((await app.server.inject({ url: `/knowledge/v1/public-dashboards/${closed.id}` })).statusCode).toBe(404);
    expect((await app.server.inject({ url: `${BASE}/${open.id}` })).statusCode).toBe(401);
    // another signed-in user reads it but cannot change it
    expect((await read(open.id, vera)).attributes.permissions.change).toBe(false);
    expect((await addComponent(open.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 }, vera)).statusCode).toBe(403);
  });

  it('has the system home dashboard for everyone, changed by staff only; the list filters hide archived ones when asked', async () => {
    const [home] = (await api.list<DashboardAttributes>(`${BASE}?filter[isSystem]=true`, vera)).data;
    expect(home!.attributes).toMatchObject({ identifier: DEFAULT_DASHBOARD, isSystem: true });
    expect(home!.attributes.layout.map((item) => item.component)).toEqual(['information-panel', 'executions-chart', 'executions-list', 'executions-map']);
    expect((await addComponent(home!.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 }, vera)).statusCode).toBe(403);
    const byStaff = await addComponent(home!.id, { name: 'description', x: 0, y: 40, w: 8, h: 3 }, walt);
    expect(byStaff.statusCode, byStaff.body).toBe(201);

    const archived = await created({ verboseName: 'Old board' });
    expect((await api.send('PATCH', `${BASE}/${archived.id}/archive`, olga)).statusCode).toBe(200);
    const visible = (await api.list<DashboardAttributes>(`${BASE}?filter[isArchived]=false&filter[ownerId]=olga&page[size]=100`, olga)).data.map(
      (item) => item.id,
    );
    expect(visible).not.toContain(archived.id);
    expect((await api.list(`${BASE}?filter[isArchived]=true`, olga)).data.map((item) => item.id)).toEqual([archived.id]);
    expect((await api.list<DashboardAttributes>(`${BASE}?filter[isPublic]=true`, olga)).data.every((item) => item.attributes.isPublic)).toBe(true);
    expect((await addComponent(archived.id, { name: 'description', x: 0, y: 0, w: 8, h: 3 })).statusCode).toBe(400);
  });

  it('counts the executions the caller sees by day and status, with their mean duration', async () => {
    const seeds = engineSeeds(app);
    await seeds.runnable('count', 'INPUTS = []\nOUTPUTS = []\n\ndef execute(out_dir, **inputs):\n    return {}\n', { inputs: [], outputs: [] }, {}, 'olga');
    const workflow = await seeds.workflow('count-flow', [seeds.graph([{ id: 'count', version: 'count:1' }], [])], { ownerId: 'olga' });
    for (let index = 0; index < 2; index++) await waitForStatus(app, await seeds.run(workflow, [], olga), ['success']);
    const statistics = async (headers: Headers) => {
      const response = await api.send('GET', '/builder/v1/execution-statistics?days=7', headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ExecutionStatistics }>().data;
    };
    const mine = await statistics(olga);
    expect(mine.days).toHaveLength(7);
    const today = mine.days.at(-1)!;
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today.counts).toEqual({ success: 2 });
    expect(today.meanDuration).toBeGreaterThanOrEqual(0);
    expect(mine.total).toBe(2);
    // another user sees none of olga's
    expect((await statistics(vera)).total).toBe(0);
    expect((await api.send('GET', '/builder/v1/execution-statistics?days=0', olga)).statusCode).toBe(400);
  });
});
