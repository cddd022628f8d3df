import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** knowledge/v1 workflows, their versions, nodes, processors, outputs and publication (docs/workflows.md). */
export function registerWorkflows(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
