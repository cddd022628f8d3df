import { describe, expect, it } from 'vitest';
import { profileFromClaims, usernameCandidates } from './oidc.accounts.js';

const identity = (claims: Record<string, unknown>) => ({ subject: 'sub-123', claims, idToken: undefined });

describe('profileFromClaims', () => {
  it('takes the username, names and email from the standard claims', () => {
    expect(profileFromClaims(identity({ preferred_username: 'ada', email: 'ada@example.org', given_name: 'Ada', family_name: 'Lovelace' }))).toEqual({
      username: 'ada',
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('falls back to the email local part, then to the subject', () => {
    expect(profileFromClaims(identity({ email: 'grace@example.org' })).username).toBe('grace');
    expect(profileFromClaims(identity({})).username).toBe('sub-123');
  });

  it('replaces characters a local username could not have', () => {
    expect(profileFromClaims(identity({ preferred_username: 'Jean Dupont/ops' })).username).toBe('Jean_Dupont_ops');
  });

  it('ignores claims of the wrong type', () => {
    expect(profileFromClaims(identity({ preferred_username: 42, email: ['x'] }))).toMatchObject({ username: 'sub-123', email: '' });
  });
});

describe('usernameCandidates', () => {
  it('tries the name itself, then numbered names, then a random suffix', () => {
    const candidates = usernameCandidates('bob');
    expect(candidates.slice(0, 3)).toEqual(['bob', 'bob-2', 'bob-3']);
    expect(candidates.at(-1)).toMatch(/^bob-[0-9a-f]{8}$/);
    expect(new Set(candidates).size).toBe(candidates.length);
  });
});
