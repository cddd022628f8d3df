import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { UsersService } from './users.service.js';

/** Sign-in through an external OpenID Connect provider (spec 1 §7 login redirects). */
export function registerOidcRoutes(app: FastifyInstance, ctx: AppContext, _users: UsersService): void {
  if (!ctx.config.oidc) return;
}
