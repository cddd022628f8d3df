import { STATUS_CODES } from 'node:http';
import { OGC_EXCEPTION, type OgcException } from '@asb/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/http/errors.js';
import { loggableError } from '../../platform/http/input-guards.js';

/** RFC 7807: a problem with no more meaning than its HTTP status. */
const BLANK = 'about:blank';

const titleOf = (status: number) => STATUS_CODES[status] ?? 'Error';

/** An OGC API exception (docs/ogcapi.md: errors). */
export function ogcError(status: number, type: string, detail: string): HttpError {
  const body: OgcException = { type, title: titleOf(status), status, detail };
  return new HttpError(status, body, detail);
}

export const noSuchProcess = (id: string) => ogcError(404, OGC_EXCEPTION.noSuchProcess, `No process ${id} found.`);
export const noSuchJob = (id: string) => ogcError(404, OGC_EXCEPTION.noSuchJob, `No job ${id} found.`);
export const invalidParameter = (detail: string) => ogcError(400, OGC_EXCEPTION.invalidParameter, detail);

const isOgcBody = (body: Record<string, unknown>): boolean =>
  typeof body.type === 'string' && typeof body.title === 'string' && typeof body.status === 'number';

/** What another module's error says, in words: its detail, else its JSON:API errors' details. */
function detailOf(error: HttpError): string {
  const { body } = error;
  if (typeof body.detail === 'string') return body.detail;
  const errors = Array.isArray(body.errors) ? (body.errors as { detail?: unknown }[]) : [];
  const details = errors.map((item) => item.detail).filter((item): item is string => typeof item === 'string');
  return details.length > 0 ? details.join(' ') : error.message;
}

/** The exception of any error thrown under /ogcapi/: ours as they are, the platform's (401, 403, a 400 of the executions service) in the OGC shape. */
function ogcExceptionOf(error: FastifyError | HttpError): OgcException {
  if (error instanceof HttpError) {
    if (isOgcBody(error.body)) return error.body as OgcException;
    const status = error.statusCode;
    const type = status === 400 ? OGC_EXCEPTION.invalidParameter : BLANK;
    return { type, title: titleOf(status), status, detail: detailOf(error) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext === 'body' ? 'body' : (error.validationContext ?? 'request');
    const detail = error.validation.map((issue) => `${where}${issue.instancePath || ''}: ${issue.message ?? 'invalid value'}`).join('; ');
    return { type: OGC_EXCEPTION.invalidParameter, title: titleOf(400), status: 400, detail };
  }
  const status = error.statusCode ?? 500;
  if (status === 415) return { type: OGC_EXCEPTION.unsupportedMediaType, title: titleOf(415), status, detail: error.message };
  return { type: BLANK, title: titleOf(status), status, detail: status >= 500 ? 'Internal server error' : error.message };
}

/** Every error of the routes of `scope` (an encapsulated plugin: the rest of the API keeps its own bodies) answered as an OGC API exception. */
export function registerOgcErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const exception = ogcExceptionOf(error);
    if (exception.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(exception.status).type('application/problem+json').send(exception);
  });
}
