import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@asb/contracts';
import { principalFromToken } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';

function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The user of a live stream (WebSocket, SSE). Browsers cannot set headers on a
 * WebSocket or an EventSource, so besides the bearer header the token comes as
 * ?token= or from the token cookie of a same-origin page; the origin check keeps
 * another site's page from opening a stream with the user's cookie.
 */
export async function streamPrincipal(ctx: PlatformContext, request: FastifyRequest): Promise<Principal | undefined> {
  if (request.principal) return request.principal;
  const query = request.query as { token?: string } | undefined;
  const token = query?.token ?? (isSameOrigin(request) ? request.cookies[TOKEN_COOKIE] : undefined);
  return token ? principalFromToken(ctx, token) : undefined;
}

/** Request URLs as logged: a ?token= of a stream is a credential and never reaches the logs. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}
