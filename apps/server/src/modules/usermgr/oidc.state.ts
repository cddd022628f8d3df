import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_BASE_PATH } from '@asb/contracts';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { AuthorizationChecks } from './oidc.client.js';

/**
 * The state of one sign-in between the redirect to the provider and its callback:
 * state, nonce, PKCE verifier and where to go afterwards, in a signed HttpOnly
 * cookie that only the callback path receives and that expires with the attempt.
 */
const OIDC_STATE_COOKIE = 'asb_oidc_state';
const STATE_PATH = '/usermgr/oidc/';
const STATE_LIFETIME_SECONDS = 600;

export interface SignInState extends AuthorizationChecks {
  next: string;
}

function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/**
 * `next` must stay on this site: a path, never `//host` or `/\host` (browsers read
 * both as another host) and no control characters. Anything else becomes /asb/.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return APP_BASE_PATH;
  if (next.startsWith('//') || next.includes('\\') || hasControlCharacter(next)) return APP_BASE_PATH;
  return next;
}

export async function setStateCookie(reply: FastifyReply, tokens: TokenService, state: SignInState, secure: boolean): Promise<void> {
  const value = await tokens.sign('oidc', 'oidc-state', STATE_LIFETIME_SECONDS, { ...state });
  reply.setCookie(OIDC_STATE_COOKIE, value, { path: STATE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: STATE_LIFETIME_SECONDS });
}

export function clearStateCookie(reply: FastifyReply): void {
  reply.clearCookie(OIDC_STATE_COOKIE, { path: STATE_PATH });
}

/** The verified state of the attempt, or undefined when the cookie is missing, forged or expired. */
export async function readStateCookie(request: FastifyRequest, tokens: TokenService): Promise<SignInState | undefined> {
  const value = request.cookies[OIDC_STATE_COOKIE];
  const payload = value ? await tokens.verify(value, 'oidc-state') : undefined;
  if (!payload) return undefined;
  const { state, nonce, verifier, next } = payload;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return undefined;
  return { state, nonce, verifier, next: safeNext(next) };
}
