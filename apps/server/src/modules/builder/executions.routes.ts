import { executionOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import { TasksRepository } from '../../engine/store/tasks.repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { needs, onResource, type RouteAccess } from '../../platform/http/access.js';
import { detailError, permissionDenied } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { renderExecutionPdf } from './execution-pdf/execution-pdf.js';
import { executionReportData } from './execution-pdf/execution-report-data.js';
import { ExecutionComparer, type RasterStatistics } from './execution-compare/execution-comparer.js';
import { ExecutionFiles } from './execution-files.js';
import { executionsResource } from './executions.resource.js';
import { ExecutionsService } from './executions.service.js';

const route = <A extends RouteAccess>(access: A) => ({ access, tags: ['builder'] });

/** The report's file name (spec 1 §2: ExecutionReport{id}.pdf); the id is the row's, digits only. */
function reportFileName(id: string): string {
  return `ExecutionReport${id}.pdf`;
}

/**
 * builder/v1/executions, the whole family (docs/workflows.md "Builder", docs/engine.md,
 * docs/execution-report.md): the generic list, get, share and 405 answers; POST with the
 * spec's execution payload (not a generic JSON:API create); execute, rerun, stop, the
 * execution_allowed check and the product order; task logs, datastore files and the PDF;
 * the comparison of two executions (docs/compare.md, its raster statistics read by `rasters`).
 * Every call checks the execution's permissions.
 */
export function registerExecutionRoutes(app: FastifyInstance, ctx: AppContext, engine: Engine, rasters: RasterStatistics): void {
  const service = new ExecutionsService(ctx);
  const resources = registerResourceRoutes(app, ctx, executionsResource, { create: false });
  const tasks = new TasksRepository(ctx.db);
  const files = new ExecutionFiles(engine.paths, engine.datastore, tasks);
  const viewable = async (principal: Principal, id: string) => (await resources.load(principal, id)).row;
  const comparer = new ExecutionComparer(resources, rasters);

  // a static segment: find-my-way prefers it to executions/:id whatever the order
  mount(app, operations, 'GET /builder/v1/executions/execution_allowed', route(needs('workflows:view')), (request) =>
    service.executionAllowed(request.principal, request.query.processor_id),
  );
  // two executions in the query, not the path: the comparer loads each as GET executions/{id} does
  mount(
    app,
    operations,
    'GET /builder/v1/executions/compare',
    route(needs('executions:view on both executions (one the caller may not read: 404)')),
    async (request) => ({ data: await comparer.compare(request.principal, request.query.ids) }),
  );
  // the body is checked by createExecutionSchema, whose errors point under /data/attributes
  mount(app, operations, 'POST /builder/v1/executions', route(needs('workflows:view (the workflow run)')), async (request, reply) => {
    reply.status(201);
    return service.create(request.principal, request.body);
  });
  mount(app, operations, 'PATCH /builder/v1/executions/{id}/execute', route(onResource('executions', 'change')), (request) =>
    service.execute(request.principal, request.params.id),
  );
  mount(app, operations, 'POST /builder/v1/executions/{id}/rerun', route(onResource('executions', 'view; workflows:view')), async (request, reply) => {
    reply.status(201);
    return service.rerun(request.principal, request.params.id);
  });
  mount(app, operations, 'POST /builder/v1/executions/{id}/product-order', route(onResource('executions', 'view')), (request) =>
    service.productOrder(request.principal, request.params.id),
  );
  mount(app, operations, 'PATCH /builder/v1/executions/{id}/stop', route(onResource('executions', 'change')), async (request) => {
    const principal = request.principal;
    const loaded = await resources.load(principal, request.params.id);
    if (!resources.authorize(principal, 'change', loaded)) throw permissionDenied();
    const stopped = await engine.orchestrator.stop(loaded.row.id, principal.username);
    if (!stopped) throw detailError(409, `Execution ${loaded.row.identifier} is not running (status ${loaded.row.status}).`);
    return resources.get(principal, request.params.id);
  });
  mount(app, operations, 'GET /builder/v1/executions/{id}/tasks/{taskId}/log', route(onResource('executions', 'view')), async (request, reply) =>
    files.sendLog(reply, await viewable(request.principal, request.params.id), request.params.taskId, request.query.try),
  );
  mount(app, operations, 'GET /builder/v1/executions/{id}/files/{*}', route(onResource('executions', 'view')), async (request, reply) =>
    files.sendFile(reply, await viewable(request.principal, request.params.id), request.params['*'], request.headers.range),
  );
  // made on the server so that it reads the same whatever the browser
  mount(app, operations, 'GET /builder/v1/executions/{id}/pdf', route(onResource('executions', 'view')), async (request, reply) => {
    const row = await viewable(request.principal, request.params.id);
    const pdf = await renderExecutionPdf(executionReportData(row, await tasks.ofExecution(row.id)));
    reply.header('content-disposition', `attachment; filename="${reportFileName(String(row.id))}"`);
    reply.header('content-length', pdf.length);
    return reply.type('application/pdf').send(pdf);
  });
}
