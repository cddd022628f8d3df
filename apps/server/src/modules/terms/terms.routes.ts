import { applicationOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { SIGNED_IN, STAFF } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { acceptTerms, revokeTerms, termsOf } from './terms.repository.js';

const tags = ['usermgr'];

/**
 * The terms and conditions a user accepted (spec 3 §3, §7): the caller's own, accepted and
 * revoked by licence URL, and the staff's view of a user's for the edit-user page.
 */
export function registerTermsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, operations, 'GET /usermgr/v1/terms-and-conditions/', { access: SIGNED_IN, tags }, (request) => termsOf(ctx.db, request.principal.id));
  mount(app, operations, 'POST /usermgr/v1/terms-and-conditions/accept/', { access: SIGNED_IN, tags }, (request) =>
    acceptTerms(ctx.db, request.principal.id, request.body.terms_and_conditions_id),
  );
  mount(app, operations, 'POST /usermgr/v1/terms-and-conditions/revoke/', { access: SIGNED_IN, tags }, (request) =>
    revokeTerms(ctx.db, request.principal.id, request.body.terms_and_conditions_id),
  );

  const userIdOf = async (username: string) => {
    const user = await ctx.users.findByUsername(username);
    if (!user) throw notFound(`No user ${username} found.`);
    return user.id;
  };
  mount(app, operations, 'GET /usermgr/v1/users/{username}/terms-and-conditions/', { access: STAFF, tags }, async (request) => {
    return termsOf(ctx.db, await userIdOf(request.params.username));
  });
  mount(app, operations, 'POST /usermgr/v1/users/{username}/terms-and-conditions/revoke/', { access: STAFF, tags }, async (request) => {
    return revokeTerms(ctx.db, await userIdOf(request.params.username), request.body.terms_and_conditions_id);
  });
}
