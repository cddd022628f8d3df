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

/** JSON:API 400 with one error per attribute, pointer /data/attributes/{field}. */
export function attributeErrors(fields: Record<string, string>): HttpError {
  const errors: ErrorObject[] = Object.entries(fields).map(([field, detail]) => ({
    status: '400',
    title: 'Invalid attribute',
    detail,
    source: { pointer: attributePointer(field) },
  }));
  return new HttpError(400, { errors });
}

/** DRF-style 400: {field: [messages]}. */
export function fieldErrors(fields: Record<string, string[]>): HttpError {
  return new HttpError(400, fields);
}
