import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { registerWorkflowRoutes } from './workflows.routes.js';
import { workflowsResource } from './workflows.resource.js';

/** knowledge/v1 workflows, their versions, nodes, processors, outputs and publication (docs/workflows.md). */
export function registerWorkflows(app: FastifyInstance, ctx: AppContext): void {
  const service = registerResourceRoutes(app, ctx, workflowsResource);
  registerWorkflowRoutes(app, ctx, service);
}
