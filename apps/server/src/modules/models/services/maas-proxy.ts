import http, { type IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../platform/auth/principal.js';
import { notFound } from '../../../platform/http/errors.js';
import { rowId } from '../../../platform/http/ids.js';
import type { ModelServices } from './model-services.js';
import { PASSED_HEADERS } from './passed-headers.js';
import { GATEWAY_REFUSAL_HEADER } from './service-gateway.js';
import { SERVICE_TOKEN_HEADER } from './service-token.js';

/** At most this many requests wait on one service through one replica's proxy (it infers one at a time): more get a 429. */
const PROXY_IN_FLIGHT = 4;
/** A request to a service that has not answered after this long gets a 504. */
const PROXY_TIMEOUT_MS = 300_000;
/** The largest body the proxy passes on: the service's own limit (64 MB) and room for the JSON header. */
const PROXY_BODY_LIMIT = 64 * 1024 * 1024 + 64 * 1024;

/**
 * A request's body stream, kept in a private field: hooks that walk every parsed body (the NUL
 * check, input-guards.ts) see an object with no members, where the stream itself would lead
 * them through its socket and server — a walk that never ends.
 */
class StreamedBody {
  readonly #stream: IncomingMessage;

  constructor(stream: IncomingMessage) {
    this.#stream = stream;
  }

  get stream(): IncomingMessage {
    return this.#stream;
  }
}

/** The proxy's routes take their bodies as the request stream, whatever their type (JSON, or JSON and binary tensors). */
export function streamBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, new StreamedBody(payload)));
}

/**
 * The proxy of `/backend/catalogue/stac/maas/{id}/v2/...` (docs/models.md "Models as services"):
 * for the service's owner and staff, to its socket when it runs on this server, else to its
 * node's gateway with the per-service token. Only the body and the protocol's headers pass,
 * never the caller's credentials nor the query. The body is streamed as it comes (the route's
 * parser hands over the request stream), so a tensor is never held whole here: the service reads
 * it into one buffer of its declared length.
 */
export function maasProxy(services: ModelServices) {
  const inFlight = new Map<number, number>();
  return async (request: FastifyRequest<{ Params: { id: string } }> & { principal: Principal }, reply: FastifyReply) => {
    const principal = request.principal;
    const id = rowId(request.params.id);
    const target = id === undefined ? undefined : await services.target(principal, id);
    if (!target || id === undefined) throw notFound(`No model service ${request.params.id} of yours is running.`);
    if (target === 'unreachable') return reply.code(502).send({ error: 'The model service does not answer: it is being started again.' });
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = request.body instanceof StreamedBody ? request.body.stream : undefined;
    const length = request.headers['content-length'];
    if (body && length !== undefined) {
      if (Number(length) > PROXY_BODY_LIMIT) return reply.code(413).send({ error: 'The request is larger than a model service takes (64 MB).' });
      headers['content-length'] = length;
    }
    // the protocol has no query: none goes on (a ?token= stays here)
    const servicePath = request.url.slice(request.url.indexOf('/v2/')).split('?')[0]!;
    const where: http.RequestOptions =
      'socketPath' in target
        ? { socketPath: target.socketPath, path: servicePath }
        : (() => {
            const node = new URL(target.address);
            headers[SERVICE_TOKEN_HEADER] = target.token;
            return { hostname: node.hostname.replace(/^\[|\]$/g, ''), port: node.port || 80, path: `/maas/${id}${servicePath}` };
          })();
    if ((inFlight.get(id) ?? 0) >= PROXY_IN_FLIGHT) return reply.code(429).send({ error: 'The model service is busy: try again in a moment.' });
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    const answer = await new Promise<http.IncomingMessage | 'timeout'>((resolve, reject) => {
      const forwarded = http.request({ ...where, method: request.method, headers }, resolve);
      forwarded.on('error', reject);
      forwarded.setTimeout(PROXY_TIMEOUT_MS, () => {
        forwarded.destroy();
        resolve('timeout');
      });
      if (body) {
        body.pipe(forwarded);
        // a caller gone mid-upload ends the forwarded request too (it would wait for the rest)
        body.once('close', () => {
          if (!body.complete) forwarded.destroy();
        });
      } else forwarded.end();
    })
      .catch(() => undefined)
      .finally(() => inFlight.set(id, (inFlight.get(id) ?? 1) - 1));
    if (answer === 'timeout') return reply.code(504).send({ error: 'The model service did not answer in time.' });
    if (!answer) return reply.code(502).send({ error: 'The model service does not answer.' });
    if (answer.headers[GATEWAY_REFUSAL_HEADER]) {
      // the node no longer runs it (stopped, or claimed by another a moment ago)
      answer.resume();
      return reply.code(502).send({ error: 'The model service does not answer: it is being started again.' });
    }
    reply.code(answer.statusCode ?? 502);
    for (const name of [...PASSED_HEADERS, 'content-length']) {
      const value = answer.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.send(answer);
  };
}
