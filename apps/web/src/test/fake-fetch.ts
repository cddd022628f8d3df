import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** path and query, e.g. '/usermgr/v1/users/?page%5Bnumber%5D=1' */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** `type` answers the body as it is with that media type (a task log is text/plain); else the body is JSON. */
type Handler = (request: FakeRequest) => { status?: number; body?: unknown; type?: string } | undefined;

/** Replaces window.fetch: the handler answers each call; unanswered calls are 404s. */
export function fakeFetch(handler: Handler) {
  const calls: FakeRequest[] = [];
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const answer = handler(request) ?? { status: 404, body: { detail: 'Not found.' } };
    const status = answer.status ?? 200;
    return Promise.resolve(
      new Response(answer.body === undefined ? null : answer.type ? String(answer.body) : JSON.stringify(answer.body), {
        status,
        statusText: status === 200 ? 'OK' : 'Error',
        // as the server answers: a JSON body says so (api() reads any other answer as a file)
        headers: answer.body === undefined ? {} : { 'Content-Type': answer.type ?? 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}
