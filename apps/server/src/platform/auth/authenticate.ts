import crypto from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { revokedTokens } from '../db/schema.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context.js';
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
/** Who a token's subject is, with the password hash its token must match (usermgr's users repository). */
export interface PrincipalSource {
  principal(username: string): Promise<{ principal: Principal; row: { passwordHash: string | null } } | undefined>;
}

export function registerAuthentication(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    request.principal = (await principalFromToken(ctx, token)) ?? null;
  });
}

export async function principalFromToken(ctx: PlatformContext, token: string): Promise<Principal | undefined> {
  const payload = await ctx.tokens.verify(token, 'access');
  if (!payload) return undefined;
  if (typeof payload.jti === 'string' && (await isRevoked(ctx, payload.jti))) return undefined;
  const loaded = await ctx.users.principal(payload.sub);
  // A token issued before the last password change is no longer valid.
  if (!loaded || (typeof payload.pwv === 'number' && payload.pwv !== passwordVersion(loaded.row.passwordHash))) {
    return undefined;
  }
  return loaded.principal;
}

async function isRevoked(ctx: PlatformContext, jti: string): Promise<boolean> {
  const [row] = await ctx.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti));
  return row !== undefined;
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
