import { usermgrOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { requestToken, revokeToken } from '../../platform/auth/authenticate.js';
import { clearBrowserSession, setBrowserSession } from '../../platform/auth/browser-session.js';
import type { AppContext } from '../../app-context.js';
import { needs, PUBLIC, SIGNED_IN, STAFF, type RouteAccess } from '../../platform/http/access.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { parseListQuery } from '../../platform/resources/resource.routes.js';
import { SESSION_COOKIE } from './session.js';
import { UsersService } from './users.service.js';

const tags = ['usermgr'];

/** usermgr (spec 1 §7 "User manager and session", spec 2 §7 "Users and account"). */
export function registerUsermgrRoutes(app: FastifyInstance, ctx: AppContext): UsersService {
  const service = new UsersService(ctx);
  const route = <A extends RouteAccess>(access: A) => ({ access, tags });

  // the answer's token is for programs; a browser keeps the HttpOnly cookie set with it (docs/security.md "Tokens")
  mount(app, operations, 'POST /usermgr/v1/token/', route(PUBLIC), async (request, reply) => {
    const token = await service.signIn.signIn(request.body.username, request.body.password, request.ip);
    await setBrowserSession(ctx, request, reply, token);
    return { token };
  });

  /** The automatic token of a browser signed in through the identity provider (session cookie). */
  mount(app, operations, 'GET /usermgr/v1/token/', route(PUBLIC), async (request, reply) => {
    const session = request.cookies[SESSION_COOKIE];
    const payload = session ? await ctx.tokens.verify(session, 'session') : undefined;
    const row = payload ? await ctx.users.findByUsername(payload.sub) : undefined;
    if (!row || !row.isActive) throw notAuthenticated();
    const token = await service.signIn.issueToken(row);
    await setBrowserSession(ctx, request, reply, token);
    return { token };
  });

  // the token of the call (bearer header or cookie) ends here, and the browser's cookies go; 204
  mount(app, operations, 'POST /usermgr/v1/logout/', route(SIGNED_IN), async (request, reply) => {
    const token = requestToken(request);
    if (token) await revokeToken(ctx, token);
    clearBrowserSession(reply);
    return reply.status(204).send();
  });

  mount(app, operations, 'GET /usermgr/v1/users/', route(STAFF), (request) => {
    const query = parseListQuery(request.query);
    return service.list({ page: query.page, size: query.size, sort: query.sort, search: query.filters.search });
  });
  mount(app, operations, 'GET /usermgr/v1/users/{username}/', route(needs('the user themself, or staff')), (request) =>
    service.get(request.principal, request.params.username),
  );
  mount(app, operations, 'POST /usermgr/v1/users/', route(STAFF), async (request, reply) => {
    reply.status(201);
    return service.create(request.body);
  });
  mount(app, operations, 'PUT /usermgr/v1/users/{username}/', route(STAFF), (request) =>
    service.update(request.principal, request.params.username, request.body),
  );

  mount(app, operations, 'GET /usermgr/v1/groups/', route(SIGNED_IN), (request) => service.groups(request.principal));
  mount(app, operations, 'POST /usermgr/v1/groups/', route(STAFF), async (request, reply) => {
    reply.status(201);
    return service.createGroup(request.body.workspace_identifier);
  });
  mount(app, operations, 'GET /usermgr/v1/groups/{id}/members/', route(needs('a member of the workspace, or staff')), (request) =>
    service.members(request.principal, request.params.id),
  );

  // every older token ends with the password: a browser gets its session renewed with the new one
  mount(app, operations, 'PATCH /usermgr/v1/change_password/', route(SIGNED_IN), async (request, reply) => {
    const answer = await service.changePassword(request.principal, request.body);
    if (request.authenticatedBy === 'cookie') await setBrowserSession(ctx, request, reply, answer.token);
    return answer;
  });
  mount(app, operations, 'GET /usermgr/v1/check_datastore/', route(SIGNED_IN), (request) => service.checkDatastore(request.principal));
  mount(app, operations, 'POST /usermgr/v1/datastore_credentials/', route(SIGNED_IN), (request) =>
    service.datastoreCredentials(request.principal, request.body.password),
  );
  return service;
}
