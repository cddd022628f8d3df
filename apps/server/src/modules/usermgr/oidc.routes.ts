import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, TOKEN_LIFETIME_SECONDS, usermgrOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { OidcAccounts } from './oidc.accounts.js';
import { OidcClient, oidcErrorCode, type OidcErrorCode } from './oidc.client.js';
import { clearStateCookie, readStateCookie, safeNext, setStateCookie } from './oidc.state.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session.js';
import { clearBrowserSession, setBrowserSession } from '../../platform/auth/browser-session.js';
import { PUBLIC } from '../../platform/http/access.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { SignInService } from './sign-in.service.js';
import { mount } from '../../platform/http/operations.js';

const CALLBACK_PATH = '/usermgr/oidc/callback';
// the identity provider's redirects: no user yet, by design
const options = { access: PUBLIC, tags: ['usermgr'] };

/** A failed sign-in goes back to the login page with a short reason, where local sign-in is still offered. */
function toLoginPage(reply: FastifyReply, error: OidcErrorCode, next?: string): FastifyReply {
  const query = new URLSearchParams({ error });
  if (next && next !== APP_BASE_PATH) query.set('next', next);
  return reply.redirect(`${APP_BASE_PATH}login?${query.toString()}`);
}

function callbackUrl(base: string, request: FastifyRequest): URL {
  const url = new URL(`${base}${CALLBACK_PATH}`);
  url.search = new URL(request.url, 'http://localhost').search;
  return url;
}

/**
 * Sign-in through an external OpenID Connect provider (spec 1 §7 login redirects):
 * authorization code flow with PKCE, state and nonce. The callback leaves the browser signed in
 * (the token and csrftoken cookies) with the provider's session cookie beside them, which
 * GET /usermgr/v1/token/ still exchanges for a token (a browser without the token cookie).
 * Without ASB_OIDC_* configuration these routes do not exist (404).
 */
export function registerOidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.oidc) return;
  if (ctx.config.oidc.issuer.startsWith('http:') && !ctx.config.oidc.allowInsecure) {
    ctx.log.error('ASB_OIDC_ISSUER is not https: sign-in through it fails unless ASB_OIDC_ALLOW_INSECURE=true');
  }
  const oidc = new OidcClient(ctx.config.oidc);
  const accounts = new OidcAccounts(ctx.users);
  const signIns = new SignInService(ctx);

  mount(app, operations, 'GET /usermgr/oidc/authenticate', options, async (request, reply) => {
    const next = safeNext(request.query.next);
    const base = publicBaseUrl(ctx.config, request);
    try {
      const { url, checks } = await oidc.authorizationUrl(`${base}${CALLBACK_PATH}`);
      await setStateCookie(reply, ctx.tokens, { ...checks, next }, base.startsWith('https:'));
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC sign-in: identity provider discovery failed');
      return toLoginPage(reply, oidcErrorCode(error), next);
    }
  });

  mount(app, operations, `GET ${CALLBACK_PATH}`, options, async (request, reply) => {
    const state = await readStateCookie(request, ctx.tokens);
    clearStateCookie(reply);
    const { query } = request;
    if (query.error !== undefined) {
      request.log.warn({ error: query.error, description: query.error_description }, 'OIDC sign-in: the provider answered an error');
      return toLoginPage(reply, query.error === 'access_denied' ? 'denied' : 'provider', state?.next);
    }
    if (!state || query.state !== state.state) {
      request.log.warn('OIDC sign-in: missing, expired or mismatched state');
      return toLoginPage(reply, 'state');
    }
    const base = publicBaseUrl(ctx.config, request);
    try {
      const identity = await oidc.identity(callbackUrl(base, request), state);
      const result = await accounts.signIn(identity);
      if (result.status === 'inactive') {
        request.log.warn({ username: result.user.username }, 'OIDC sign-in refused: inactive account');
        return toLoginPage(reply, 'inactive', state.next);
      }
      // The ID token rides along as the logout hint, so the provider can end its session without asking twice.
      const session = await ctx.tokens.sign(result.user.username, 'session', TOKEN_LIFETIME_SECONDS, identity.idToken ? { idt: identity.idToken } : {});
      setSessionCookie(reply, session, base.startsWith('https:'));
      // the browser is signed in on arrival: the same HttpOnly token and csrftoken cookies as a local sign-in
      await setBrowserSession(ctx, request, reply, await signIns.issueToken(result.user));
      return reply.redirect(state.next);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC sign-in failed after the provider answered');
      return toLoginPage(reply, oidcErrorCode(error), state.next);
    }
  });

  mount(app, operations, 'GET /usermgr/oidc/logout', options, async (request, reply) => {
    const cookie = request.cookies[SESSION_COOKIE];
    clearSessionCookie(reply);
    clearBrowserSession(reply);
    // A local account (no provider session cookie) has nothing to end at the provider.
    if (!cookie) return reply.redirect(APP_BASE_PATH);
    const session = await ctx.tokens.verify(cookie, 'session');
    const idToken = typeof session?.idt === 'string' ? session.idt : undefined;
    try {
      const url = await oidc.endSessionUrl(`${publicBaseUrl(ctx.config, request)}${APP_BASE_PATH}`, idToken);
      if (url) return reply.redirect(url.href);
    } catch (error) {
      // The portal session is over either way; the provider's own session outlives an outage.
      request.log.warn({ err: error }, 'OIDC logout: identity provider unreachable');
    }
    return reply.redirect(APP_BASE_PATH);
  });
}
