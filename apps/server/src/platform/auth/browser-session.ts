import crypto from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, TOKEN_COOKIE, TOKEN_LIFETIME_SECONDS } from '@asb/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context.js';
import { detailError } from '../http/errors.js';

/** Methods that change something: made with the token cookie, they need the CSRF header. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_REFUSED =
  'CSRF check failed: a change made with the session cookie needs the X-CSRFToken header, equal to the csrftoken cookie. Programs send their token as Authorization: Bearer instead.';

/**
 * A cookie authenticates only requests of the portal's own pages: a request that names another
 * origin (a cross-site WebSocket, a form of another site) is taken as anonymous.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * The browser's session after a sign-in (docs/security.md "Tokens"): the token in an HttpOnly
 * cookie no script can read, and the readable csrftoken the page sends back on every change.
 * Secure when the request came over https (directly, or X-Forwarded-Proto of a trusted proxy).
 */
export async function setBrowserSession(ctx: PlatformContext, request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
  const payload = await ctx.tokens.verify(token, 'access');
  if (!payload || typeof payload.jti !== 'string') throw new Error('a browser session needs a token with an id');
  const options = { path: '/', sameSite: 'lax', secure: request.protocol === 'https', maxAge: TOKEN_LIFETIME_SECONDS } as const;
  reply.setCookie(TOKEN_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, ctx.tokens.csrfToken(payload.jti), { ...options, httpOnly: false });
}

export function clearBrowserSession(reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** Double submit, bound to the token: the header equals the csrftoken cookie, which belongs to this token. */
export function hasCsrfProof(ctx: PlatformContext, request: FastifyRequest, jti: string): boolean {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  const cookie = request.cookies[CSRF_COOKIE];
  const expected = Buffer.from(ctx.tokens.csrfToken(jti));
  const sent = Buffer.from(typeof header === 'string' ? header : '');
  return sent.length === expected.length && crypto.timingSafeEqual(sent, expected) && header === cookie;
}

export const csrfRefused = () => detailError(403, CSRF_REFUSED);
