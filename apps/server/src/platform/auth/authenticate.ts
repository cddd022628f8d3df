import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { revokedTokens } from '../db/schema.js';
import { TOKEN_COOKIE } from '@asb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csrfRefused, hasCsrfProof, isSameOrigin, UNSAFE_METHODS } from './browser-session.js';
import type { PlatformContext } from '../context.js';
import type { Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** how principal was established: a browser's cookie gets its session renewed on a password change */
    authenticatedBy: 'bearer' | 'cookie' | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

/** Who a token's subject is, with the password hash its token must match (usermgr's users repository). */
export interface PrincipalSource {
  /** with `tokenId`, `revoked` says whether that token was revoked (one round trip for both) */
  principal(username: string, tokenId?: string): Promise<{ principal: Principal; row: { passwordHash: string | null }; revoked: boolean } | undefined>;
}

/**
 * Resolves `request.principal` on every request (docs/security.md "Tokens"): from the bearer
 * header (programs), else from the HttpOnly token cookie of the portal's own pages. A change
 * made with the cookie must carry the X-CSRFToken header (403 otherwise), which another site's
 * page cannot read or send; the bearer header needs none, since no browser sends it by itself.
 */
export function registerAuthentication(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('authenticatedBy', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token) {
      request.principal = (await principalFromToken(ctx, token)) ?? null;
      request.authenticatedBy = request.principal ? 'bearer' : null;
      return;
    }
    const cookie = request.cookies[TOKEN_COOKIE];
    if (!cookie || !isSameOrigin(request)) return;
    const session = await sessionOfToken(ctx, cookie);
    if (!session) return;
    if (UNSAFE_METHODS.has(request.method) && !hasCsrfProof(ctx, request, session.jti)) {
      // a public route serves anyone: it goes on without the cookie's user (a browser still holding
      // a cookie without its csrftoken can sign in again); any other route refuses
      if (isPublicRoute(request)) return;
      throw csrfRefused();
    }
    request.principal = session.principal;
    request.authenticatedBy = 'cookie';
  });
}

export async function principalFromToken(ctx: PlatformContext, token: string): Promise<Principal | undefined> {
  return (await sessionOfToken(ctx, token))?.principal;
}

/** The user of a valid token, with the token's id (its CSRF value is bound to it). */
async function sessionOfToken(ctx: PlatformContext, token: string): Promise<{ principal: Principal; jti: string } | undefined> {
  const payload = await ctx.tokens.verify(token, 'access');
  if (!payload) return undefined;
  const jti = typeof payload.jti === 'string' ? payload.jti : '';
  const loaded = await ctx.users.principal(payload.sub, jti || undefined);
  // A revoked token, or one issued before the last password change, is no longer valid.
  if (!loaded || loaded.revoked || (typeof payload.pwv === 'number' && payload.pwv !== passwordVersion(loaded.row.passwordHash))) {
    return undefined;
  }
  return { principal: loaded.principal, jti };
}

function isPublicRoute(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { access?: { who?: string } } | undefined;
  return config?.access?.who === 'public';
}

/** The token a request was authenticated with (the bearer header or the cookie): what logout revokes. */
export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? (request.authenticatedBy === 'cookie' ? request.cookies[TOKEN_COOKIE] : undefined);
}

/** Logout: the presented bearer token stops working at once (expired revocations are swept on the way). */
export async function revokeToken(ctx: PlatformContext, token: string): Promise<void> {
  const payload = await ctx.tokens.verify(token, 'access');
  if (!payload || typeof payload.jti !== 'string') return;
  const expiresAt = new Date((typeof payload.exp === 'number' ? payload.exp : Date.now() / 1000) * 1000);
  await ctx.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
  await ctx.db.insert(revokedTokens).values({ jti: payload.jti, expiresAt }).onConflictDoNothing();
}

/** A short fingerprint of the password hash, embedded in tokens to revoke them on change. */
export function passwordVersion(hash: string | null): number {
  return crypto
    .createHash('sha256')
    .update(hash ?? '')
    .digest()
    .readInt32BE(0);
}
