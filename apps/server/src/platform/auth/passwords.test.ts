import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('hashes with argon2id at OWASP’s minimum (19 MiB, 2 passes, 1 lane) and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies hashes made with other parameters and asks for them to be rehashed', async () => {
    const older = await argon2.hash('correct horse', { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    const argon2i = await argon2.hash('correct horse', { type: argon2.argon2i, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    for (const hash of [older, argon2i]) {
      expect(await verifyPassword(hash, 'correct horse')).toBe(true);
      expect(needsRehash(hash)).toBe(true);
    }
  });

  it('answers false, not an error, for a missing or unreadable hash', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash('not a hash')).toBe(true);
  });
});
