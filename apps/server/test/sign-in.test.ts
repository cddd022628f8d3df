import { eq } from 'drizzle-orm';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottle } from '../src/db-schema.js';
import { SESSION_COOKIE } from '../src/modules/usermgr/session.js';
import { SIGN_IN_FAILED, SignInService } from '../src/modules/usermgr/sign-in.service.js';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app.js';

/** usermgr sign-in and account: token/, change_password/, check_datastore/, datastore_credentials/. */
describe('usermgr sign-in and account', () => {
  let app: TestApp;
  let tina: Record<string, string>;
  beforeAll(async () => {
    // X-Forwarded-For of inject's own address (127.0.0.1) names the client, as behind a proxy
    app = await createTestApp({ trustedProxies: ['127.0.0.1'] });
    tina = await app.userWithHeader('tina');
  });
  afterAll(async () => {
    await app.close();
  });

  const postToken = (username: string, password: string) => app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username, password } });
  const self = (headers: Record<string, string>) => app.server.inject({ url: '/usermgr/v1/users/self/', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('POST token/', () => {
    it('answers a token that identifies the user on other calls', async () => {
      const response = await postToken('tina', PASSWORD);
      expect(response.statusCode).toBe(200);
      const me = await self(bearer(response.json<{ token: string }>().token));
      expect(me.json()).toMatchObject({ username: 'tina', is_staff: false });
      expect(me.json<{ last_login: string | null }>().last_login).not.toBeNull();
    });

    it('ends the token at logout, and only that one', async () => {
      const first = (await postToken('tina', PASSWORD)).json<{ token: string }>().token;
      const second = (await postToken('tina', PASSWORD)).json<{ token: string }>().token;
      const logout = await app.server.inject({ method: 'POST', url: '/usermgr/v1/logout/', headers: bearer(first) });
      expect(logout.statusCode).toBe(204);
      expect((await self(bearer(first))).statusCode).toBe(401);
      expect((await self(bearer(second))).statusCode).toBe(200);
      // a second logout with the ended token is refused like any call without a user
      expect((await app.server.inject({ method: 'POST', url: '/usermgr/v1/logout/', headers: bearer(first) })).statusCode).toBe(401);
    });

    it('checks at most the free attempts of 40 parallel guesses: the right one, last, waits', async () => {
      await app.userWithHeader('pia');
      const guesses = Array.from({ length: 40 }, (_, index) => (index === 39 ? PASSWORD : `guess-${index}`));
      const answers = await Promise.all(guesses.map((guess) => postToken('pia', guess)));
      // each attempt was counted before its password was checked: five were checked, the rest wait
      expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(35);
      expect(answers[39]!.statusCode).toBe(429);
    });

    it('throttles the guessing client, not the account: its owner signs in from elsewhere', async () => {
      await app.userWithHeader('alma');
      const from = (remoteAddress: string, password: string) =>
        app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', remoteAddress, payload: { username: 'alma', password } });
      for (let attempt = 1; attempt <= 6; attempt++) expect([400, 429]).toContain((await from('203.0.113.9', `wrong-${attempt}`)).statusCode);
      expect((await from('203.0.113.9', PASSWORD)).statusCode).toBe(429);
      expect((await from('198.51.100.7', PASSWORD)).statusCode).toBe(200);
      // an unknown name is throttled the same way: no telling which accounts exist
      for (let attempt = 1; attempt <= 5; attempt++) expect((await postToken('no-such-user', `x-${attempt}`)).statusCode).toBe(400);
      expect((await postToken('no-such-user', 'x-6')).statusCode).toBe(429);
    });

    it('checks at most 20 of 200 guesses from 40 addresses, while the owner signs in from their usual address', async () => {
      await app.userWithHeader('orla');
      const from = (address: string, password: string) =>
        app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', headers: { 'x-forwarded-for': address }, payload: { username: 'orla', password } });
      expect((await from('192.0.2.10', PASSWORD)).statusCode).toBe(200);
      const burst = new Date();
      const guesses = Array.from({ length: 200 }, (_, index) => from(`10.0.${index % 40}.1`, `guess-${index}`));
      const answers = (await Promise.all(guesses)).map((answer) => answer.statusCode);
      // 5 per address would be 200 checks: the account's own budget stops them at 20
      expect(answers.filter((status) => status === 400)).toHaveLength(20);
      expect(answers.filter((status) => status === 429)).toHaveLength(180);
      // a new address waits for the account, even with the right password (asked as of the burst's start: the
      // account's wait runs from its 20th check, however long the machine took); the owner's usual one does not
      await expect(new SignInService(app.ctx).signIn('orla', PASSWORD, '10.1.0.1', burst)).rejects.toMatchObject({ statusCode: 429 });
      expect((await from('192.0.2.10', PASSWORD)).statusCode).toBe(200);
    });

    it('still accepts a password hashed with older parameters, and rehashes it with the current ones at that sign-in', async () => {
      // argon2's defaults (64 MiB, 3 passes, 4 lanes), as hashes were made before the parameters were chosen
      const oldHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
      await app.ctx.users.insert({ username: 'olga', passwordHash: oldHash });
      const storedHash = async () => (await app.ctx.users.findByUsername('olga'))!.passwordHash!;

      expect((await postToken('olga', 'wrong-password')).statusCode).toBe(400);
      expect(await storedHash()).toBe(oldHash);

      const response = await postToken('olga', PASSWORD);
      expect(response.statusCode).toBe(200);
      const rehashed = await storedHash();
      expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      // the token answered belongs to the new hash; the password goes on working
      expect((await self(bearer(response.json<{ token: string }>().token))).statusCode).toBe(200);
      expect((await postToken('olga', PASSWORD)).statusCode).toBe(200);
      expect(await storedHash()).toBe(rehashed);
    });

    it('answers working tokens to parallel sign-ins that both find an old hash', async () => {
      const oldHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
      await app.ctx.users.insert({ username: 'otto', passwordHash: oldHash });
      const answers = await Promise.all([postToken('otto', PASSWORD), postToken('otto', PASSWORD), postToken('otto', PASSWORD)]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        // only one rehash is stored: every token belongs to it
        expect((await self(bearer(answer.json<{ token: string }>().token))).statusCode).toBe(200);
      }
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      for (const response of [await postToken('tina', 'wrong-password'), await postToken('nobody', PASSWORD)]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ non_field_errors: [SIGN_IN_FAILED] });
      }
    });

    it('points at the missing field', async () => {
      const response = await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'tina' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ password: ['Password is required.'], detail: 'Password is required.' });
    });

    it('sends the local sign-in redirect (spec 1 §7 /usermgr/cas/login) to the login page, keeping a local next only', async () => {
      const login = (query: string) => app.server.inject({ url: `/usermgr/cas/login${query}` });
      expect((await login('?next=/asb/workflows')).headers.location).toBe('/asb/cas/login?next=%2Fasb%2Fworkflows');
      expect((await login('')).headers.location).toBe('/asb/cas/login');
      const foreign = await login('?next=//evil.example/');
      expect(foreign.statusCode).toBe(302);
      expect(foreign.headers.location).toBe('/asb/cas/login');
    });

    it('refuses an inactive account, and its earlier tokens stop working', async () => {
      const header = await app.userWithHeader('ivan');
      expect((await self(header)).statusCode).toBe(200);
      await app.server.inject({ method: 'PUT', url: '/usermgr/v1/users/ivan/', headers: app.adminHeader, payload: { is_active: false } });
      expect((await self(header)).statusCode).toBe(401);
      const response = await postToken('ivan', PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ non_field_errors: [SIGN_IN_FAILED] });
    });

    it('does not make a sign-in wait for an attempt of the same client whose clock read later (parallel requests)', async () => {
      await app.userWithHeader('ivo');
      const service = new SignInService(app.ctx);
      const now = Date.now();
      // a wrong password read the clock 5 ms later but reached the database first: no lock is due yet
      await expect(service.signIn('ivo', 'wrong', '198.51.100.7', new Date(now + 5))).rejects.toMatchObject({ statusCode: 400 });
      await expect(service.signIn('ivo', PASSWORD, '198.51.100.7', new Date(now))).resolves.toEqual(expect.any(String));
    });

    it('makes a client wait after 5 wrong passwords, even for the right one', async () => {
      await app.userWithHeader('tom');
      for (let attempt = 1; attempt <= 5; attempt++) expect((await postToken('tom', `wrong-${attempt}`)).statusCode).toBe(400);
      const locked = await postToken('tom', PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json<{ detail: string }>().detail).toMatch(/^Too many failed sign-in attempts\. Try again in (29|30) seconds\.$/);
    });

    it('makes it wait twice as long after one more failure once the wait ran out, and resets on success', async () => {
      const expire = () =>
        app.ctx.db
          .update(signInThrottle)
          .set({ nextAllowedAt: new Date(Date.now() - 1000) })
          .where(eq(signInThrottle.account, 'tom'));
      await expire();
      expect((await postToken('tom', 'wrong-6')).statusCode).toBe(400);
      expect((await postToken('tom', PASSWORD)).json<{ detail: string }>().detail).toMatch(/Try again in (59|60) seconds/);

      await expire();
      expect((await postToken('tom', PASSWORD)).statusCode).toBe(200);
      // The count starts again from zero: one wrong password is only a wrong password.
      expect((await postToken('tom', 'wrong-again')).statusCode).toBe(400);
      expect((await postToken('tom', PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('GET token/ (the automatic token of an identity-provider session)', () => {
    const getToken = (cookie?: string) => app.server.inject({ url: '/usermgr/v1/token/', headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });

    it('answers 401 without a session', async () => {
      expect((await getToken()).statusCode).toBe(401);
    });

    it('answers a working token for a valid session', async () => {
      await app.userWithHeader('sam');
      const response = await getToken(await app.ctx.tokens.sign('sam', 'session'));
      expect(response.statusCode).toBe(200);
      expect((await self(bearer(response.json<{ token: string }>().token))).json()).toMatchObject({ username: 'sam' });
    });

    it('refuses a forged session, a bearer token used as a session and the session of an inactive user', async () => {
      expect((await getToken('not-a-token')).statusCode).toBe(401);
      expect((await getToken(await app.ctx.tokens.sign('sam', 'access'))).statusCode).toBe(401);
      expect((await getToken(await app.ctx.tokens.sign('ivan', 'session'))).statusCode).toBe(401);
    });

    it('does not take a session cookie as API authentication', async () => {
      const session = await app.ctx.tokens.sign('sam', 'session');
      const response = await app.server.inject({ url: '/usermgr/v1/users/self/', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PATCH change_password/', () => {
    const change = (headers: Record<string, string>, payload: Record<string, string>) =>
      app.server.inject({ method: 'PATCH', url: '/usermgr/v1/change_password/', headers, payload });

    it('answers 401 when signed out', async () => {
      const response = await change({}, { current_password: PASSWORD, new_password: 'new-password-1', confirm_new_password: 'new-password-1' });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['current_password', { current_password: 'not-it', new_password: 'new-password-1', confirm_new_password: 'new-password-1' }],
      ['new_password', { current_password: PASSWORD, new_password: 'short', confirm_new_password: 'short' }],
      ['confirm_new_password', { current_password: PASSWORD, new_password: 'new-password-1', confirm_new_password: 'new-password-2' }],
      ['non_field_errors', { current_password: PASSWORD, new_password: PASSWORD, confirm_new_password: PASSWORD }],
    ])('answers 400 with an error on %s', async (field, payload) => {
      const response = await change(tina, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual([field, 'detail'].sort());
    });

    it('reports every wrong field at once', async () => {
      const response = await change(tina, { current_password: 'not-it', new_password: 'short', confirm_new_password: 'other' });
      expect(Object.keys(response.json()).sort()).toEqual(['confirm_new_password', 'current_password', 'detail', 'new_password']);
    });

    it('changes the password, answers a new token and revokes the old one', async () => {
      const old = await app.userWithHeader('paula');
      const response = await change(old, { current_password: PASSWORD, new_password: 'brand-new-password', confirm_new_password: 'brand-new-password' });
      expect(response.statusCode).toBe(200);
      const { token, detail } = response.json<{ token: string; detail: string }>();
      expect(detail).toBe('Password updated successfully');
      expect((await self(bearer(token))).statusCode).toBe(200);
      expect((await self(old)).statusCode).toBe(401);
      expect((await postToken('paula', PASSWORD)).statusCode).toBe(400);
      expect((await postToken('paula', 'brand-new-password')).statusCode).toBe(200);
    });
  });

  describe('datastore credentials', () => {
    it('reports unchanged credentials until new ones are made, then shows the secret once', async () => {
      const header = await app.userWithHeader('dana');
      const before = await app.server.inject({ url: '/usermgr/v1/check_datastore/', headers: header });
      expect(before.json()).toEqual({ data: { changed: false } });

      const wrong = await app.server.inject({ method: 'POST', url: '/usermgr/v1/datastore_credentials/', headers: header, payload: { password: 'nope' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toHaveProperty('password');

      const created = await app.server.inject({ method: 'POST', url: '/usermgr/v1/datastore_credentials/', headers: header, payload: { password: PASSWORD } });
      expect(created.statusCode).toBe(200);
      expect(created.json<{ datastore_secret: string }>().datastore_secret).toMatch(/^[\w-]{20,}$/);

      const after = await app.server.inject({ url: '/usermgr/v1/check_datastore/', headers: header });
      expect(after.json()).toEqual({ data: { changed: true } });
    });

    it('answers 401 when signed out', async () => {
      expect((await app.server.inject({ url: '/usermgr/v1/check_datastore/' })).statusCode).toBe(401);
      const post = await app.server.inject({ method: 'POST', url: '/usermgr/v1/datastore_credentials/', payload: { password: 'x' } });
      expect(post.statusCode).toBe(401);
    });
  });
});
