import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE } from '@asb/contracts';
import { api } from './http';

/** What every call of the portal carries (docs/security.md "Tokens"). */
describe('api()', () => {
  afterEach(() => {
    Cookies.remove(CSRF_COOKIE, { path: '/' });
    vi.unstubAllGlobals();
  });

  const headersOfCall = async (call: () => Promise<unknown>): Promise<Headers> => {
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    await call();
    return new Headers(fetch.mock.calls[0]![1]!.headers);
  };

  it('sends the csrftoken cookie back as X-CSRFToken, and no token of its own: the browser sends the HttpOnly cookie', async () => {
    Cookies.set(CSRF_COOKIE, 'the-csrf-value', { path: '/' });
    const headers = await headersOfCall(() => api('POST /usermgr/v1/logout/'));
    expect(headers.get('X-CSRFToken')).toBe('the-csrf-value');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('sends no CSRF header without a session', async () => {
    const headers = await headersOfCall(() => api('POST /usermgr/v1/logout/'));
    expect(headers.get('X-CSRFToken')).toBeNull();
  });
});
