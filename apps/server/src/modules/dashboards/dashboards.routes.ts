import {
  DASHBOARD_COMPONENT_SIZES,
  DASHBOARD_GRID_FIT,
  fitsDashboardGrid,
  dashboardOperations as operations,
  MAX_DASHBOARD_COMPONENTS,
  updateDashboardComponentSchema,
  type DashboardComponent,
  type ExecutionStatistics,
} from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { needs, PUBLIC, type RouteAccess } from '../../platform/http/access.js';
import { detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { parseAttributes } from '../../platform/resources/resource-payload.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { executionsResource } from '../builder/executions.resource.js';
import { dashboardsResource, type DashboardRow } from './dashboards.resource.js';
import { changeComponentsLocked, executionCountsByDay, type ComponentsChange } from './dashboards.repository.js';

const route = <A extends RouteAccess>(access: A, tag = 'knowledge') => ({ access, tags: [tag] });
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who reads a public dashboard signed out: nobody's owner, in no workspace. */
const GUEST: Principal = { id: -1, username: '', isStaff: false, isSuperuser: false, roles: new Map() };

const componentNotFound = (id: string) => notFound(`Dashboard component ${id} not found.`);
/** A component's id is `{dashboard}-{n}` (dashboards.schema.ts). */
function parseComponentId(id: string): { dashboardId: string } {
  const match = /^(\d{1,9})-\d{1,9}$/.exec(id);
  if (!match) throw componentNotFound(id);
  return { dashboardId: match[1]! };
}

const componentObject = (dashboardId: number, component: DashboardComponent) => {
  const { id, ...attributes } = component;
  return {
    data: { type: 'dashboard-components' as const, id, attributes, relationships: { dashboard: { data: { type: 'dashboards', id: String(dashboardId) } } } },
  };
};

/**
 * Dashboards (docs/dashboards.md): the generic routes; the public ones signed out; each
 * component written by its own POST, PATCH and DELETE under the dashboard row's lock, by those
 * who may change the dashboard while it is editable; everyone watching hears `dashboardUpdate`.
 * And the executions chart's figures (execution-statistics), over the executions the caller sees.
 */
export function registerDashboards(app: FastifyInstance, ctx: AppContext): void {
  const service = registerResourceRoutes(app, ctx, dashboardsResource);
  const executionsVisibility = new ResourceService(executionsResource, ctx);

  mount(app, operations, 'GET /knowledge/v1/public-dashboards', route(PUBLIC), (request) =>
    service.list(GUEST, {
      page: request.query['page[number]'],
      size: request.query['page[size]'],
      filters: { isPublic: 'true', isArchived: 'false' },
    }),
  );
  mount(app, operations, 'GET /knowledge/v1/public-dashboards/{id}', route(PUBLIC), async (request) => {
    const document = await service.get(GUEST, request.params.id).catch(() => undefined);
    if (!document?.data.attributes.isPublic || document.data.attributes.isArchived) throw notFound(`Dashboard ${request.params.id} not found.`);
    return document;
  });

  /** A dashboard whose components the principal may change now: 404/403 as for the dashboard, 400 archived or not editable. */
  const editable = async (principal: Principal, dashboardId: string) => {
    const loaded = await service.load(principal, dashboardId);
    if (!service.authorize(principal, 'change', loaded)) throw permissionDenied();
    if (loaded.row.isArchived) throw detailError(400, 'This dashboard is archived: unarchive it to change it.');
    if (!loaded.row.isEditable) throw detailError(400, 'This dashboard is not editable.');
    return loaded.row;
  };

  /** Changes the components of a dashboard (checked by `editable`) under its row's lock; announces the change. */
  const editComponents = async <T>(dashboard: DashboardRow, change: (components: DashboardComponent[], next: number) => ComponentsChange<T>): Promise<T> => {
    const changed = await changeComponentsLocked(ctx.db, dashboard.id, change);
    if (!changed) throw notFound(`Dashboard ${dashboard.id} not found.`);
    await ctx.bus.publish({ type: 'dashboardUpdate', audience: '*', payload: { id: String(dashboard.id) } });
    return changed.result;
  };

  mount(app, operations, 'POST /knowledge/v1/dashboard-components', route(needs('dashboards:change (the component’s dashboard)')), async (request, reply) => {
    const principal = request.principal;
    const { attributes, relationships } = request.body.data;
    const dashboardId = relationships.dashboard.data.id;
    const component = await editComponents(await editable(principal, dashboardId), (components, next) => {
      if (components.length >= MAX_DASHBOARD_COMPONENTS) throw detailError(400, `A dashboard holds at most ${MAX_DASHBOARD_COMPONENTS} components.`);
      const created: DashboardComponent = { id: `${dashboardId}-${next}`, ...DASHBOARD_COMPONENT_SIZES[attributes.name], ...attributes };
      return { components: [...components, created], next: next + 1, result: created };
    });
    reply.status(201);
    return componentObject(Number(dashboardId), component);
  });
  mount(app, operations, 'PATCH /knowledge/v1/dashboard-components/{id}', route(needs('dashboards:change (the component’s dashboard)')), async (request) => {
    const principal = request.principal;
    const { dashboardId } = parseComponentId(request.params.id);
    // the caller first: a stranger learns nothing from a 400 about the body
    const dashboard = await editable(principal, dashboardId);
    const body = request.body as { data?: { attributes?: unknown } } | null;
    const changes = parseAttributes(updateDashboardComponentSchema, body?.data?.attributes);
    const component = await editComponents(dashboard, (components) => {
      const current = components.find((candidate) => candidate.id === request.params.id);
      if (!current) throw componentNotFound(request.params.id);
      const updated = { ...current, ...changes };
      if (!fitsDashboardGrid(updated)) throw detailError(400, DASHBOARD_GRID_FIT);
      return { components: components.map((candidate) => (candidate.id === current.id ? updated : candidate)), result: updated };
    });
    return componentObject(Number(dashboardId), component);
  });
  mount(
    app,
    operations,
    'DELETE /knowledge/v1/dashboard-components/{id}',
    route(needs('dashboards:change (the component’s dashboard)')),
    async (request, reply) => {
      const principal = request.principal;
      const { dashboardId } = parseComponentId(request.params.id);
      await editComponents(await editable(principal, dashboardId), (components) => {
        if (!components.some((candidate) => candidate.id === request.params.id)) throw componentNotFound(request.params.id);
        return { components: components.filter((candidate) => candidate.id !== request.params.id), result: undefined };
      });
      return reply.status(204).send();
    },
  );

  mount(app, operations, 'GET /builder/v1/execution-statistics', route(needs('executions:view (those the caller sees)'), 'builder'), async (request) => {
    const principal = request.principal;
    return { data: await executionStatistics(ctx, executionsVisibility.visibility(principal), request.query.days) };
  });
}

/** The last `days` days (UTC, today included), each with its executions' counts by status and mean duration. */
async function executionStatistics(ctx: AppContext, visibility: ReturnType<ResourceService['visibility']>, days: number): Promise<ExecutionStatistics> {
  const today = new Date(new Date().toISOString().slice(0, 10));
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const rows = await executionCountsByDay(ctx.db, since, visibility);
  const byDay = new Map<string, { counts: Record<string, number>; timed: number; seconds: number }>();
  for (let index = 0; index < days; index++)
    byDay.set(new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10), { counts: {}, timed: 0, seconds: 0 });
  let total = 0;
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.counts[row.status] = Number(row.count);
    entry.timed += Number(row.timed);
    entry.seconds += Number(row.seconds ?? 0);
    total += Number(row.count);
  }
  return {
    days: [...byDay].map(([date, entry]) => ({ date, counts: entry.counts, meanDuration: entry.timed > 0 ? entry.seconds / entry.timed : null })),
    total,
  };
}
