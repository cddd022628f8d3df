import { TOKEN_LIFETIME_SECONDS } from '@asb/contracts';
import { passwordVersion } from '../../platform/auth/authenticate.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { AppContext } from '../../platform/context.js';
import { detailError, HttpError } from '../../platform/http/errors.js';
import type { UserRow } from './users.repository.js';

export const SIGN_IN_FAILED = 'Unable to log in with provided credentials.';
/** Failed attempts allowed before the account is locked for a while. */
export const FREE_ATTEMPTS = 5;
const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** Lock time after `failures` consecutive failures: 30 s doubling per failure past the free ones, at most 15 min. */
export function lockSeconds(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(BASE_LOCK_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_LOCK_SECONDS);
}

// Verifying against a real hash for unknown users keeps their answer as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

export class SignInService {
  constructor(private readonly ctx: AppContext) {}

  issueToken(row: UserRow): Promise<string> {
    return this.ctx.tokens.sign(row.username, 'access', TOKEN_LIFETIME_SECONDS, { pwv: passwordVersion(row.passwordHash) });
  }

  /** Checks credentials with throttling; inactive accounts cannot sign in. */
  async signIn(username: string, password: string, now = new Date()): Promise<string> {
    const row = await this.ctx.users.findByUsername(username);
    if (!row) {
      dummyHash ??= hashPassword('not-a-real-password');
      await verifyPassword(await dummyHash, password);
      throw this.failure();
    }
    if (row.lockedUntil && row.lockedUntil > now) {
      const seconds = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
      throw detailError(429, `Too many failed sign-in attempts. Try again in ${seconds} seconds.`);
    }
    const isValid = await verifyPassword(row.passwordHash, password);
    if (!isValid || !row.isActive) {
      const failures = row.failedLogins + 1;
      const lock = lockSeconds(failures);
      await this.ctx.users.update(row.id, {
        failedLogins: failures,
        lockedUntil: lock > 0 ? new Date(now.getTime() + lock * 1000) : null,
      });
      throw this.failure();
    }
    const updated = await this.ctx.users.update(row.id, { failedLogins: 0, lockedUntil: null, lastLogin: now });
    return this.issueToken(updated);
  }

  private failure(): HttpError {
    return new HttpError(400, { non_field_errors: [SIGN_IN_FAILED], detail: SIGN_IN_FAILED });
  }
}
