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

/** Every JSON body of the server, `application/json` and JSON:API's `application/vnd.api+json`, through depthCappedJsonParser. */
export function registerJsonBodyParsers(server: FastifyInstance): void {
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(['application/json', 'application/vnd.api+json'], { parseAs: 'string' }, depthCappedJsonParser(server));
}
