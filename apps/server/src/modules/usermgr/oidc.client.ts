import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';

/** What the authorization request leaves in the state cookie, to check the answer against. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** The identity the provider vouches for, from the ID token merged with the userinfo answer. */
export interface OidcIdentity {
  subject: string;
  claims: Record<string, unknown>;
  idToken: string | undefined;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The relying-party side of the authorization code flow (openid-client v6).
 * Discovery happens on first use and is cached; a failed discovery is not cached,
 * so a provider that was down when the portal started is picked up on the next sign-in.
 */
export class OidcClient {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(private readonly config: OidcConfig) {}

  configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowInsecure } = this.config;
    // A confidential client authenticates with HTTP Basic, the registration default every provider supports;
    // without a secret it is a public client protected by PKCE alone.
    const auth = clientSecret ? client.ClientSecretBasic(clientSecret) : client.None();
    return client.discovery(new URL(issuer), clientId, clientSecret || undefined, auth, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: allowInsecure ? [client.allowInsecureRequests] : [],
    });
  }

  async authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const configuration = await this.configuration();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    });
    return { url, checks };
  }

  /** Exchanges the code of the callback URL; throws on any mismatch or provider error. */
  async identity(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcIdentity> {
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider returned no ID token');
    // Providers commonly keep profile and email claims out of the ID token; userinfo has them.
    const userinfo = configuration.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub) : {};
    return { subject: idClaims.sub, claims: { ...idClaims, ...userinfo }, idToken: tokens.id_token };
  }

  /** The provider's logout URL, or undefined when it offers none (or cannot be reached). */
  async endSessionUrl(postLogoutRedirectUri: string, idToken: string | undefined): Promise<URL | undefined> {
    const configuration = await this.configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.config.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  }
}

/** Short codes of a failed sign-in, passed to the login page as ?error=. */
export type OidcErrorCode = 'unavailable' | 'denied' | 'provider' | 'state' | 'inactive' | 'failed';

/** Which kind of failure an exception of discovery or code exchange is. */
export function oidcErrorCode(error: unknown): OidcErrorCode {
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) return 'provider';
  // fetch() rejects with a TypeError when the provider cannot be reached; the client may wrap it.
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current instanceof TypeError && current.message === 'fetch failed') || current.name === 'TimeoutError') return 'unavailable';
  }
  return 'failed';
}
