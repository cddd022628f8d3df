import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerExecutionPdfRoute } from './execution-pdf/execution-pdf.routes.js';
import { registerExecutionRoutes } from './executions.routes.js';
import { ExecutionsService } from './executions.service.js';

/** builder/v1: executions (docs/workflows.md "Builder") and the execution report's PDF (docs/execution-report.md). */
export function registerBuilder(app: FastifyInstance, ctx: AppContext): void {
  registerExecutionRoutes(app, ctx, new ExecutionsService(ctx));
  registerExecutionPdfRoute(app, ctx);
}
