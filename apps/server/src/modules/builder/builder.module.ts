import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** builder/v1: executions (docs/workflows.md). */
export function registerBuilder(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
