import Cookies from 'js-cookie';
import { CSRF_COOKIE, CSRF_HEADER, fillPath, REQUEST_TIMEOUT_MS, splitKey } from '@asb/contracts';
import type { ApiOperations, BodyOf, PathParams, ResponseOf } from '@asb/contracts';

/** A failed API call: status 0 means no response (network failure or time-out). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`${status} ${statusText}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: URLSearchParams | Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** JSON:API media type for the knowledge/builder stores */
  jsonApi?: boolean;
}

/**
 * The CSRF header of spec 1 §6, from the readable csrftoken cookie the server set at sign-in. The
 * token itself lives in an HttpOnly cookie no script reads; the browser sends it with every
 * same-origin request (docs/security.md "Tokens").
 */
export function csrfHeaders(): Record<string, string> {
  const csrf = Cookies.get(CSRF_COOKIE);
  return csrf ? { [CSRF_HEADER]: csrf } : {};
}

/** The server set a browser session (it may still have expired or been revoked). */
export function hasSessionCookie(): boolean {
  return Cookies.get(CSRF_COOKIE) !== undefined;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Every call of the portal goes through here: the session cookie (sent by the browser), the
 * CSRF header, the 30 s time-out of spec 1 §9; a failed status throws ApiError with the
 * body read as JSON when it is JSON.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: options.jsonApi ? 'application/vnd.api+json, application/json' : 'application/json',
    ...csrfHeaders(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${path}${queryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(timeout.aborted ? 408 : 0, timeout.aborted ? 'Request Timeout' : 'Network Error', undefined);
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText, await readBody(response));
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON call (see send). */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await send(path, options))) as T;
}

/** A file (a PDF, a GeoTIFF) with the same credentials and errors as apiFetch. */
export async function apiFetchBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

type Key = keyof ApiOperations & `${string} /${string}`;

/** The options of one call of the contract: path parameters when the path has some, the body its operation takes. */
export type CallOptions<K extends Key> = Omit<RequestOptions, 'method' | 'body'> &
  (keyof PathParams<K> extends never ? { params?: undefined } : { params: PathParams<K> }) &
  (BodyOf<ApiOperations[K]> extends never ? { body?: undefined } : { body: BodyOf<ApiOperations[K]> });

/**
 * A call of the contract (packages/contracts/src/api): `api('GET /knowledge/v1/workflows/{id}',
 * {params: {id}})`. Its answer is typed by the operation's response schema, which the server
 * checks its answers against (docs/architecture.md, "The contract"); a file answer is a Blob.
 */
export async function api<K extends Key>(
  key: K,
  ...[options]: keyof PathParams<K> extends never ? [CallOptions<K>?] : [CallOptions<K>]
): Promise<ResponseOf<ApiOperations[K]>> {
  const { method, path } = splitKey(key);
  const { params, ...rest } = (options ?? {}) as CallOptions<K> & { params?: Record<string, string> };
  const response = await send(fillPath(path, params ?? {}), { ...rest, method });
  const type = response.headers.get('content-type') ?? '';
  // the one place an answer gets its type: the contract the server is held to
  return (type.includes('json') || !response.body ? await readBody(response) : await response.blob()) as ResponseOf<ApiOperations[K]>;
}
