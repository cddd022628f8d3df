import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { relationshipRefSchema } from '@asb/contracts';
import type { AppContext } from '../context.js';
import { detailError } from '../http/errors.js';
import { access, guardResource, needs, onResource } from '../http/access.js';
import type { ResourceDefinition, ResourceRow } from './resource-definition.js';
import { ResourceService } from './resource.service.js';

const payloadSchema = z.object({
  data: z.object({
    type: z.string(),
    id: z.string().optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    // workspaces (sharing) and, for a child resource, its parent: `{process: {data: {type, id}}}`
    relationships: z
      .object({ workspaces: z.object({ data: z.array(relationshipRefSchema) }).optional() })
      .catchall(z.object({ data: z.union([relationshipRefSchema, z.array(relationshipRefSchema), z.null()]) }))
      .optional(),
  }),
});

const idParams = z.object({ id: z.string() });

/** page[number] and page[size] are whole numbers from 1 (a 400 otherwise, never a query with 2.5 or 1e308 rows). */
function pageNumber(name: string, value: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw detailError(400, `${name} must be a whole number from 1 to 999999999, not '${value.slice(0, 40)}'.`);
  return Number(value);
}

/** Reads page[number], page[size], sort and filter[{name}] from a flat query object. */
export function parseListQuery(query: Record<string, unknown>) {
  // no prototype: filter[__proto__] is a filter name like any other (and an unknown one)
  const filters: Record<string, string> = Object.create(null) as Record<string, string>;
  let page: number | undefined;
  let size: number | undefined;
  let sort: string | undefined;
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
    if (key === 'page[number]') page = pageNumber(key, value);
    else if (key === 'page[size]') size = pageNumber(key, value);
    else if (key === 'sort') sort = value;
    else {
      const match = /^filter\[(.+)\]$/.exec(key);
      if (match?.[1]) filters[match[1]] = value;
    }
  }
  return { page, size, sort, filters };
}

/**
 * Mounts the generic JSON:API routes of one resource definition. `create: false` leaves
 * POST to the module, for a type created from its own payload (builder executions).
 */
export function registerResourceRoutes<R extends ResourceRow>(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDefinition<R>,
  options: { create?: boolean } = {},
): ResourceService<R> {
  const service = new ResourceService<R>(def, ctx);
  const base = `${def.prefix}/${def.type}`;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.prefix.split('/')[1] ?? 'api'];

  guardResource(ctx, def.type, (principal, id, action) => service.check(principal, id, action));
  const may = (action: string) => access(needs(`${def.type}:${action}`));
  const mayOn = (action: string) => access(onResource(def.type, action));
  typed.get(base, { config: may('view'), schema: { tags, summary: `List ${def.type}` } }, (request) =>
    service.list(request.principal, parseListQuery(request.query as Record<string, unknown>)),
  );
  typed.get(`${base}/:id`, { config: mayOn('view'), schema: { tags, params: idParams } }, (request) => service.get(request.principal, request.params.id));
  if (options.create !== false) {
    typed.post(base, { config: may('add'), schema: { tags, body: payloadSchema } }, async (request, reply) => {
      reply.status(201);
      return service.create(request.principal, request.body);
    });
  }
  typed.patch(`${base}/:id`, { config: mayOn('change'), schema: { tags, params: idParams, body: payloadSchema } }, (request) =>
    service.update(request.principal, request.params.id, request.body),
  );
  typed.patch(`${base}/:id/archive`, { config: mayOn('change'), schema: { tags, params: idParams } }, (request) =>
    service.setArchived(request.principal, request.params.id, true),
  );
  typed.patch(`${base}/:id/unarchive`, { config: mayOn('change'), schema: { tags, params: idParams } }, (request) =>
    service.setArchived(request.principal, request.params.id, false),
  );
  typed.delete(`${base}/:id`, { config: mayOn('delete'), schema: { tags, params: idParams } }, async (request, reply) => {
    await service.delete(request.principal, request.params.id);
    return reply.status(204).send();
  });
  return service;
}
