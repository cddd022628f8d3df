import { access, needs, PUBLIC, SIGNED_IN, STAFF } from '../../platform/http/access.js';
import type { FastifyInstance } from 'fastify';
import { bearerToken, revokeToken } from '../../platform/auth/authenticate.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  createUserSchema,
  datastoreCredentialsSchema,
  tokenRequestSchema,
  updateUserSchema,
} from '@asb/contracts';
import type { AppContext } from '../../platform/context.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { parseListQuery } from '../../platform/resources/resource.routes.js';
import { SESSION_COOKIE } from './session.js';
import { UsersService } from './users.service.js';

const PREFIX = '/usermgr/v1';
const tags = ['usermgr'];

/** usermgr (spec 1 §7 "User manager and session", spec 2 §7 "Users and account"). */
export function registerUsermgrRoutes(app: FastifyInstance, ctx: AppContext): UsersService {
  const service = new UsersService(ctx);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const username = z.object({ username: z.string() });

  typed.post(`${PREFIX}/token/`, { config: access(PUBLIC), schema: { tags, body: tokenRequestSchema } }, async (request) => ({
    token: await service.signIn.signIn(request.body.username, request.body.password, request.ip),
  }));

  /** The automatic token of a browser signed in through the identity provider (session cookie). */
  typed.get(`${PREFIX}/token/`, { config: access(PUBLIC), schema: { tags } }, async (request) => {
    const session = request.cookies[SESSION_COOKIE];
    const payload = session ? await ctx.tokens.verify(session, 'session') : undefined;
    const row = payload ? await ctx.users.findByUsername(payload.sub) : undefined;
    if (!row || !row.isActive) throw notAuthenticated();
    return { token: await service.signIn.issueToken(row) };
  });

  // the bearer token of the call ends here (the web client calls it before leaving); 204
  typed.post(`${PREFIX}/logout/`, { config: access(SIGNED_IN), schema: { tags, summary: 'Revoke the bearer token of this call' } }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await revokeToken(ctx, token);
    return reply.status(204).send();
  });

  typed.get(`${PREFIX}/users/`, { config: access(STAFF), schema: { tags } }, (request) => {
    const query = parseListQuery(request.query as Record<string, unknown>);
    return service.list(request.principal, { page: query.page, size: query.size, sort: query.sort, search: query.filters.search });
  });
  typed.get(`${PREFIX}/users/:username/`, { config: access(needs('the user themself, or staff')), schema: { tags, params: username } }, (request) =>
    service.get(request.principal, request.params.username),
  );
  typed.post(`${PREFIX}/users/`, { config: access(STAFF), schema: { tags, body: createUserSchema } }, async (request, reply) => {
    reply.status(201);
    return service.createByAdmin(request.principal, request.body);
  });
  typed.put(`${PREFIX}/users/:username/`, { config: access(STAFF), schema: { tags, params: username, body: updateUserSchema } }, (request) =>
    service.update(request.principal, request.params.username, request.body),
  );

  typed.get(`${PREFIX}/groups/`, { config: access(SIGNED_IN), schema: { tags } }, (request) => service.groups(request.principal));
  typed.post(`${PREFIX}/groups/`, { config: access(STAFF), schema: { tags, body: z.object({ workspace_identifier: z.string().min(1) }) } }, async (request, reply) => {
    reply.status(201);
    return service.createGroup(request.principal, request.body.workspace_identifier);
  });
  typed.get(`${PREFIX}/groups/:id/members/`, { config: access(needs('a member of the workspace, or staff')), schema: { tags, params: z.object({ id: z.string() }) } }, (request) =>
    service.members(request.principal, request.params.id),
  );

  typed.patch(`${PREFIX}/change_password/`, { config: access(SIGNED_IN), schema: { tags, body: changePasswordSchema } }, (request) =>
    service.changePassword(request.principal, request.body),
  );
  typed.get(`${PREFIX}/check_datastore/`, { config: access(SIGNED_IN), schema: { tags } }, (request) => service.checkDatastore(request.principal));
  typed.post(`${PREFIX}/datastore_credentials/`, { config: access(SIGNED_IN), schema: { tags, body: datastoreCredentialsSchema } }, (request) =>
    service.datastoreCredentials(request.principal, request.body.password),
  );
  return service;
}
