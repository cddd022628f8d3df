import { TOKEN_LIFETIME_SECONDS } from '@asb/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { signInThrottle, users } from '../../platform/db/schema.js';
import { rowsOf } from '../../platform/db/client.js';
import { passwordVersion } from '../../platform/auth/authenticate.js';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/auth/passwords.js';
import type { AppContext } from '../../app-context.js';
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

/** lockSeconds of the counted attempts (t.attempts + 1), in SQL */
const LOCK_SECONDS_SQL = `CASE WHEN t.attempts + 1 < ${FREE_ATTEMPTS} THEN 0 ELSE LEAST(${BASE_LOCK_SECONDS} * power(2, LEAST(t.attempts + 1 - ${FREE_ATTEMPTS}, 30)), ${MAX_LOCK_SECONDS}) END`;

// Verifying against a real hash for unknown users keeps their answer as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

export class SignInService {
  constructor(private readonly ctx: AppContext) {}

  issueToken(row: UserRow): Promise<string> {
    return this.ctx.tokens.sign(row.username, 'access', TOKEN_LIFETIME_SECONDS, { pwv: passwordVersion(row.passwordHash) });
  }

  /**
   * Checks credentials with throttling per account and client address (docs/security.md,
   * "Sign-in"); inactive accounts cannot sign in. The attempt is counted, and the next one
   * pushed back, in one statement BEFORE the password is checked: parallel guesses cannot
   * all slip through before the first failure is written.
   */
  async signIn(username: string, password: string, address = 'unknown', now = new Date()): Promise<string> {
    const account = username.toLowerCase();
    const claim = await this.claimAttempt(account, address, now);
    if (claim.waitUntil > now) {
      const seconds = Math.ceil((claim.waitUntil.getTime() - now.getTime()) / 1000);
      throw detailError(429, `Too many failed sign-in attempts. Try again in ${seconds} seconds.`);
    }
    const row = await this.ctx.users.findByUsername(username);
    if (!row) {
      dummyHash ??= hashPassword('not-a-real-password');
      await verifyPassword(await dummyHash, password);
      throw this.failure();
    }
    const isValid = await verifyPassword(row.passwordHash, password);
    if (!isValid || !row.isActive) throw this.failure();
    await this.ctx.db.delete(signInThrottle).where(and(eq(signInThrottle.account, account), eq(signInThrottle.address, address)));
    if (row.passwordHash && needsRehash(row.passwordHash)) await this.rehash(row.id, row.passwordHash, password);
    const updated = await this.ctx.users.update(row.id, { lastLogin: now });
    return this.issueToken(updated);
  }

  /**
   * A hash made with older parameters is replaced by one with the current ones, once the
   * password is known to be right. Only if it is still the hash that was checked: a parallel
   * sign-in or a password change may have replaced it, and the token is issued for whatever
   * hash the row then holds (docs/security.md "Password hashes").
   */
  private async rehash(userId: number, checkedHash: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.ctx.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)));
  }

  /**
   * Counts the attempt and answers until when the caller must wait: the previous
   * next-allowed time. An attempt that may be checked moves it to now +
   * lockSeconds(attempts) (a success then deletes the row): the fifth attempt in a row is
   * still checked, the sixth waits 30 s, the next one 60 s, and so on up to 15 minutes;
   * refused attempts change nothing. An attempt that locks nothing leaves no time behind
   * ('epoch'): parallel sign-ins of one client, whose clocks were read in another order than
   * their statements ran, must not make each other wait.
   */
  private async claimAttempt(account: string, address: string, now: Date): Promise<{ waitUntil: Date }> {
    const at = now.toISOString();
    // every SET expression reads the row as it was: waited_until gets the previous next_allowed_at
    const result = await this.ctx.db.execute<{ waited_until: Date | string }>(sql`
      INSERT INTO sign_in_throttle AS t (account, address, attempts, next_allowed_at, waited_until)
      VALUES (${account}, ${address}, 1, 'epoch'::timestamptz, ${at}::timestamptz)
      ON CONFLICT (account, address) DO UPDATE SET
        attempts = CASE WHEN t.next_allowed_at > ${at}::timestamptz THEN t.attempts ELSE t.attempts + 1 END,
        waited_until = t.next_allowed_at,
        next_allowed_at = CASE WHEN t.next_allowed_at > ${at}::timestamptz THEN t.next_allowed_at
          WHEN ${sql.raw(LOCK_SECONDS_SQL)} = 0 THEN 'epoch'::timestamptz
          ELSE ${at}::timestamptz + make_interval(secs => ${sql.raw(LOCK_SECONDS_SQL)}) END
      RETURNING waited_until`);
    const rows = rowsOf<{ waited_until: Date | string }>(result);
    return { waitUntil: new Date(rows[0]!.waited_until) };
  }

  private failure(): HttpError {
    return new HttpError(400, { non_field_errors: [SIGN_IN_FAILED], detail: SIGN_IN_FAILED });
  }
}
