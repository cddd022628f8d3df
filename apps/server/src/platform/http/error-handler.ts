import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DocumentRefused } from '../documents/document-limits.js';
import { bodyLimitOf } from '../documents/json-body-parser.js';
import { HttpError, validationErrors, withDetail, type FieldProblem } from './errors.js';
import { loggableError, refuseNulCharacters } from './input-guards.js';
import { installHumanValidationMessages } from './validation-messages.js';

/** Where a schema validation issue is: a pointer into the body, or the query or path parameter it names. */
function problemOf(context: string | undefined, instancePath: string, detail: string): FieldProblem {
  const segments = instancePath.split('/').filter(Boolean);
  if (context === 'querystring' || context === 'params') return { detail, parameter: segments[0], field: segments[0] };
  const field = segments[0] === 'data' && segments[1] === 'attributes' ? segments[2] : segments[0];
  return { detail, pointer: instancePath || '/', field };
}

/**
 * One error handler for every route: HttpError bodies pass through; schema
 * validation failures become 400s that point at the offending field, both as
 * JSON:API errors and as DRF field lists so every client finds its field, with
 * the human text of every problem in `detail` (validation-messages.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  installHumanValidationMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(withDetail(error.body));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => problemOf(error.validationContext, issue.instancePath, issue.message ?? 'Invalid value.'));
      return reply.status(400).send(validationErrors(problems).body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify's text does not say how large a body may be: the route's limit, in words
      const detail = DocumentRefused.tooLarge(bodyLimitOf(request, app.initialConfig.bodyLimit ?? 0), 'The request body').message;
      return reply.status(413).send({ detail, errors: [{ status: '413', detail }] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    const detail = status >= 500 ? 'Internal server error' : error.message;
    return reply.status(status).send({ detail, errors: [{ status: String(status), detail }] });
  });
  refuseNulCharacters(app);
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: 'Not found.', errors: [{ status: '404', detail: `No route ${request.method} ${request.url}` }] });
  });
}
