import { ApiError } from '../../../app/api/http';

export interface DatastoreFailure {
  passwordError?: string;
  message?: string;
}

/** Spec 2 §5/§8: a 400 puts its errors on the password field and its message in an alert. */
export function datastoreFailure(error: unknown): DatastoreFailure | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return undefined;
  const body = error.body as { password?: unknown; message?: unknown };
  const password = Array.isArray(body.password) ? body.password.filter((item) => typeof item === 'string').join(' ') : undefined;
  const message = typeof body.message === 'string' ? body.message : undefined;
  if (!password && !message) return undefined;
  return { passwordError: password || undefined, message };
}
