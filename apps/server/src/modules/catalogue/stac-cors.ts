import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAC_PREFIXES } from '@asb/contracts';

/** The public read-only faces a page of another origin may read: the STAC API and the catalogue's asset files. */
const READABLE = new RegExp(`^(?:${[...STAC_PREFIXES, '/resource-catalogue/assets'].map((prefix) => prefix.replace(/[/.]/g, '\\$&')).join('|')})(?:[/?]|$)`);

/** What a cross-origin reader may send: GET and HEAD, a search by POST, and the headers of an asset's byte range. */
const ALLOWED_METHODS = 'GET, HEAD, POST';
const ALLOWED_HEADERS = 'accept, content-type, range';
/** What it may read of an answer besides the safelisted headers: an asset's size and ranges, the answer's validator. */
const EXPOSED_HEADERS = 'content-length, content-range, accept-ranges, etag, location';

/** A POST of the read-only API is its search; every other write stays same-origin. */
const isRead = (request: FastifyRequest) =>
  request.method === 'GET' || request.method === 'HEAD' || (request.method === 'POST' && /\/search(?:\?|$)/.test(request.url));

/**
 * Cross-origin reads of the public catalogue (docs/security.md "Cross-origin reads"), for the
 * origins of ASB_CORS_ORIGINS (`*`: any). The header is given only to an answer made for a
 * caller without credentials: a request that carries a token or a session cookie is answered
 * as that user, so its answer gets no Access-Control-Allow-Origin and the other origin's page
 * cannot read it; Access-Control-Allow-Credentials is never sent. What an anonymous caller is
 * answered is what anyone may read: a private collection is a 404 to it.
 * Not @fastify/cors: it answers preflights on a catch-all OPTIONS route that declares no
 * access, and its per-request options do not see who the caller is.
 */
export function registerCatalogueCors(app: FastifyInstance, origins: string[]): void {
  if (origins.length === 0) return;
  const anyOrigin = origins.includes('*');
  const allowedOrigin = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin;
    if (origin === undefined || !READABLE.test(request.url)) return undefined;
    if (anyOrigin) return '*';
    return origins.includes(origin) ? origin : undefined;
  };
  const vary = (reply: FastifyReply) => {
    if (!anyOrigin) reply.header('vary', 'Origin');
  };

  // a preflight matches no route (OPTIONS is none of the API's methods): answered before routing's 404
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return;
    const origin = allowedOrigin(request);
    if (origin === undefined) return;
    vary(reply);
    await reply
      .status(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isRead(request)) return payload;
    const origin = allowedOrigin(request);
    if (origin === undefined) return payload;
    vary(reply);
    // answered as a signed-in user: another origin's page may not read it
    if (request.principal !== null) return payload;
    reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED_HEADERS);
    return payload;
  });
}
