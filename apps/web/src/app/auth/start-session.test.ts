import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE } from '@asb/contracts';
import { fakeFetch } from '../../test/fake-fetch';
import { testInstance } from '../../test/fake-auth';
import { startSession } from './start-session';

const { handleError } = vi.hoisted(() => ({ handleError: vi.fn() }));
vi.mock('../api/error-handler', () => ({ handleError }));

const alice = { username: 'alice', groups: {} };

describe('startSession', () => {
  beforeEach(() => Cookies.remove(CSRF_COOKIE, { path: '/' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    handleError.mockReset();
  });

  it('loads the user of the session cookie, then checks the datastore', async () => {
    // the token cookie is HttpOnly: the readable csrftoken says a session was set
    Cookies.set(CSRF_COOKIE, 'csrf-value', { path: '/' });
    const { calls } = fakeFetch(({ path }) => {
      if (path === '/knowledge/api/details') return { body: testInstance() };
      if (path === '/usermgr/v1/users/self/') return { body: alice };
      if (path === '/usermgr/v1/check_datastore/') return { body: { data: { changed: false } } };
      return undefined;
    });
    const session = await startSession();
    expect(session).toMatchObject({ status: 'authenticated', user: alice, datastoreChanged: false });
    expect(calls.map((call) => call.path)).toEqual(['/knowledge/api/details', '/usermgr/v1/users/self/', '/usermgr/v1/check_datastore/']);
  });

  it("when the session cookie's token is refused, asks for the automatic token of an identity-provider session (which renews it)", async () => {
    Cookies.set(CSRF_COOKIE, 'csrf-value', { path: '/' });
    let hasToken = false;
    const { calls } = fakeFetch(({ path, method }) => {
      if (path === '/knowledge/api/details') return { body: testInstance() };
      if (path === '/usermgr/v1/token/' && method === 'GET') {
        hasToken = true;
        return { body: { token: 'automatic-token' } };
      }
      if (path === '/usermgr/v1/users/self/') return hasToken ? { body: alice } : { status: 401 };
      return { status: 500 };
    });
    const session = await startSession();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /usermgr/v1/token/');
    // a failing datastore check counts as changed
    expect(session).toMatchObject({ status: 'authenticated', datastoreChanged: true });
  });

  it('without a session cookie is anonymous at once: no call that would answer 401', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === '/knowledge/api/details' ? { body: testInstance() } : { status: 401, body: { detail: 'Not authenticated.' } },
    );
    expect(await startSession()).toMatchObject({ status: 'anonymous', user: null });
    expect(calls.map((call) => call.path)).toEqual(['/knowledge/api/details']);
    expect(handleError).not.toHaveBeenCalled();
  });

  it('is anonymous when the session cookie’s token was revoked and no identity-provider session is left', async () => {
    Cookies.set(CSRF_COOKIE, 'csrf-value', { path: '/' });
    const { calls } = fakeFetch(({ path }) => (path === '/knowledge/api/details' ? { body: testInstance() } : { status: 401 }));
    expect(await startSession()).toMatchObject({ status: 'anonymous' });
    expect(calls.map((call) => call.path)).toEqual(['/knowledge/api/details', '/usermgr/v1/users/self/', '/usermgr/v1/token/']);
    expect(handleError).not.toHaveBeenCalled();
  });

  it("is 'undefined' when the instance details cannot be loaded", async () => {
    fakeFetch(() => ({ status: 502 }));
    expect(await startSession()).toMatchObject({ status: 'undefined', instance: null });
    expect(handleError).toHaveBeenCalledOnce();
  });
});
