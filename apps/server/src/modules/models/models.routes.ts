import type { FastifyInstance } from 'fastify';
import { modelOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { requireUser } from '../../platform/auth/permissions.js';
import { needs } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';

const tags = ['models'];
const RUN_READ = needs("model run: signed in; a published model's run for anyone signed in, else its owner, staff and the workspace's members");

/** The models' calls (spec 3 §7 "Catalogue items and model services"; docs/models.md). */
export function registerModels(app: FastifyInstance, ctx: AppContext): void {
  mount(app, operations, 'GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}', { access: RUN_READ, tags }, async (request) => {
    const { ws, exp, run } = request.params;
    return { run: await ctx.modelRuns.describe(requireUser(request.principal), ws, exp, run) };
  });
}
