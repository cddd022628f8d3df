import { builderWorkspaceOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { needs, onResource } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { parseListQuery } from '../../platform/resources/resource.routes.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { workspacesResource } from '../knowledge/workspaces.resource.js';

/**
 * builder/v1 workspaces (spec 1 §7 Builder): the same workspaces, visibility and answers as
 * knowledge/v1/workspaces — there is one store, administered there; the builder only reads.
 */
export function registerBuilderWorkspaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new ResourceService(workspacesResource, ctx);
  const tags = ['builder'];
  mount(app, operations, 'GET /builder/v1/workspaces', { access: needs('workspaces:view'), tags }, (request) =>
    service.list(request.principal, parseListQuery(request.query)),
  );
  mount(app, operations, 'GET /builder/v1/workspaces/{id}', { access: onResource('workspaces', 'view'), tags }, (request) =>
    service.get(request.principal, request.params.id),
  );
}
