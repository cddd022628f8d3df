import { NOTIFY_MS } from './constants.js';

/** Spec 1 §8 central error handler texts. */
export const ERROR_TEXTS = {
  permission: 'You do not have permission to perform this action.',
  badRequest: 'The request you made is incorrect.',
  unreachable: 'The service could not be contacted. This may be a temporary network issue or the service may be down.',
} as const;

export interface ErrorNotice {
  title: 'Warning' | 'Error';
  message: string;
  color: 'yellow' | 'red';
  autoClose: number;
}

interface ErrorBody {
  detail?: unknown;
  errors?: unknown;
}

function lastErrorText(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const last: unknown = errors[errors.length - 1];
  if (typeof last === 'string') return last;
  if (last && typeof last === 'object' && 'detail' in last && typeof last.detail === 'string') {
    return last.detail;
  }
  return undefined;
}

/**
 * Status 0 means no response at all (network failure or time-out); it is treated
 * like 504. A server-supplied detail, or the last item of the errors list,
 * overrides the text.
 */
export function errorNotice(status: number, statusText: string, body?: unknown): ErrorNotice {
  let message: string;
  if (status === 401 || status === 403) message = ERROR_TEXTS.permission;
  else if (status === 400) message = ERROR_TEXTS.badRequest;
  else if (status === 0 || status === 502 || status === 504 || status === 408) message = ERROR_TEXTS.unreachable;
  else message = `${statusText} (${status})`;

  if (body && typeof body === 'object') {
    const { detail, errors } = body as ErrorBody;
    const override = typeof detail === 'string' ? detail : lastErrorText(errors);
    if (override) message = override;
  }
  const isWarning = status > 0 && status < 500;
  return {
    title: isWarning ? 'Warning' : 'Error',
    message,
    color: isWarning ? 'yellow' : 'red',
    autoClose: NOTIFY_MS.error,
  };
}
