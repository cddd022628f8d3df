import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { adesTasksResource, seldonTasksResource } from './execution-tasks.resource.js';
import { jobsResource, tasksResource } from './tasks.resource.js';

/** taskmgr/v1: the task instances of executions, as tasks and as jobs (spec 3 "Jobs"), application executions as ades-tasks and model executions as seldon-tasks. Read-only. */
export function registerTaskmgr(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, tasksResource);
  registerResourceRoutes(app, ctx, jobsResource);
  registerResourceRoutes(app, ctx, adesTasksResource);
  registerResourceRoutes(app, ctx, seldonTasksResource);
}
