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
/** Failed attempts allowed from one address before it waits. */
export const FREE_ATTEMPTS = 5;
/**
 * Failed attempts allowed against one account from all the addresses that never signed in to it,
 * before each of them waits: a guesser with many addresses gets this many checks, then one per
 * growing wait (docs/security.md "Sign-in").
 */
export const ACCOUNT_FREE_ATTEMPTS = 20;
/** The throttle row of the account's own budget (no client address is `*`). */
const ACCOUNT_ROW = '*';
const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** Lock time after `failures` consecutive failures: 30 s doubling per failure past the free ones, at most 15 min. */
export function lockSeconds(failures: number, free = FREE_ATTEMPTS): number {
  if (failures < free) return 0;
  return Math.min(BASE_LOCK_SECONDS * 2 ** (failures - free), MAX_LOCK_SECONDS);
}

/** lockSeconds of the counted attempts (t.attempts + 1), in SQL */
const lockSecondsSql = (free: number) =>
  `CASE WHEN t.attempts + 1 < ${free} THEN 0 ELSE LEAST(${BASE_LOCK_SECONDS} * power(2, LEAST(t.attempts + 1 - ${free}, 30)), ${MAX_LOCK_SECONDS}) END`;

/**
 * The upsert of one throttle row, as SET clauses: every expression reads the row as it was, so
 * waited_until gets the previous next_allowed_at. An attempt that may be checked is counted and
 * moves next_allowed_at to now + lockSeconds(attempts); a refused one changes nothing. An
 * attempt that locks nothing leaves no time behind ('epoch'): parallel sign-ins of one client,
 * whose clocks were read in another order than their statements ran, must not make each other wait.
 */
const countAttempt = (at: string, free: number) => sql`
  attempts = CASE WHEN t.next_allowed_at > ${at}::timestamptz THEN t.attempts ELSE t.attempts + 1 END,
  waited_until = t.next_allowed_at,
  next_allowed_at = CASE WHEN t.next_allowed_at > ${at}::timestamptz THEN t.next_allowed_at
    WHEN ${sql.raw(lockSecondsSql(free))} = 0 THEN 'epoch'::timestamptz
    ELSE ${at}::timestamptz + make_interval(secs => ${sql.raw(lockSecondsSql(free))}) END`;

// Verifying against a real hash for unknown users keeps their answer as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

export class SignInService {
  constructor(private readonly ctx: AppContext) {}

  issueToken(row: UserRow): Promise<string> {
    return this.ctx.tokens.sign(row.username, 'access', TOKEN_LIFETIME_SECONDS, { pwv: passwordVersion(row.passwordHash) });
  }

  /**
   * Checks credentials with throttling per client address and per account (docs/security.md,
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
    await this.recordSuccess(account, address, now);
    if (row.passwordHash && needsRehash(row.passwordHash)) await this.rehash(row.id, row.passwordHash, password);
    const updated = await this.ctx.users.update(row.id, { lastLogin: now });
    return this.issueToken(updated);
  }

  /** The address becomes one its owner uses (it skips the account's budget from now on); both counts start again. */
  private async recordSuccess(account: string, address: string, now: Date): Promise<void> {
    const epoch = new Date(0);
    await this.ctx.db
      .insert(signInThrottle)
      .values({ account, address, attempts: 0, nextAllowedAt: epoch, waitedUntil: epoch, lastSuccessAt: now })
      .onConflictDoUpdate({
        target: [signInThrottle.account, signInThrottle.address],
        set: { attempts: 0, nextAllowedAt: epoch, waitedUntil: epoch, lastSuccessAt: now },
      });
    await this.ctx.db.delete(signInThrottle).where(and(eq(signInThrottle.account, account), eq(signInThrottle.address, ACCOUNT_ROW)));
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
   * Counts the attempt and answers until when the caller must wait: the previous next-allowed
   * time of the address's row and, for an address that never signed in to the account, of the
   * account's row. The address's row is counted first; the account's row counts only the
   * attempts its address let through (so one address alone cannot spend the account's budget
   * faster than its own). Per row: the fifth attempt of an address in a row is still checked,
   * the sixth waits 30 s, the next one 60 s, and so on up to 15 minutes; the account's row
   * does the same past its twentieth attempt.
   */
  private async claimAttempt(account: string, address: string, now: Date): Promise<{ waitUntil: Date }> {
    const at = now.toISOString();
    const result = await this.ctx.db.execute<{ address_waited_until: Date | string; account_waited_until: Date | string | null }>(sql`
      WITH per_address AS (
        INSERT INTO sign_in_throttle AS t (account, address, attempts, next_allowed_at, waited_until)
        VALUES (${account}, ${address}, 1, 'epoch'::timestamptz, ${at}::timestamptz)
        ON CONFLICT (account, address) DO UPDATE SET ${countAttempt(at, FREE_ATTEMPTS)}
        RETURNING waited_until, last_success_at
      ), per_account AS (
        INSERT INTO sign_in_throttle AS t (account, address, attempts, next_allowed_at, waited_until)
        SELECT ${account}, ${ACCOUNT_ROW}, 1, 'epoch'::timestamptz, ${at}::timestamptz FROM per_address
        WHERE per_address.last_success_at IS NULL AND per_address.waited_until <= ${at}::timestamptz
        ON CONFLICT (account, address) DO UPDATE SET ${countAttempt(at, ACCOUNT_FREE_ATTEMPTS)}
        RETURNING waited_until
      )
      SELECT (SELECT waited_until FROM per_address) AS address_waited_until,
        (SELECT waited_until FROM per_account) AS account_waited_until`);
    const [row] = rowsOf<{ address_waited_until: Date | string; account_waited_until: Date | string | null }>(result);
    const waits = [row!.address_waited_until, row!.account_waited_until].filter((value) => value !== null).map((value) => new Date(value));
    return { waitUntil: new Date(Math.max(...waits.map((wait) => wait.getTime()))) };
  }

  private failure(): HttpError {
    return new HttpError(400, { non_field_errors: [SIGN_IN_FAILED], detail: SIGN_IN_FAILED });
  }
}
