import type { ErrorObject } from '@asb/contracts';
import { attributePointer, ERROR_TEXTS } from '@asb/contracts';

/**
 * An error with an HTTP status and a body the client understands. `body` is sent
 * as is: JSON:API `{errors: [...]}` for the stores, DRF-style `{field: [...]}` or
 * `{detail}` for usermgr (the shapes the spec's clients read).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? (typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`));
  }
}

export function detailError(statusCode: number, detail: string): HttpError {
  return new HttpError(statusCode, { detail, errors: [{ status: String(statusCode), detail }] });
}

export const notAuthenticated = () => detailError(401, 'Authentication credentials were not provided.');
export const permissionDenied = () => detailError(403, ERROR_TEXTS.permission);
export const notFound = (what = 'Not found.') => detailError(404, what);

/** One problem of a 400: its text and where it is (a pointer into the body, or a query or path parameter). */
export interface FieldProblem {
  detail: string;
  pointer?: string;
  parameter?: string;
  /** the field the DRF-style list files it under; none: non_field_errors */
  field?: string;
}

/** Every problem's text in one sentence list: the `detail` a client shows when it shows one message. */
function detailOf(messages: string[]): string {
  return [...new Set(messages)].join(' ');
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * The body as sent: with a top-level `detail` (docs/api.md "Errors") made from its JSON:API
 * errors or its DRF field lists when the code that refused gave none.
 */
export function withDetail(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.detail === 'string') return body;
  const fromErrors = Array.isArray(body.errors) ? body.errors.flatMap((item: { detail?: unknown }) => texts([item?.detail])) : [];
  const fromFields = Object.entries(body).flatMap(([key, value]) => (key === 'errors' ? [] : texts(value)));
  const messages = fromErrors.length > 0 ? fromErrors : fromFields;
  return messages.length > 0 ? { ...body, detail: detailOf(messages) } : body;
}

/**
 * A 400 every client reads: JSON:API `errors` with a pointer (or parameter) per problem,
 * DRF-style `{field: [messages]}` lists, and the whole text in `detail` (docs/api.md "Errors").
 */
export function validationErrors(problems: FieldProblem[]): HttpError {
  const fields: Record<string, string[]> = {};
  for (const problem of problems) (fields[problem.field ?? 'non_field_errors'] ??= []).push(problem.detail);
  const errors: ErrorObject[] = problems.map(({ detail, pointer, parameter }) => ({
    status: '400',
    title: 'Invalid value',
    detail,
    ...(pointer !== undefined ? { source: { pointer } } : parameter !== undefined ? { source: { parameter } } : {}),
  }));
  return new HttpError(400, withDetail({ ...fields, errors }));
}

/** JSON:API 400 with one error per attribute, pointer /data/attributes/{field}. */
export function attributeErrors(fields: Record<string, string>): HttpError {
  const errors: ErrorObject[] = Object.entries(fields).map(([field, detail]) => ({
    status: '400',
    title: 'Invalid attribute',
    detail,
    source: { pointer: attributePointer(field) },
  }));
  return new HttpError(400, withDetail({ errors }));
}

/** DRF-style 400: {field: [messages]}, and their text in `detail`. */
export function fieldErrors(fields: Record<string, string[]>): HttpError {
  return new HttpError(400, withDetail(fields));
}
