import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id parameters of new hashes: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane),
 * ~20 ms here against ~80 ms (and four threads) for argon2's defaults (docs/security.md
 * "Password hashes", figures in bench/auth). argon2 hashes on libuv's thread pool, never on
 * the event loop.
 */
export const HASH_PARAMETERS: HashParameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** argon2id's costs: memory in KiB, passes, lanes. */
export interface HashParameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** An argon2id hash; other parameters than HASH_PARAMETERS only to compare them (bench/auth). */
export function hashPassword(password: string, parameters = HASH_PARAMETERS): Promise<string> {
  return argon2.hash(password, { ...parameters, type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a hash was made with other parameters (or another argon2 variant) than HASH_PARAMETERS. */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, HASH_PARAMETERS);
  } catch {
    return true;
  }
}

/** A random password that is readable when printed once in a log or a modal. */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
