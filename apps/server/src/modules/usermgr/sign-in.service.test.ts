import { describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, lockSeconds } from './sign-in.service.js';

describe('lockSeconds', () => {
  it('does not lock during the free attempts', () => {
    expect(FREE_ATTEMPTS).toBe(5);
    for (let failures = 0; failures < FREE_ATTEMPTS; failures++) expect(lockSeconds(failures)).toBe(0);
  });

  it('locks for 30 s at the fifth failure and doubles with each further one', () => {
    expect([5, 6, 7, 8].map(lockSeconds)).toEqual([30, 60, 120, 240]);
  });

  it('never locks longer than 15 minutes', () => {
    expect(lockSeconds(10)).toBe(900);
    expect(lockSeconds(1000)).toBe(900);
  });
});
