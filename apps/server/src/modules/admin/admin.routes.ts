import { adminOperations as operations, APP_BASE_PATH, type AdminModel, type EngineAttempt } from '@asb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Engine } from '../../engine/engine.module.js';
import { TasksRepository, type TaskRow } from '../../engine/store/tasks.repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import { PUBLIC, STAFF, type RouteAccess } from '../../platform/http/access.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { rowId } from '../../platform/http/ids.js';
import { mount } from '../../platform/http/operations.js';
import { listResources } from '../../platform/resources/resource-list.js';
import { resourceRegistry, type RegisteredResource } from '../../platform/resources/resource-registry.js';
import { parseListQuery } from '../../platform/resources/resource.routes.js';
import { auditPage } from './admin-audit.repository.js';
import { engineRows, executionIdentifiers } from './engine-overview.repository.js';
import { writeAudit } from './staff-writes-audit.js';

const route = <A extends RouteAccess>(access: A) => ({ access, tags: ['admin'] });
const AUDIT_PAGE = 50;
const FAILED_SHOWN = 20;

/**
 * Types the admin leaves out: a secret is its owner's alone (docs/security.md "Secrets"), staff
 * included; nothing of it is for an admin to read or change.
 */
const NOT_ADMINISTERED = new Set(['secrets']);

/** The service a type belongs to: the first segment of its prefix (`/knowledge/v1` → knowledge). */
const serviceOf = (prefix: string) => prefix.split('/')[1] ?? '';

/** Staff act in the admin with every permission on every row; each change is written to the audit log. */
const asAdmin = (principal: Principal): Principal => ({ ...principal, isSuperuser: true });

function administered(ctx: AppContext, type: string): RegisteredResource {
  const entry = resourceRegistry(ctx).get(type);
  if (!entry || NOT_ADMINISTERED.has(type)) throw notFound(`The admin has no resource type '${type}'.`);
  return entry;
}

function attemptOf(task: TaskRow, executionIdentifier: string, now: number): EngineAttempt {
  return {
    taskRowId: String(task.id),
    executionId: String(task.executionId),
    executionIdentifier,
    taskId: task.taskId,
    state: task.state,
    tryNumber: task.tryNumber,
    worker: task.workerLabel,
    startedAt: task.startDate?.toISOString() ?? null,
    endedAt: task.endDate?.toISOString() ?? null,
    ageSeconds: task.startDate && !task.endDate ? Math.max(0, Math.round((now - task.startDate.getTime()) / 1000)) : null,
    error: task.error,
  };
}

async function attemptsWithIdentifiers(ctx: AppContext, tasks: TaskRow[]): Promise<EngineAttempt[]> {
  const identifiers = await executionIdentifiers(ctx.db, [...new Set(tasks.map((task) => task.executionId))]);
  const now = Date.now();
  return tasks.map((task) => attemptOf(task, identifiers.get(task.executionId) ?? String(task.executionId), now));
}

/**
 * The embedded admin (spec 2 "Database & Airflow", spec 3 "Database admin page"; docs/admin.md):
 * staff only. Generated from the resource definitions every registerResourceRoutes mounted: list
 * (the type's search, filters, sorting and pages), one, change (the type's own validation) and
 * delete; each change written to the audit log. /wengine/admin is the engine. The service paths
 * of the spec (/builder/admin ...) send the browser to the portal's admin page on that tab.
 */
export function registerAdmin(app: FastifyInstance, ctx: AppContext, engine: Engine): void {
  mount(app, operations, 'GET /admin/v1/models', route(STAFF), () => {
    const models: AdminModel[] = [...resourceRegistry(ctx).values()]
      .filter(({ def }) => !NOT_ADMINISTERED.has(def.type))
      .map(({ def }) => ({ service: serviceOf(def.prefix), type: def.type, name: def.name, shareable: def.shareable }))
      .sort((a, b) => a.service.localeCompare(b.service) || a.type.localeCompare(b.type));
    return { data: models };
  });
  mount(app, operations, 'GET /admin/v1/resources/{type}', route(STAFF), async (request) => {
    const principal = request.principal;
    // every row of the table: the executions of every kind, not only the workflow executions /monitoring lists
    return listResources(administered(ctx, request.params.type).service, asAdmin(principal), parseListQuery(request.query), { wholeTable: true });
  });
  mount(app, operations, 'GET /admin/v1/resources/{type}/{id}', route(STAFF), async (request) => {
    const principal = request.principal;
    return administered(ctx, request.params.type).service.get(asAdmin(principal), request.params.id);
  });
  mount(app, operations, 'PATCH /admin/v1/resources/{type}/{id}', route(STAFF), async (request) => {
    const principal = request.principal;
    const { def, service } = administered(ctx, request.params.type);
    const document = await service.update(asAdmin(principal), request.params.id, request.body as never);
    const data = (request.body as { data?: { attributes?: unknown; relationships?: unknown } } | null)?.data;
    await writeAudit(ctx, request, {
      actor: principal.username,
      action: 'update',
      service: serviceOf(def.prefix),
      type: def.type,
      resourceId: document.data.id,
      identifier: document.data.attributes.identifier,
      changes: { ...(data?.attributes ? { attributes: data.attributes } : {}), ...(data?.relationships ? { relationships: data.relationships } : {}) },
    });
    return document;
  });
  mount(app, operations, 'DELETE /admin/v1/resources/{type}/{id}', route(STAFF), async (request, reply) => {
    const principal = request.principal;
    const { def, service } = administered(ctx, request.params.type);
    const { row } = await service.load(asAdmin(principal), request.params.id);
    await service.delete(asAdmin(principal), request.params.id);
    await writeAudit(ctx, request, {
      actor: principal.username,
      action: 'delete',
      service: serviceOf(def.prefix),
      type: def.type,
      resourceId: String(row.id),
      identifier: row.identifier,
      changes: {},
    });
    return reply.status(204).send();
  });
  mount(app, operations, 'GET /admin/v1/audit', route(STAFF), async (request) => {
    const page = request.query['page[number]'] ?? 1;
    const service = request.query['filter[service]'];
    const { rows, total: countAll } = await auditPage(ctx.db, { number: page, size: AUDIT_PAGE, ...(service ? { service } : {}) });
    return {
      data: rows.map((row) => ({ ...row, id: String(row.id), at: row.at.toISOString() })),
      meta: { pagination: { page, pages: Math.max(1, Math.ceil(countAll / AUDIT_PAGE)), count: countAll } },
    };
  });

  // a server without the engine (ASB_ENGINE=false) still shows what the database says; only the engine's server acts on attempts
  const engineOn = () => ctx.config.engine.enabled !== false;
  const ENGINE_ELSEWHERE = 'This server does not run the engine (ASB_ENGINE=false): stop or requeue attempts on the server that does.';
  mount(app, operations, 'GET /admin/v1/engine', route(STAFF), async () => {
    const { inFlight, failed, waitingForRetry, activeExecutions } = await engineRows(ctx.db, FAILED_SHOWN);
    const running = await attemptsWithIdentifiers(
      ctx,
      inFlight.filter((task) => task.state === 'running'),
    );
    const workers = new Map<string, number>();
    for (const task of running) if (task.worker) workers.set(task.worker, (workers.get(task.worker) ?? 0) + 1);
    const capacity = engineOn() ? engine.orchestrator.capacity() : { name: 'elsewhere (ASB_ENGINE=false)', slots: null, free: null };
    return {
      data: {
        executor: { name: capacity.name, slots: capacity.slots, freeSlots: capacity.free },
        workers: [...workers].map(([label, count]) => ({ label, running: count })),
        queue: {
          queued: inFlight.filter((task) => task.state === 'queued').length,
          waitingForRetry,
          activeExecutions,
        },
        running,
        failed: await attemptsWithIdentifiers(ctx, failed),
      },
    };
  });
  const tasks = new TasksRepository(ctx.db);
  const engineAction = (action: 'stop-attempt' | 'requeue-task') => async (request: FastifyRequest<{ Params: { id: string } }> & { principal: Principal }) => {
    const principal = request.principal;
    const id = rowId(request.params.id);
    if (id === undefined) throw notFound(`Task ${request.params.id} not found.`);
    if (!engineOn()) throw detailError(409, ENGINE_ELSEWHERE);
    const before = await tasks.find(id);
    if (!before) throw notFound(`Task ${request.params.id} not found.`);
    const row =
      action === 'stop-attempt' ? await engine.orchestrator.stopAttempt(id, `${principal.username} (admin)`) : await engine.orchestrator.requeueTask(id);
    if (!row)
      throw detailError(
        409,
        action === 'stop-attempt'
          ? `Task ${before.taskId} has no attempt in flight (state ${before.state}).`
          : `Task ${before.taskId} is not queued, running or waiting to retry (state ${before.state}).`,
      );
    const [attempt] = await attemptsWithIdentifiers(ctx, [row]);
    await writeAudit(ctx, request, {
      actor: principal.username,
      action,
      service: 'wengine',
      type: 'tasks',
      resourceId: String(row.id),
      identifier: `${attempt!.executionIdentifier}/${row.taskId}`,
      changes: { state: { from: before.state, to: row.state } },
    });
    return { data: attempt! };
  };
  mount(app, operations, 'POST /admin/v1/engine/tasks/{id}/stop', route(STAFF), engineAction('stop-attempt'));
  mount(app, operations, 'POST /admin/v1/engine/tasks/{id}/requeue', route(STAFF), engineAction('requeue-task'));

  // the spec's admin paths: the portal's admin page on that service's tab (signed-in staff; the page says so otherwise)
  const toTab = (tab: string, query = '') => `${APP_BASE_PATH}admin/database?tab=${tab}${query}`;
  for (const service of ['builder', 'knowledge', 'resmgr', 'taskmgr', 'usermgr', 'backend', 'wengine'] as const) {
    mount(app, operations, `GET /${service}/admin`, route(PUBLIC), async (_request, reply) => reply.redirect(toTab(service)));
  }
  mount(app, operations, 'GET /usermgr/admin/auth/user/', route(PUBLIC), async (request, reply) =>
    reply.redirect(toTab('usermgr', request.query.q ? `&q=${encodeURIComponent(request.query.q)}` : '')),
  );
}
