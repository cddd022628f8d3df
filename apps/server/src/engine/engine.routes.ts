import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../platform/auth/permissions.js';
import type { AppContext } from '../platform/context.js';
import { detailError, notFound, permissionDenied } from '../platform/http/errors.js';
import { ResourceService } from '../platform/resources/resource.service.js';
import { executionsResource } from '../modules/builder/executions.resource.js';
import type { DatastorePaths } from './store/datastore-paths.js';
import { TasksRepository } from './store/tasks.repository.js';
import type { Orchestrator } from './orchestrator/orchestrator.js';

const base = '/builder/v1/executions/:id';
const tags = ['builder'];
const idParams = z.object({ id: z.string() });
const logParams = z.object({ id: z.string(), taskId: z.string() });
const logQuery = z.object({ try: z.coerce.number().int().positive().optional() });

const CONTENT_TYPES: Record<string, string> = {
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.csv': 'text/csv',
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/** Stop, task logs and the execution's datastore files (docs/engine.md). Every call checks the execution's permissions. */
export function registerEngineRoutes(app: FastifyInstance, ctx: AppContext, orchestrator: Orchestrator, paths: DatastorePaths): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = new ResourceService(executionsResource, ctx);
  const tasks = new TasksRepository(ctx.db);

  typed.patch(`${base}/stop`, { schema: { tags, params: idParams } }, async (request) => {
    const principal = requireUser(request.principal);
    const loaded = await service.load(principal, request.params.id);
    if (!service.authorize(principal, 'change', loaded)) throw permissionDenied();
    const stopped = await orchestrator.stop(loaded.row.id, principal.username);
    if (!stopped) throw detailError(409, `Execution ${loaded.row.identifier} is not running (status ${loaded.row.status}).`);
    return service.get(principal, request.params.id);
  });

  typed.get(`${base}/tasks/:taskId/log`, { schema: { tags, params: logParams, querystring: logQuery } }, async (request, reply) => {
    const principal = requireUser(request.principal);
    const { row } = await service.load(principal, request.params.id);
    const task = (await tasks.ofExecution(row.id)).find((candidate) => candidate.taskId === request.params.taskId);
    if (!task) throw notFound(`Execution ${row.identifier} has no task ${request.params.taskId}.`);
    const attempt = request.query.try ?? task.tryNumber;
    if (attempt < 1 || attempt > task.tryNumber) throw notFound(`Task ${task.taskId} has not run attempt ${attempt}.`);
    const file = paths.taskLog(row.ownerId, row.identifier, task.taskId, attempt);
    if (!fs.existsSync(file)) throw notFound(`Task ${task.taskId} has no log for attempt ${attempt} yet.`);
    return reply.type('text/plain; charset=utf-8').send(fs.createReadStream(file));
  });

  app.get<{ Params: { id: string; '*': string } }>(`${base}/files/*`, { schema: { tags } }, async (request, reply) => {
    const principal = requireUser(request.principal);
    const { row } = await service.load(principal, request.params.id);
    const root = row.datastore ?? paths.executionDir(row.ownerId, row.identifier);
    const wanted = path.resolve(root, decodeURIComponent(request.params['*']));
    if (!wanted.startsWith(`${root}${path.sep}`)) throw notFound('No such file.');
    // a task may have left a link in its folder: serve only what really lies inside it
    const real = await fs.promises.realpath(wanted).catch(() => undefined);
    const realRoot = await fs.promises.realpath(root).catch(() => root);
    if (!real?.startsWith(`${realRoot}${path.sep}`)) throw notFound('No such file.');
    const stat = await fs.promises.stat(real).catch(() => undefined);
    if (!stat?.isFile()) throw notFound('No such file.');
    reply.header('content-length', stat.size);
    reply.header('content-disposition', `inline; filename="${path.basename(real).replace(/"/g, '')}"`);
    return reply.type(CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream').send(fs.createReadStream(real));
  });
}
