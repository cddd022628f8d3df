import { describe, expect, it } from 'vitest';
import { knownRoles, withRole } from './roles';

describe('workspace roles', () => {
  it('adds a role once per workspace, in canonical order', () => {
    const once = withRole({ sen2: ['developer'] }, 'sen2', 'user', true);
    expect(withRole(once, 'sen2', 'user', true)).toEqual({ sen2: ['user', 'developer'] });
  });

  it('drops a workspace whose last role is cleared', () => {
    expect(withRole({ sen2: ['operator'], s1: ['user'] }, 'sen2', 'operator', false)).toEqual({ s1: ['user'] });
  });

  it('keeps only the roles the edit screen knows', () => {
    expect(knownRoles({ a: ['user', 'other'], b: ['other'] })).toEqual({ a: ['user'] });
  });
});
