import { notifications } from '@mantine/notifications';
import { errorNotice } from '@asb/contracts';
import { ApiError } from './http';

/**
 * The central error handler of spec 1 §8. Per-service handlers pass their label
 * (Resource Manager, Taskmgr, knowledge, Backend), shown before the title.
 */
export function handleError(error: unknown, service?: string): void {
  const notice =
    error instanceof ApiError
      ? errorNotice(error.status, error.statusText, error.body)
      : errorNotice(500, error instanceof Error ? error.message : 'Unexpected error', undefined);
  notifications.show({
    title: service ? `${service}: ${notice.title}` : notice.title,
    message: notice.message,
    color: notice.color,
    autoClose: notice.autoClose,
  });
}

/** The field errors of a 400 (JSON:API pointers or DRF lists), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return undefined;
  const result: Record<string, string> = {};
  const body = error.body as Record<string, unknown>;
  if (Array.isArray(body.errors)) {
    for (const item of body.errors as { detail?: string; source?: { pointer?: string } }[]) {
      const match = /^\/data\/attributes\/(.+)$/.exec(item.source?.pointer ?? '');
      if (match?.[1] && item.detail) result[match[1]] ??= item.detail;
    }
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'errors' || key === 'detail') continue;
    if (Array.isArray(value) && typeof value[0] === 'string') result[key] ??= value.join(' ');
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
