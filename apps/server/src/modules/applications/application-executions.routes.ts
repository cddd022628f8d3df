import { applicationOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { onResource } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { adesTasksResource } from '../builder/execution-tasks.resource.js';
import { executeApplication } from './application-executions.js';
import { COLLECTION_RESOURCE } from './catalogue-collections.routes.js';

/**
 * Running applications (docs/applications.md "Running applications"): the execute route of a
 * catalogue collection (spec 3 §2, §7), answering the ades-task it made. The terms a user
 * accepted are the terms module's (terms.routes.ts).
 */
export function registerApplicationExecutionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const adesTasks = new ResourceService(adesTasksResource, ctx);
  mount(
    app,
    operations,
    'POST /backend/v1/catalogue-collections/{id}/execute',
    { access: onResource(COLLECTION_RESOURCE, 'view'), tags: ['applications'] },
    async (request, reply) => {
      const principal = request.principal;
      const { id } = await executeApplication(ctx, principal, request.params.id, request.body);
      reply.status(201);
      return adesTasks.get(principal, String(id));
    },
  );
}
