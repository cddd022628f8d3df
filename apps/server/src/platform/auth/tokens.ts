import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@asb/contracts';

/** Signs and checks the bearer tokens (and the browser session cookie) with one HS256 key. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(
    username: string,
    purpose: 'access' | 'session' | 'oidc-state' = 'access',
    lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    return (
      new SignJWT({ ...extra, purpose })
        .setProtectedHeader({ alg: 'HS256' })
        // an id of its own: a logout revokes this token (revoked_tokens), not the user's others
        .setJti(crypto.randomUUID())
        .setSubject(username)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
        .sign(this.key)
    );
  }

  /**
   * The CSRF value of a browser session: bound to its token's id, so a csrftoken cookie planted by
   * a neighbouring site (a sibling subdomain can set cookies) matches no token of the victim.
   */
  csrfToken(jti: string): string {
    return crypto.createHmac('sha256', this.key).update(`csrf:${jti}`).digest('base64url');
  }

  /** The verified payload, or undefined when the token is invalid, expired or of another purpose. */
  async verify(token: string, purpose: 'access' | 'session' | 'oidc-state' = 'access'): Promise<(Record<string, unknown> & { sub: string }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string') return undefined;
      return payload as Record<string, unknown> & { sub: string };
    } catch {
      return undefined;
    }
  }
}
