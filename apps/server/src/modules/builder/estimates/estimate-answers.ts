import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../../../platform/context.js';
import { ExecutionEstimates } from './execution-estimates.js';

/** The answers that carry estimates: the executions list and one execution. */
const ESTIMATED_ROUTES = new Set(['GET /builder/v1/executions', 'GET /builder/v1/executions/:id']);

/**
 * Completes the executions list and GET executions/{id} with the estimated end of their running
 * workflow executions (docs/estimates.md) before the answer is written; the other routes pass by
 * at the cost of one set lookup.
 */
export function estimateExecutionAnswers(app: FastifyInstance, ctx: PlatformContext): void {
  const estimates = new ExecutionEstimates(ctx);
  app.addHook('preSerialization', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal || reply.statusCode !== 200 || !ESTIMATED_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return payload;
    await estimates.complete(principal, (payload as { data?: unknown } | null)?.data);
    return payload;
  });
}
