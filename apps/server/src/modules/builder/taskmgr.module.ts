import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { adesTasksResource, seldonTasksResource } from './execution-tasks.resource.js';
import { jobsResource, tasksResource } from './tasks.resource.js';

/**
 * taskmgr/v1, the spec's task manager: the task instances of executions, as tasks and as jobs
 * (spec 3 "Jobs"), application executions as ades-tasks and model executions as seldon-tasks.
 * Read-only views of the builder's executions and the engine's task rows, so the builder
 * serves them under the spec's prefix (docs/architecture.md "One axis").
 */
export function registerTaskmgr(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, tasksResource);
  registerResourceRoutes(app, ctx, jobsResource);
  registerResourceRoutes(app, ctx, adesTasksResource);
  registerResourceRoutes(app, ctx, seldonTasksResource);
}
