import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { executionsResource } from './executions.resource.js';
import type { ExecutionsService } from './executions.service.js';
import { access, needs, onResource } from '../../platform/http/access.js';

const base = '/builder/v1/executions';
const tags = ['builder'];
const idParams = z.object({ id: z.string() });
const allowedQuery = z.object({ processor_id: z.string().optional() });

/**
 * builder/v1 executions: the generic list, get, share (PATCH) and 405 answers, plus
 * POST with the spec's execution payload (not a generic JSON:API create), execute,
 * the execution_allowed check and the product order.
 */
export function registerExecutionRoutes(app: FastifyInstance, ctx: AppContext, service: ExecutionsService): void {
  registerResourceRoutes(app, ctx, executionsResource, { create: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // a static segment: find-my-way prefers it to executions/:id whatever the order
  typed.get(`${base}/execution_allowed`, { config: access(needs('workflows:view')), schema: { tags, querystring: allowedQuery } }, (request) =>
    service.executionAllowed(request.principal, request.query.processor_id),
  );
  // no body schema: the payload is checked by createExecutionSchema, whose errors point under /data/attributes
  typed.post(base, { config: access(needs('workflows:view (the workflow run)')), schema: { tags, summary: 'Create an execution of a workflow version' } }, async (request, reply) => {
    const document = await service.create(request.principal, request.body);
    return reply.status(201).send(document);
  });
  typed.patch(`${base}/:id/execute`, { config: access(onResource('executions', 'change')), schema: { tags, params: idParams } }, (request) => service.execute(request.principal, request.params.id));
  typed.post(`${base}/:id/rerun`, { config: access(onResource('executions', 'view; workflows:view')), schema: { tags, params: idParams, summary: 'Run an ended execution again with the same workflow version and inputs' } }, async (request, reply) => {
    const document = await service.rerun(request.principal, request.params.id);
    return reply.status(201).send(document);
  });
  typed.post(`${base}/:id/product-order`, { config: access(onResource('executions', 'view')), schema: { tags, params: idParams } }, (request) => service.productOrder(request.principal, request.params.id));
}
