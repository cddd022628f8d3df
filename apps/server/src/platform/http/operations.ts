import {
  errorBodySchema,
  operationIdOf,
  resourcePayloadSchema,
  splitKey,
  type HandlerResult,
  type Operation,
  type OperationKey,
  type OperationMap,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ParsedParamsOf,
} from '@asb/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { PrincipalOf, RouteAccess } from './access.js';
import { notAuthenticated } from './errors.js';

/** The request a handler is given: its parsed params, query and body, and the principal its declared access ensures. */
type RequestOf<K extends string, O extends Operation, A extends RouteAccess> = FastifyRequest<{
  Params: ParsedParamsOf<K, O>;
  Querystring: ParsedQueryOf<O>;
  Body: ParsedBodyOf<O>;
}> & { principal: PrincipalOf<A> };

/** A handler answers its operation's response (checked by TypeScript here and by the serializer at run time), or sends itself. */
export type OperationHandler<K extends string, O extends Operation, A extends RouteAccess = RouteAccess> = (
  request: RequestOf<K, O, A>,
  reply: FastifyReply,
) => Promise<HandlerResult<O> | FastifyReply> | HandlerResult<O> | FastifyReply;

interface MountOptions<A extends RouteAccess> {
  access: A;
  tags?: string[];
  /** Fastify route options besides (a body limit, say) */
  bodyLimit?: number;
  /** a route whose URL is a credential logs only warnings and errors (the access log would write it) */
  logLevel?: 'warn';
}

/** The OpenAPI response of a file or stream answer. */
function fileResponse(mediaType: string) {
  return { description: mediaType, content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** A 204's schema: null, which the OpenAPI document shows as an answer without content. */
const noContentResponse = z.null().meta({ description: 'No content' });

/** A redirect: no content, the target in Location (@fastify/swagger turns `headers` into the response's headers). */
const redirectResponse = z
  .null()
  .meta({ description: 'Redirect: the target in Location', headers: { location: { type: 'string', description: 'the page to go on to' } } });

function successResponse(status: number, response: Operation['response']) {
  if (status === 204) return noContentResponse;
  if ('redirect' in response) return redirectResponse;
  return 'file' in response ? fileResponse(response.file) : response;
}

/**
 * Mounts one operation of the contract: method and path from its key, request schemas
 * (params, query, body) validated before the handler, the answer serialised through its
 * response schema (contract-serializer.ts), every 4xx/5xx documented with the error body.
 */
export function mount<M extends OperationMap, K extends keyof M & OperationKey, A extends RouteAccess>(
  app: FastifyInstance,
  operations: M,
  key: K,
  options: MountOptions<A>,
  handler: OperationHandler<K, M[K], A>,
): void {
  const operation: Operation | undefined = operations[key];
  if (!operation) throw new Error(`${key} is not in the contract`);
  const { method, routerPath } = splitKey(key);
  const status = operation.status ?? ('redirect' in operation.response ? 302 : 200);
  const response = operation.response;
  const documented = operation.documents ?? (operation.attributes ? resourcePayloadSchema(operation.attributes) : undefined);
  const schema: FastifySchema & Record<string, unknown> = {
    // the document names each operation after its key: only a route of the contract has one
    operationId: operationIdOf(key),
    ...(options.tags ? { tags: options.tags } : {}),
    ...(operation.summary ? { summary: operation.summary } : {}),
    ...(operation.params ? { params: operation.params } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.body ? { body: operation.body } : {}),
    // a generic write validates the envelope; the document shows the type's attributes in it
    ...(documented ? { documentedBody: documented } : {}),
    ...(operation.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: {
      [status]: successResponse(status, response),
      '4XX': errorBodySchema,
      '5XX': errorBodySchema,
    },
  };
  app.route({
    method,
    url: routerPath,
    config: { access: options.access },
    schema,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    handler: options.access.who === 'public' ? (handler as never) : signedIn(handler as never),
  });
}

/**
 * A handler whose access implies a user: enforce() (access.ts) refused any request without
 * one before this runs; the check here keeps the handler's non-null principal true even if a
 * hook added later cleared it.
 */
function signedIn(handler: (request: FastifyRequest, reply: FastifyReply) => unknown) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.principal) throw notAuthenticated();
    return handler(request, reply);
  };
}
