import { ApiError } from './http';

/**
 * What a page says when the server will not give it its resource: it answers 404 for one that does
 * not exist and 403 for another user's that is not shared with the reader. Both are states to say
 * in place, not failures to report (issue 34 walk); undefined for any other error.
 */
export function refusalOf(error: unknown, noun: string): string | undefined {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 404) return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`;
  if (status === 403) return `This ${noun} is not yours, and not shared with you.`;
  return undefined;
}
