import { applicationOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { onResource, SIGNED_IN, STAFF, type RouteAccess } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { ResourceService } from '../../platform/resources/resource.service.js';
import { adesTasksResource } from '../taskmgr/execution-tasks.resource.js';
import { executeApplication } from './application-executions.js';
import { COLLECTION_RESOURCE } from './catalogue-collections.routes.js';
import { acceptTerms, revokeTerms, termsOf } from './terms.js';

const route = <A extends RouteAccess>(access: A, tag: string) => ({ access, tags: [tag] });

/**
 * Running applications (docs/applications.md "Running applications"): the execute route of a
 * catalogue collection (answers the ades-task), and the terms and conditions a user accepted
 * (spec 3 §3, §4, §7), with the staff's view of a user's for the edit-user page.
 */
export function registerApplicationExecutionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const adesTasks = new ResourceService(adesTasksResource, ctx);
  mount(
    app,
    operations,
    'POST /backend/v1/catalogue-collections/{id}/execute',
    route(onResource(COLLECTION_RESOURCE, 'view'), 'applications'),
    async (request, reply) => {
      const principal = request.principal;
      const { id } = await executeApplication(ctx, principal, request.params.id, request.body);
      reply.status(201);
      return adesTasks.get(principal, String(id));
    },
  );

  mount(app, operations, 'GET /usermgr/v1/terms-and-conditions/', route(SIGNED_IN, 'usermgr'), (request) => termsOf(ctx.db, request.principal.id));
  mount(app, operations, 'POST /usermgr/v1/terms-and-conditions/accept/', route(SIGNED_IN, 'usermgr'), (request) =>
    acceptTerms(ctx.db, request.principal.id, request.body.terms_and_conditions_id),
  );
  mount(app, operations, 'POST /usermgr/v1/terms-and-conditions/revoke/', route(SIGNED_IN, 'usermgr'), (request) =>
    revokeTerms(ctx.db, request.principal.id, request.body.terms_and_conditions_id),
  );

  const userIdOf = async (username: string) => {
    const user = await ctx.users.findByUsername(username);
    if (!user) throw notFound(`No user ${username} found.`);
    return user.id;
  };
  mount(app, operations, 'GET /usermgr/v1/users/{username}/terms-and-conditions/', route(STAFF, 'usermgr'), async (request) => {
    return termsOf(ctx.db, await userIdOf(request.params.username));
  });
  mount(app, operations, 'POST /usermgr/v1/users/{username}/terms-and-conditions/revoke/', route(STAFF, 'usermgr'), async (request) => {
    return revokeTerms(ctx.db, await userIdOf(request.params.username), request.body.terms_and_conditions_id);
  });
}
