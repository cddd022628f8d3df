import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { AppContext } from '../../app-context.js';
import { registerExecutionRoutes } from './executions.routes.js';
import { registerBuilderWorkspaceRoutes } from './workspaces.routes.js';

/** builder/v1 executions (docs/workflows.md "Builder"), their files and the report's PDF (docs/execution-report.md), and the workspaces the caller sees. */
export function registerBuilder(app: FastifyInstance, ctx: AppContext, engine: Engine): void {
  registerExecutionRoutes(app, ctx, engine);
  registerBuilderWorkspaceRoutes(app, ctx);
}
