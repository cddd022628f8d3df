import { CSRF_COOKIE, CSRF_HEADER, TOKEN_COOKIE } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSED } from '../src/platform/auth/browser-session.js';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app.js';

interface Cookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
}

/**
 * The browser's session (docs/security.md "Tokens"): sign-in sets the token in an HttpOnly cookie
 * and a readable csrftoken; the cookie authenticates the portal's own pages, and a change made
 * with it needs X-CSRFToken equal to the csrftoken cookie. Bearer calls are as before.
 */
describe('browser session cookies and CSRF', () => {
  let app: TestApp;

  beforeAll(async () => {
    // X-Forwarded-Proto of inject's own address (127.0.0.1) is believed, as behind a TLS proxy
    app = await createTestApp({ trustedProxies: ['127.0.0.1'] });
    await app.userWithHeader('bella');
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = async (headers: Record<string, string> = {}) => {
    const response = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', headers, payload: { username: 'bella', password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookies = response.cookies as Cookie[];
    const token = cookies.find((cookie) => cookie.name === TOKEN_COOKIE)!;
    const csrf = cookies.find((cookie) => cookie.name === CSRF_COOKIE)!;
    return { token, csrf, answered: response.json<{ token: string }>().token };
  };
  const cookieHeader = (token: string, csrf?: string) => `${TOKEN_COOKIE}=${token}${csrf ? `; ${CSRF_COOKIE}=${csrf}` : ''}`;
  // a write every signed-in user may make: new datastore credentials (confirmed with the account's password)
  const write = (headers: Record<string, string>) =>
    app.server.inject({ method: 'POST', url: '/usermgr/v1/datastore_credentials/', headers, payload: { password: PASSWORD } });
  const self = (headers: Record<string, string>) => app.server.inject({ url: '/usermgr/v1/users/self/', headers });

  it('sets the token HttpOnly, SameSite=Lax on the whole host, and a readable csrftoken; Secure behind https', async () => {
    const { token, csrf, answered } = await signIn();
    expect(token).toMatchObject({ value: answered, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 });
    expect(token.secure).toBeFalsy();
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toMatch(/^[\w-]{43}$/);

    const proxied = await signIn({ 'x-forwarded-proto': 'https' });
    expect(proxied.token).toMatchObject({ httpOnly: true, secure: true });
    expect(proxied.csrf).toMatchObject({ secure: true });
  });

  it('authenticates reads by the cookie, not from another origin', async () => {
    const { token } = await signIn();
    expect((await self({ cookie: cookieHeader(token.value) })).json()).toMatchObject({ username: 'bella' });
    expect((await self({ cookie: cookieHeader(token.value), origin: 'http://evil.example' })).statusCode).toBe(401);
  });

  it('refuses a change by cookie without the CSRF header, with a wrong one, or with a planted pair; accepts the right one', async () => {
    const { token, csrf } = await signIn();
    const withoutHeader = await write({ cookie: cookieHeader(token.value, csrf.value) });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json()).toMatchObject({ detail: CSRF_REFUSED });
    expect((await write({ cookie: cookieHeader(token.value, csrf.value), [CSRF_HEADER]: 'guess' })).statusCode).toBe(403);
    // a csrftoken cookie set by a neighbouring site, and the header to match it: not this token's
    expect((await write({ cookie: cookieHeader(token.value, 'planted'), [CSRF_HEADER]: 'planted' })).statusCode).toBe(403);
    // another session's pair does not fit this token either
    const other = await signIn();
    expect((await write({ cookie: cookieHeader(token.value, other.csrf.value), [CSRF_HEADER]: other.csrf.value })).statusCode).toBe(403);

    const accepted = await write({ cookie: cookieHeader(token.value, csrf.value), [CSRF_HEADER]: csrf.value });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('takes a public write made by a cookie without CSRF header as anonymous: a browser can always sign in again', async () => {
    const { token } = await signIn();
    const again = await app.server.inject({
      method: 'POST',
      url: '/usermgr/v1/token/',
      headers: { cookie: cookieHeader(token.value) },
      payload: { username: 'bella', password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('leaves bearer calls as they were: no CSRF header needed, a cookie beside them changes nothing', async () => {
    const { token, answered } = await signIn();
    expect((await write({ authorization: `Bearer ${answered}` })).statusCode).toBe(200);
    expect((await write({ authorization: `Bearer ${answered}`, cookie: cookieHeader(token.value) })).statusCode).toBe(200);
  });

  it('renews the cookies at a password change made by cookie, and clears them at logout, revoking the token', async () => {
    const { token, csrf } = await signIn();
    const changed = await app.server.inject({
      method: 'PATCH',
      url: '/usermgr/v1/change_password/',
      headers: { cookie: cookieHeader(token.value, csrf.value), [CSRF_HEADER]: csrf.value },
      payload: { current_password: PASSWORD, new_password: 'A-new-password-2', confirm_new_password: 'A-new-password-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.cookies as Cookie[];
    const newToken = renewed.find((cookie) => cookie.name === TOKEN_COOKIE)!;
    const newCsrf = renewed.find((cookie) => cookie.name === CSRF_COOKIE)!;
    expect(newToken).toMatchObject({ value: changed.json<{ token: string }>().token, httpOnly: true });
    expect((await self({ cookie: cookieHeader(token.value) })).statusCode).toBe(401);
    expect((await self({ cookie: cookieHeader(newToken.value) })).statusCode).toBe(200);

    const logout = await app.server.inject({
      method: 'POST',
      url: '/usermgr/v1/logout/',
      headers: { cookie: cookieHeader(newToken.value, newCsrf.value), [CSRF_HEADER]: newCsrf.value },
    });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies as Cookie[];
    expect(cleared.map((cookie) => [cookie.name, cookie.value])).toEqual(
      expect.arrayContaining([
        [TOKEN_COOKIE, ''],
        [CSRF_COOKIE, ''],
      ]),
    );
    // a copy of the cookie kept elsewhere no longer works, neither as cookie nor as bearer
    expect((await self({ cookie: cookieHeader(newToken.value) })).statusCode).toBe(401);
    expect((await self({ authorization: `Bearer ${newToken.value}` })).statusCode).toBe(401);
  });
});
