import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@asb/contracts';
import { fakeFetch } from '../../test/fake-fetch';
import { testInstance } from '../../test/fake-auth';
import { startSession } from './start-session';

const { handleError } = vi.hoisted(() => ({ handleError: vi.fn() }));
vi.mock('../api/error-handler', () => ({ handleError }));

const alice = { username: 'alice', groups: {} };

describe('startSession', () => {
  beforeEach(() => Cookies.remove(TOKEN_COOKIE, { path: '/' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    handleError.mockReset();
  });

  it('loads the user of the token cookie, then checks the datastore', async () => {
    Cookies.set(TOKEN_COOKIE, 'stored-token', { path: '/' });
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

  it('without a cookie, takes the automatic token of an identity-provider session and stores it', async () => {
    fakeFetch(({ path, method }) => {
      if (path === '/knowledge/api/details') return { body: testInstance() };
      if (path === '/usermgr/v1/token/' && method === 'GET') return { body: { token: 'automatic-token' } };
      if (path === '/usermgr/v1/users/self/') return { body: alice };
      return { status: 500 };
    });
    const session = await startSession();
    expect(Cookies.get(TOKEN_COOKIE)).toBe('automatic-token');
    // a failing datastore check counts as changed
    expect(session).toMatchObject({ status: 'authenticated', datastoreChanged: true });
  });

  it('is anonymous when there is neither a cookie nor an identity-provider session', async () => {
    fakeFetch(({ path }) => (path === '/knowledge/api/details' ? { body: testInstance() } : { status: 401, body: { detail: 'Not authenticated.' } }));
    expect(await startSession()).toMatchObject({ status: 'anonymous', user: null });
    expect(handleError).not.toHaveBeenCalled();
  });

  it('forgets a revoked token cookie', async () => {
    Cookies.set(TOKEN_COOKIE, 'revoked-token', { path: '/' });
    fakeFetch(({ path }) => (path === '/knowledge/api/details' ? { body: testInstance() } : { status: 401 }));
    expect(await startSession()).toMatchObject({ status: 'anonymous' });
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it("is 'undefined' when the instance details cannot be loaded", async () => {
    fakeFetch(() => ({ status: 502 }));
    expect(await startSession()).toMatchObject({ status: 'undefined', instance: null });
    expect(handleError).toHaveBeenCalledOnce();
  });
});
