import type { AddressInfo, Server } from 'node:net';
import { CSRF_COOKIE, TOKEN_COOKIE } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { Browser, type Page } from './helpers/browser.js';
import { holdIssuerPort, startOidcProvider, type RunningProvider } from './helpers/oidc-provider.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SESSION = 'asb_session';
const STATE = 'asb_oidc_state';

/**
 * Sign-in through a real OpenID Connect provider (e2e/support/oidc-provider.mjs),
 * driven over HTTP the way a browser follows the redirects and fills the forms.
 */
describe('OpenID Connect sign-in', () => {
  let app: TestApp;
  let asb: string;
  let issuerPort: Server;

  const isAtPortal = (url: URL) => url.origin === asb && !url.pathname.startsWith('/usermgr/oidc/');

  /** Goes through the provider like a user: signs in as `login` and consents when asked. */
  async function signIn(browser: Browser, login: string, next = '/asb/processes'): Promise<URL> {
    let page = await browser.navigate(`${asb}/usermgr/oidc/authenticate?next=${encodeURIComponent(next)}`, isAtPortal);
    for (let step = 0; step < 4 && !isAtPortal(page.url); step++) {
      if (page.body.includes('value="login"')) page = await browser.submitForm(page, { login, password: 'anything' }, isAtPortal);
      else if (page.body.includes('value="consent"')) page = await browser.submitForm(page, {}, isAtPortal);
      else throw new Error(`unexpected page ${page.url.href} (${page.response.status}): ${page.body}`);
    }
    return page.url;
  }

  async function bearerOf(browser: Browser): Promise<{ authorization: string }> {
    const response = await browser.fetch(`${asb}/usermgr/v1/token/`);
    expect(response.status).toBe(200);
    return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  }

  async function self(browser: Browser) {
    const response = await app.server.inject({ url: '/usermgr/v1/users/self/', headers: await bearerOf(browser) });
    expect(response.statusCode).toBe(200);
    return response.json<{ username: string; email: string; full_name: string; date_joined: string; last_login: string | null }>();
  }

  // 180 s: a limit for a portal's start stuck on a busy machine, not a timing
  beforeAll(async () => {
    issuerPort = await holdIssuerPort();
    app = await createTestApp({
      oidc: {
        issuer: `http://127.0.0.1:${(issuerPort.address() as AddressInfo).port}`,
        clientId: 'asb-portal',
        clientSecret: 'asb-portal-secret',
        providerName: 'Test Identity Provider',
        scopes: 'openid profile email',
        allowInsecure: true,
      },
      // the reverse proxy of the forwarded-host case below (ASB_TRUSTED_PROXIES)
      trustedProxies: ['127.0.0.1'],
    });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    asb = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    // still held when the provider never started
    if (issuerPort?.listening) issuerPort.close();
    await app?.close();
  });

  it('sends the browser back to the login page while the provider cannot be reached', async () => {
    const browser = new Browser();
    const response = await browser.fetch(`${asb}/usermgr/oidc/authenticate?next=/asb/processes`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/asb/login?error=unavailable&next=%2Fasb%2Fprocesses');
    expect(browser.cookie(STATE)).toBeUndefined();
  });

  describe('with the provider running', () => {
    let provider: RunningProvider;
    beforeAll(async () => {
      // Started only now: discovery failed above and must be retried, not cached. It takes over the port held since
      // before the portal started, which no other process can have taken meanwhile. 180 s: a limit for a node process
      // loading oidc-provider stuck on a busy machine, not a timing.
      provider = await startOidcProvider(issuerPort, asb);
    }, 180_000);
    afterAll(async () => {
      await provider?.stop();
    });

    it('signs a new user in and lands on the wanted page with a session', async () => {
      const browser = new Browser();
      const landed = await signIn(browser, 'alice.oidc', '/asb/processes?page=2');
      expect(landed.href).toBe(`${asb}/asb/processes?page=2`);

      const session = browser.cookie(SESSION);
      expect(session?.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/usermgr/', 'samesite=lax']));
      expect(session?.attributes).not.toContain('secure');
      expect(browser.cookie(STATE)).toBeUndefined();
      // signed in on arrival: the HttpOnly token cookie of a local sign-in, and its readable csrftoken
      expect(browser.cookie(TOKEN_COOKIE)?.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/', 'samesite=lax']));
      expect(browser.cookie(CSRF_COOKIE)?.attributes).not.toContain('httponly');
      const byCookie = await browser.fetch(`${asb}/usermgr/v1/users/self/`);
      expect(((await byCookie.json()) as { username: string }).username).toBe('alice.oidc');

      const user = await self(browser);
      expect(user).toMatchObject({ username: 'alice.oidc', email: 'alice.oidc@example.org', full_name: 'Alice Tester' });
      expect(user.last_login).not.toBeNull();
    });

    it('finds the same user again by subject on a later sign-in from another browser', async () => {
      const first = await self(await signInAs('dave'));
      const second = await self(await signInAs('dave'));
      expect(second.username).toBe('dave');
      expect(second.date_joined).toBe(first.date_joined);
      expect(Date.parse(second.last_login!)).toBeGreaterThanOrEqual(Date.parse(first.last_login!));
      const list = await app.server.inject({ url: '/usermgr/v1/users/?filter[search]=dave', headers: app.adminHeader });
      expect(list.json<{ meta: { pagination: { count: number } } }>().meta.pagination.count).toBe(1);
    });

    it('never hands a local account to a provider user of the same name', async () => {
      await app.ctx.users.insert({ username: 'bob', email: 'bob@local.test' });
      const user = await self(await signInAs('bob'));
      expect(user.username).toBe('bob-2');
      expect(user.email).toBe('bob@example.org');

      const local = await app.server.inject({ url: '/usermgr/v1/users/bob/', headers: app.adminHeader });
      expect(local.json()).toMatchObject({ email: 'bob@local.test', last_login: null });
    });

    it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example', 'asb/processes'])(
      'ignores the unsafe next %s and lands on /asb/',
      async (next) => {
        const landed = await signIn(new Browser(), 'erin', next);
        expect(landed.href).toBe(`${asb}/asb/`);
      },
    );

    it('refuses an inactive account without a session', async () => {
      await signInAs('carol');
      const deactivated = await app.server.inject({ method: 'PUT', url: '/usermgr/v1/users/carol/', headers: app.adminHeader, payload: { is_active: false } });
      expect(deactivated.statusCode).toBe(200);

      const browser = new Browser();
      const landed = await signIn(browser, 'carol');
      expect(landed.pathname + landed.search).toBe('/asb/login?error=inactive&next=%2Fasb%2Fprocesses');
      expect(browser.cookie(SESSION)).toBeUndefined();
      expect(browser.cookie(TOKEN_COOKIE)).toBeUndefined();
      expect(browser.cookie(CSRF_COOKIE)).toBeUndefined();
      expect((await browser.fetch(`${asb}/usermgr/v1/token/`)).status).toBe(401);
    });

    it('goes back to the login page when the user cancels at the provider', async () => {
      const browser = new Browser();
      const login: Page = await browser.navigate(`${asb}/usermgr/oidc/authenticate`, isAtPortal);
      const cancel = /href="([^"]*\/abort)"/.exec(login.body)?.[1];
      expect(cancel).toBeDefined();
      const landed = await browser.navigate(new URL(cancel!, login.url), isAtPortal);
      expect(landed.url.pathname + landed.url.search).toBe('/asb/login?error=denied');
      expect(browser.cookie(SESSION)).toBeUndefined();
    });

    it('refuses a callback whose state does not match the attempt, or comes without one', async () => {
      const browser = new Browser();
      await browser.fetch(`${asb}/usermgr/oidc/authenticate`);
      expect(browser.cookie(STATE)).toBeDefined();
      const forged = await browser.fetch(`${asb}/usermgr/oidc/callback?code=stolen&state=forged`);
      expect(forged.headers.get('location')).toBe('/asb/login?error=state');
      expect(browser.cookie(STATE)).toBeUndefined();

      const stranger = await new Browser().fetch(`${asb}/usermgr/oidc/callback?code=stolen&state=forged`);
      expect(stranger.headers.get('location')).toBe('/asb/login?error=state');
      expect(browser.cookie(SESSION)).toBeUndefined();
    });

    it('builds the redirect URI from the forwarded host of a trusted proxy and marks cookies Secure behind https', async () => {
      // from an address that is no configured proxy, the forwarded headers are ignored
      const direct = await app.server.inject({
        url: '/usermgr/oidc/authenticate',
        remoteAddress: '203.0.113.5',
        headers: { host: 'portal.internal:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(new URL(direct.headers.location as string).searchParams.get('redirect_uri')).toBe('http://portal.internal:8080/usermgr/oidc/callback');
      const response = await app.server.inject({
        url: '/usermgr/oidc/authenticate',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.example' },
      });
      const location = new URL(response.headers.location as string);
      expect(location.origin).toBe(provider.issuer);
      expect(location.searchParams.get('redirect_uri')).toBe('https://portal.example/usermgr/oidc/callback');
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(response.cookies.find((c) => c.name === STATE)?.secure).toBe(true);
    });

    it('logs out of the portal and of the provider, back to /asb/', async () => {
      const browser = new Browser();
      await signIn(browser, 'frank');
      const response = await browser.fetch(`${asb}/usermgr/oidc/logout`);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(`${provider.issuer}/session/end`);
      expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${asb}/asb/`);
      expect(browser.cookie(SESSION)).toBeUndefined();
      expect(browser.cookie(TOKEN_COOKIE)).toBeUndefined();
      expect(browser.cookie(CSRF_COOKIE)).toBeUndefined();
      expect((await browser.fetch(`${asb}/usermgr/v1/token/`)).status).toBe(401);

      const confirm = await browser.navigate(location);
      const back = await browser.submitForm(confirm, { logout: 'yes' }, isAtPortal, 'xsrf');
      expect(back.url.href).toBe(`${asb}/asb/`);
      // The provider forgot the user too: the next sign-in asks for credentials again.
      const again = await browser.navigate(`${asb}/usermgr/oidc/authenticate`, isAtPortal);
      expect(again.body).toContain('value="login"');
    });

    it('logs a local account out without a detour through the provider', async () => {
      const response = await new Browser().fetch(`${asb}/usermgr/oidc/logout`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/asb/');
    });

    async function signInAs(login: string): Promise<Browser> {
      const browser = new Browser();
      await signIn(browser, login);
      return browser;
    }
  });

  describe('when no provider is configured', () => {
    let plain: App;
    beforeAll(async () => {
      // A second server on the same database, built without ASB_OIDC_*.
      plain = await buildApp({ ...app.ctx.config, oidc: undefined }, { database: app.database, logger: false });
    });
    afterAll(async () => {
      await plain.close();
    });

    it.each(['/usermgr/oidc/authenticate', '/usermgr/oidc/callback?code=x&state=y', '/usermgr/oidc/logout'])('answers 404 at %s', async (url) => {
      const response = await plain.server.inject({ url });
      expect(response.statusCode).toBe(404);
    });
  });
});
