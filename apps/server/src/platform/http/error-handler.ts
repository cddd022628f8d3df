import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.js';
import { loggableError, refuseNulCharacters } from './input-guards.js';

/**
 * One error handler for every route: HttpError bodies pass through; schema
 * validation failures become 400s that point at the offending field, both as
 * JSON:API errors and as DRF field lists so every client finds its field.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const segments = issue.instancePath.split('/').filter(Boolean);
        const pointer = issue.instancePath || '/';
        const field = segments[0] === 'data' && segments[1] === 'attributes' ? segments[2] : segments[0];
        return { status: '400', title: 'Invalid value', detail: issue.message ?? 'Invalid value', source: { pointer }, field };
      });
      const fields: Record<string, string[]> = {};
      for (const e of errors) {
        const key = e.field ?? 'non_field_errors';
        (fields[key] ??= []).push(e.detail);
      }
      return reply.status(400).send({
        ...fields,
        errors: errors.map(({ field: _field, ...rest }) => rest),
      });
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
