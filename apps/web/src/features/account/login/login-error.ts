import { errorNotice } from '@asb/contracts';
import { ApiError } from '../../../app/api/http';

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The message shown in the login form, or undefined when the failure belongs to
 * the central handler: no response (time-outs included) or a status above 499 (spec 1 §8).
 */
export function loginErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0 || error.status === 408 || error.status > 499) return undefined;
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as Record<string, unknown>;
  const nonField = texts(body.non_field_errors);
  if (nonField.length > 0) return nonField.join(' ');
  if (typeof body.detail === 'string') return body.detail;
  return errorNotice(error.status, error.statusText, error.body).message;
}
