import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerResourceRoutes } from '../../platform/resources/resource.routes.js';
import { jobsResource, tasksResource } from './tasks.resource.js';

/** taskmgr/v1: the task instances of executions, as tasks and as jobs (spec 3 "Jobs"). Read-only. */
export function registerTaskmgr(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, tasksResource);
  registerResourceRoutes(app, ctx, jobsResource);
}
