#!/usr/bin/env node
/**
 * A real OpenID Connect provider (oidc-provider v9) for the tests, on loopback.
 * Any login and password signs in; the subject is 'oidc-' + login, so the portal
 * must find users by subject, not by name. Plain node, no build step.
 *
 *   OIDC_PORT (default 8182; 0 picks a free port; ipc: the parent sends a listening socket over IPC)
 *   ASB_URL (default http://127.0.0.1:8181)
 *
 * Prints "oidc-provider listening on {issuer}" once it accepts requests.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

const CLIENT = { id: 'asb-portal', secret: 'asb-portal-secret' };

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]);

function page(title, body) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - Test Identity Provider</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function loginPage(uid, params) {
  return page(
    'Sign-in',
    `<p>Any username and password sign in to ${escapeHtml(params.client_id)}.</p>
<form method="post" action="/interaction/${uid}" autocomplete="off">
  <input type="hidden" name="prompt" value="login">
  <p><label>Username <input name="login" required autofocus value="${escapeHtml(params.login_hint ?? '')}"></label></p>
  <p><label>Password <input name="password" type="password" required></label></p>
  <p><button type="submit">Sign in</button></p>
</form>
<p><a href="/interaction/${uid}/abort">Cancel</a></p>`,
  );
}

function consentPage(uid, params, details) {
  const scopes = (details.missingOIDCScope ?? []).map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  return page(
    'Authorize',
    `<p>${escapeHtml(params.client_id)} asks for:</p><ul>${scopes}</ul>
<form method="post" action="/interaction/${uid}">
  <input type="hidden" name="prompt" value="consent">
  <button type="submit" autofocus>Continue</button>
</form>
<p><a href="/interaction/${uid}/abort">Cancel</a></p>`,
  );
}

/** Claims of any login: what a directory would hold for that person. */
function account(accountId) {
  const login = accountId.replace(/^oidc-/, '');
  const given = login.split(/[.@_-]/)[0] ?? login;
  return {
    accountId,
    claims: () => ({
      sub: accountId,
      preferred_username: login,
      email: `${login}@example.org`,
      email_verified: true,
      given_name: given.charAt(0).toUpperCase() + given.slice(1),
      family_name: 'Tester',
    }),
  };
}

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A consent grant for everything the client asked for. */
async function grantConsent(provider, { grantId, session, params, prompt }) {
  const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/**
 * Login and consent pages. The built-in development pages use the typed login as
 * the account id; ours prefix it, so that the subject differs from the username.
 */
function interactions(provider) {
  return async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid, abort] = match;
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const finish = async (result, mergeWithLastSubmission) => {
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission });
      ctx.status = 303;
      ctx.set('Location', returnTo);
      ctx.body = '';
    };
    if (abort) return finish({ error: 'access_denied', error_description: 'End-User aborted interaction' }, false);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = details.prompt.name === 'login' ? loginPage(uid, details.params) : consentPage(uid, details.params, details.prompt.details);
      return undefined;
    }
    const form = await readForm(ctx.req);
    if (form.get('prompt') === 'login' && details.prompt.name === 'login') {
      return finish({ login: { accountId: `oidc-${form.get('login')?.trim()}` } }, false);
    }
    if (form.get('prompt') === 'consent' && details.prompt.name === 'consent') {
      return finish({ consent: { grantId: await grantConsent(provider, details) } }, true);
    }
    return ctx.throw(400, 'unexpected interaction');
  };
}

/**
 * `listening`: a socket already listening on the issuer's port, handed over by whoever reserved
 * that port (the API tests name the issuer to the portal before the provider starts).
 */
export async function startOidcProvider({ port = 8182, host = '127.0.0.1', asbUrl = 'http://127.0.0.1:8181', listening } = {}) {
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    if (listening) server.listen(listening, resolve);
    else server.listen(port, host, resolve);
  });
  const issuer = `http://${host}:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${asbUrl}/usermgr/oidc/callback`],
        post_logout_redirect_uris: [`${asbUrl}/asb/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx, accountId) => account(accountId),
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['asb-test-provider-cookie-key'] },
  });
  provider.use(interactions(provider));
  server.on('request', provider.callback());
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  return { issuer, close };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // OIDC_PORT=ipc (apps/server/test/helpers/oidc-provider.ts): the parent sends the listening
  // socket it held since before the portal started, so no other process can take the issuer's port meanwhile
  const handedOver = process.env.OIDC_PORT === 'ipc';
  const listening = handedOver ? await new Promise((resolve) => process.once('message', (_message, handle) => resolve(handle))) : undefined;
  if (handedOver) process.disconnect();
  const { issuer, close } = await startOidcProvider({
    port: handedOver ? undefined : Number(process.env.OIDC_PORT ?? 8182),
    asbUrl: process.env.ASB_URL ?? 'http://127.0.0.1:8181',
    listening,
  });
  console.log(`oidc-provider listening on ${issuer}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void close().then(() => process.exit(0)));
}
