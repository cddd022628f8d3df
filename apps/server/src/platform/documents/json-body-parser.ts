import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DocumentRefused, MAX_DEPTH } from './document-limits.js';
import { jsonNestsDeeper } from './json-depth.js';

type Done = (error: Error | null, body?: unknown) => void;
type StringParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * Fastify's JSON parser (prototype poisoning refused) behind a nesting check: a body deeper
 * than MAX_DEPTH is a 400 naming the limit before JSON.parse runs and before the route's
 * schema (which recurses) walks it.
 */
export function depthCappedJsonParser(scope: FastifyInstance): StringParser {
  const parse = scope.getDefaultJsonParser('error', 'error') as unknown as StringParser;
  return (request, body, done) => {
    if (jsonNestsDeeper(body, MAX_DEPTH)) return done(DocumentRefused.tooDeep(MAX_DEPTH, 'The JSON body'));
    parse(request, body, done);
  };
}

const JSON_TYPES = ['application/json', 'application/vnd.api+json'];

/**
 * A JSON body, unless its route allows more: JSON.parse runs on the event loop at about 40 ms a
 * megabyte, and the server's 25 MB (for uploads) would let one anonymous sign-in hold it a second.
 */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/** Every JSON body of the server, `application/json` and JSON:API's `application/vnd.api+json`, through depthCappedJsonParser. */
export function registerJsonBodyParsers(server: FastifyInstance): void {
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(JSON_TYPES, { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, depthCappedJsonParser(server));
}

/** The body limit a request was held to: its route's own, else JSON_BODY_LIMIT for JSON, else the server's. */
export function bodyLimitOf(request: FastifyRequest, serverLimit: number): number {
  // routeOptions.bodyLimit is the server's when the route sets none
  if (request.routeOptions.bodyLimit !== serverLimit) return request.routeOptions.bodyLimit;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return JSON_TYPES.includes(mediaType) ? JSON_BODY_LIMIT : serverLimit;
}
