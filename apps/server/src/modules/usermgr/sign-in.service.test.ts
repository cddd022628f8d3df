import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_ATTEMPTS, FREE_ATTEMPTS, lockSeconds } from './sign-in.service.js';

describe('lockSeconds', () => {
  it('does not lock during the free attempts', () => {
    expect(FREE_ATTEMPTS).toBe(5);
    for (let failures = 0; failures < FREE_ATTEMPTS; failures++) expect(lockSeconds(failures)).toBe(0);
  });

  it('locks for 30 s at the fifth failure and doubles with each further one', () => {
    expect([5, 6, 7, 8].map((failures) => lockSeconds(failures))).toEqual([30, 60, 120, 240]);
  });

  it('never locks longer than 15 minutes', () => {
    expect(lockSeconds(10)).toBe(900);
    expect(lockSeconds(1000)).toBe(900);
  });

  it('gives an account 20 free attempts from unknown addresses, then the same growing waits', () => {
    expect(ACCOUNT_FREE_ATTEMPTS).toBe(20);
    expect(lockSeconds(19, ACCOUNT_FREE_ATTEMPTS)).toBe(0);
    expect([20, 21, 22].map((failures) => lockSeconds(failures, ACCOUNT_FREE_ATTEMPTS))).toEqual([30, 60, 120]);
  });
});
