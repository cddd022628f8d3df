import type { FastifyReply } from 'fastify';
import { TOKEN_LIFETIME_SECONDS } from '@asb/contracts';

/**
 * The browser session of a user signed in through the identity provider: an
 * HttpOnly cookie the SPA exchanges for a bearer token at GET /usermgr/v1/token/.
 */
export const SESSION_COOKIE = 'asb_session';

export function setSessionCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/usermgr/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TOKEN_LIFETIME_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/usermgr/' });
}
