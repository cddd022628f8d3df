import { MAX_ID } from '../platform/http/ids.js';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../platform/auth/permissions.js';
import type { AppContext } from '../platform/context.js';
import { detailError, notFound, permissionDenied } from '../platform/http/errors.js';
import { ResourceService } from '../platform/resources/resource.service.js';
import { executionsResource } from '../modules/builder/executions.resource.js';
import type { DatastorePaths } from './store/datastore-paths.js';
import { parseRange, RangeNotSatisfiable, type Datastore, type StoredFile } from './store/datastore.js';
import { TasksRepository } from './store/tasks.repository.js';
import type { Orchestrator } from './orchestrator/orchestrator.js';
import { access, onResource } from '../platform/http/access.js';

const base = '/builder/v1/executions/:id';
const tags = ['builder'];
const idParams = z.object({ id: z.string() });
const logParams = z.object({ id: z.string(), taskId: z.string() });
const logQuery = z.object({ try: z.coerce.number().int().positive().max(MAX_ID).optional() });

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
export function registerEngineRoutes(app: FastifyInstance, ctx: AppContext, orchestrator: Orchestrator, paths: DatastorePaths, datastore: Datastore): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = new ResourceService(executionsResource, ctx);
  const tasks = new TasksRepository(ctx.db);

  typed.patch(`${base}/stop`, { config: access(onResource('executions', 'change')), schema: { tags, params: idParams } }, async (request) => {
    const principal = requireUser(request.principal);
    const loaded = await service.load(principal, request.params.id);
    if (!service.authorize(principal, 'change', loaded)) throw permissionDenied();
    const stopped = await orchestrator.stop(loaded.row.id, principal.username);
    if (!stopped) throw detailError(409, `Execution ${loaded.row.identifier} is not running (status ${loaded.row.status}).`);
    return service.get(principal, request.params.id);
  });

  typed.get(`${base}/tasks/:taskId/log`, { config: access(onResource('executions', 'view')), schema: { tags, params: logParams, querystring: logQuery } }, async (request, reply) => {
    const principal = requireUser(request.principal);
    const { row } = await service.load(principal, request.params.id);
    const task = await tasks.findByTaskId(row.id, request.params.taskId);
    if (!task) throw notFound(`Execution ${row.identifier} has no task ${request.params.taskId}.`);
    const attempt = request.query.try ?? task.tryNumber;
    if (attempt < 1 || attempt > task.tryNumber) throw notFound(`Task ${task.taskId} has not run attempt ${attempt}.`);
    const root = row.datastore ?? paths.executionDir(row.ownerId, row.identifier);
    const file = path.relative(root, paths.taskLog(row.ownerId, row.identifier, task.taskId, attempt));
    const log = await datastore.read(root, file);
    if (!log) throw notFound(`Task ${task.taskId} has no log for attempt ${attempt} yet.`);
    reply.header('content-length', log.size);
    return reply.type('text/plain; charset=utf-8').send(log.body);
  });

  // byte ranges too: a GeoTIFF output can be read piecewise (GDAL's /vsicurl/, a tile server)
  app.get<{ Params: { id: string; '*': string } }>(`${base}/files/*`, { config: access(onResource('executions', 'view')), schema: { tags } }, async (request, reply) => {
    const principal = requireUser(request.principal);
    const { row } = await service.load(principal, request.params.id);
    const root = row.datastore ?? paths.executionDir(row.ownerId, row.identifier);
    const relative = decodeURIComponent(request.params['*']);
    let file: StoredFile | undefined;
    try {
      file = await datastore.read(root, relative, parseRange(request.headers.range));
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      return reply.code(416).header('content-range', `bytes */${error.size}`).send();
    }
    if (!file) throw notFound('No such file.');
    return sendFile(reply, file, path.basename(relative));
  });
}

function sendFile(reply: FastifyReply, file: StoredFile, name: string): FastifyReply {
  reply.header('accept-ranges', 'bytes');
  reply.header('content-disposition', `inline; filename="${name.replace(/["\\\r\n]/g, '')}"`);
  reply.type(CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream');
  if (file.range) {
    reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
    reply.header('content-length', file.range.end - file.range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.send(file.body);
}
