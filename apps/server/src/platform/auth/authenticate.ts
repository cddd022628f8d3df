import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

/**
 * Resolves `request.principal` from the bearer token on every request. API calls
 * authenticate by header only, never by cookie, so no cross-site request can act
 * for a signed-in browser.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    request.principal = (await principalFromToken(ctx, token)) ?? null;
  });
}

export async function principalFromToken(ctx: AppContext, token: string): Promise<Principal | undefined> {
  const payload = await ctx.tokens.verify(token, 'access');
  if (!payload) return undefined;
  const loaded = await ctx.users.principal(payload.sub);
  // A token issued before the last password change is no longer valid.
  if (!loaded || (typeof payload.pwv === 'number' && payload.pwv !== passwordVersion(loaded.row.passwordHash))) {
    return undefined;
  }
  return loaded.principal;
}

/** A short fingerprint of the password hash, embedded in tokens to revoke them on change. */
export function passwordVersion(hash: string | null): number {
  return crypto.createHash('sha256').update(hash ?? '').digest().readInt32BE(0);
}
