import type { BaseAttributes } from '@asb/contracts';
import {
  idParams,
  listQuerySchema,
  noContent,
  writePayloadSchema,
  type Operation,
  type OperationKey,
  type OperationMap,
  type WritePayload,
} from '@asb/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlatformContext } from '../context.js';
import type { Principal } from '../auth/principal.js';
import { guardResource, needs, onResource, type RouteAccess } from '../http/access.js';
import { detailError } from '../http/errors.js';
import { mount } from '../http/operations.js';
import type { ResourceDefinition, ResourceRow } from './resource-definition.js';
import { resourceRegistry } from './resource-registry.js';
import { ResourceService } from './resource.service.js';

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

/** The generic operations of a definition: its contract's, or (a type without a contract yet) the same keys answering unchecked. */
function operationsOf(def: ResourceDefinition): OperationMap {
  if (def.contract) return def.contract.operations as unknown as OperationMap;
  const base = `${def.prefix}/${def.type}`;
  const any = z.unknown();
  const operations: Record<string, Operation> = {
    [`GET ${base}`]: { summary: `List ${def.type}`, query: listQuerySchema, response: any },
    [`POST ${base}`]: { body: writePayloadSchema, status: 201, response: any },
    [`GET ${base}/{id}`]: { params: idParams, response: any },
    [`PATCH ${base}/{id}`]: { params: idParams, body: writePayloadSchema, response: any },
    [`PATCH ${base}/{id}/archive`]: { params: idParams, response: any },
    [`PATCH ${base}/{id}/unarchive`]: { params: idParams, response: any },
    [`DELETE ${base}/{id}`]: { params: idParams, status: 204, response: noContent },
  };
  return operations as OperationMap;
}

/**
 * Mounts the generic JSON:API routes of one resource definition from its contract.
 * `create: false` leaves POST to the module, for a type created from its own payload
 * (builder executions).
 */
export function registerResourceRoutes<R extends ResourceRow, A extends BaseAttributes>(
  app: FastifyInstance,
  ctx: PlatformContext,
  def: ResourceDefinition<R, A>,
  options: { create?: boolean } = {},
): ResourceService<R, A> {
  const service = new ResourceService<R, A>(def, ctx);
  resourceRegistry(ctx).set(def.type, { def: def as unknown as ResourceDefinition, service: service as unknown as ResourceService });
  const base = `${def.prefix}/${def.type}`;
  const tags = [def.prefix.split('/')[1] ?? 'api'];
  const operations = operationsOf(def as unknown as ResourceDefinition);
  // every generic route is for a signed-in user: mount() hands its handler a principal that is never null
  type Request = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown>; Body: WritePayload }> & { principal: Principal };
  const route = (key: string, declared: RouteAccess<'user'>, handler: (request: Request, reply: FastifyReply) => unknown) =>
    mount(app, operations, key as OperationKey, { access: declared, tags }, handler as never);

  guardResource(ctx, def.type, (principal, id, action) => service.check(principal, id, action));
  const may = (action: string) => needs(`${def.type}:${action}`);
  const mayOn = (action: string) => onResource(def.type, action);
  route(`GET ${base}`, may('view'), (request) => service.list(request.principal, parseListQuery(request.query)));
  route(`GET ${base}/{id}`, mayOn('view'), (request) => service.get(request.principal, request.params.id));
  if (options.create !== false) {
    route(`POST ${base}`, may('add'), async (request, reply) => {
      reply.status(201);
      return service.create(request.principal, request.body);
    });
  }
  route(`PATCH ${base}/{id}`, mayOn('change'), (request) => service.update(request.principal, request.params.id, request.body));
  route(`PATCH ${base}/{id}/archive`, mayOn('change'), (request) => service.setArchived(request.principal, request.params.id, true));
  route(`PATCH ${base}/{id}/unarchive`, mayOn('change'), (request) => service.setArchived(request.principal, request.params.id, false));
  route(`DELETE ${base}/{id}`, mayOn('delete'), async (request, reply) => {
    await service.delete(request.principal, request.params.id);
    return reply.status(204).send();
  });
  return service;
}
