import type { FastifyInstance } from 'fastify';
import { modelOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { requireUser } from '../../platform/auth/permissions.js';
import { needs, onResource } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { COLLECTION_RESOURCE } from '../applications/catalogue-collections.routes.js';
import { seldonTasksResource } from '../taskmgr/seldon-tasks.resource.js';
import { executeModel, type ModelExecutionDeps } from './model-executions.js';

const tags = ['models'];
const RUN_READ = needs("model run: signed in; a published model's run for anyone signed in, else its owner, staff and the workspace's members");

/** The models' calls (spec 3 §7 "Catalogue items and model services"; docs/models.md). */
export function registerModels(app: FastifyInstance, ctx: AppContext): void {
  mount(app, operations, 'GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}', { access: RUN_READ, tags }, async (request) => {
    const { ws, exp, run } = request.params;
    return { run: await ctx.modelRuns.describe(requireUser(request.principal), ws, exp, run) };
  });
}

/** A base64 file of 20 MB is 27 MB of JSON, with the rest of the request. */
const EXECUTE_BODY_LIMIT = 28 * 1024 * 1024;
// the collection is checked before the body is read (404/403), the item and its terms by executeModel
const EXECUTE = onResource(COLLECTION_RESOURCE, 'view');

/** Running models (docs/models.md "Model executions"): the execute route, answering the seldon-task it made. */
export function registerModelExecutions(app: FastifyInstance, ctx: AppContext, deps: ModelExecutionDeps): void {
  const seldonTasks = new ResourceService(seldonTasksResource, ctx);
  mount(
    app,
    operations,
    'POST /backend/v1/catalogue-collections/{id}/execute_model',
    { access: EXECUTE, tags, bodyLimit: EXECUTE_BODY_LIMIT },
    async (request, reply) => {
      const principal = requireUser(request.principal);
      const { id } = await executeModel(ctx, deps, principal, request.params.id, request.body);
      reply.status(201);
      return seldonTasks.get(principal, String(id));
    },
  );
}
