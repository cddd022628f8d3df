import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { AppContext } from '../../app-context.js';
import { registerExecutionRoutes } from './executions.routes.js';

/** builder/v1 executions (docs/workflows.md "Builder"), their files and the report's PDF (docs/execution-report.md). */
export function registerBuilder(app: FastifyInstance, ctx: AppContext, engine: Engine): void {
  registerExecutionRoutes(app, ctx, engine);
}
