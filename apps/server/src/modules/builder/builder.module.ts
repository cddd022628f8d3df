import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerExecutionRoutes } from './executions.routes.js';
import { ExecutionsService } from './executions.service.js';

/** builder/v1: executions (docs/workflows.md "Builder"). */
export function registerBuilder(app: FastifyInstance, ctx: AppContext): void {
  registerExecutionRoutes(app, ctx, new ExecutionsService(ctx));
}
