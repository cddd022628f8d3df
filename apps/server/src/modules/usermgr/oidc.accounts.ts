import crypto from 'node:crypto';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import type { OidcIdentity } from './oidc.client.js';
import type { UserRow, UsersRepository } from './users.repository.js';

/** The profile fields the provider's claims give us; names and email follow the provider on each sign-in. */
export interface OidcProfile {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

const MAX_USERNAME_LENGTH = 150;
const NUMBERED_ATTEMPTS = 20;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A username that local accounts could also have: preferred_username, else the
 * email's local part, else the subject, with characters outside [\w.@+-] replaced.
 */
export function profileFromClaims(identity: OidcIdentity): OidcProfile {
  const email = text(identity.claims.email);
  const wanted = text(identity.claims.preferred_username) || email.split('@')[0] || identity.subject;
  const username = wanted.replace(/[^\w.@+-]/g, '_').slice(0, MAX_USERNAME_LENGTH - 10) || 'user';
  return { username, email, firstName: text(identity.claims.given_name), lastName: text(identity.claims.family_name) };
}

/** base, base-2, base-3, ... then a random suffix: a provider user never takes over a local account's name. */
export function usernameCandidates(base: string): string[] {
  const numbered = Array.from({ length: NUMBERED_ATTEMPTS - 1 }, (_, i) => `${base}-${i + 2}`);
  return [base, ...numbered, `${base}-${crypto.randomBytes(4).toString('hex')}`];
}

export type OidcSignIn = { status: 'ok'; user: UserRow } | { status: 'inactive'; user: UserRow };

/** Users signing in through the identity provider, found by subject and created on first sign-in. */
export class OidcAccounts {
  constructor(private readonly users: UsersRepository) {}

  async signIn(identity: OidcIdentity, now = new Date()): Promise<OidcSignIn> {
    const profile = profileFromClaims(identity);
    const user = (await this.users.findByOidcSubject(identity.subject)) ?? (await this.create(identity.subject, profile));
    if (!user.isActive) return { status: 'inactive', user };
    const updated = await this.users.update(user.id, {
      email: profile.email || user.email,
      firstName: profile.firstName || user.firstName,
      lastName: profile.lastName || user.lastName,
      lastLogin: now,
    });
    return { status: 'ok', user: updated };
  }

  private async create(subject: string, profile: OidcProfile): Promise<UserRow> {
    for (const username of usernameCandidates(profile.username)) {
      if (await this.users.findByUsername(username)) continue;
      try {
        // No password: these accounts sign in through the provider only.
        return await this.users.insert({
          username,
          passwordHash: null,
          oidcSubject: subject,
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent first sign-in of the same subject won: use its account.
        const existing = await this.users.findByOidcSubject(subject);
        if (existing) return existing;
      }
    }
    throw new Error(`no free username for ${profile.username}`);
  }
}
