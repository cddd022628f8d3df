import type { FastifyRequest } from 'fastify';
import { principalFromToken } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformContext } from '../context.js';

/**
 * The user of a live stream (WebSocket, SSE): the request's own (bearer header, or the token
 * cookie of a same-origin page: authenticate.ts), else ?token= for programs whose WebSocket or
 * EventSource cannot set a header.
 */
export async function streamPrincipal(ctx: PlatformContext, request: FastifyRequest): Promise<Principal | undefined> {
  if (request.principal) return request.principal;
  const query = request.query as { token?: string } | undefined;
  return query?.token ? principalFromToken(ctx, query.token) : undefined;
}

/** Request URLs as logged: a ?token= of a stream is a credential and never reaches the logs. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}
