import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Sends the answer of the GET route `url` gzip-compressed to a client that accepts it. Meant for a
 * large document that does not change while the server runs (the OpenAPI document: 750 KB of
 * JSON, 34 KB gzip), so it is compressed once and kept; the other answers of the API are small and
 * go out as they are.
 */
export function gzipDocument(app: FastifyInstance, url: string): void {
  let kept: { text: string; gzip: Buffer } | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== url || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return payload;
    if (kept?.text !== payload) kept = { text: payload, gzip: gzipSync(payload) };
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return kept.gzip;
  });
}
