import { describe, expect, it } from 'vitest';
import { isDeveloper, rolesAllow } from './roles.js';

describe('workspace roles (spec 1 §6)', () => {
  it('user may view only', () => {
    expect(rolesAllow(['user'], 'view')).toBe(true);
    expect(rolesAllow(['user'], 'change')).toBe(false);
  });
  it('operator may view and change', () => {
    expect(rolesAllow(['operator'], 'change')).toBe(true);
    expect(rolesAllow(['operator'], 'add')).toBe(false);
    expect(rolesAllow(['operator'], 'delete')).toBe(false);
  });
  it('developer may view, add, change and delete', () => {
    for (const action of ['view', 'add', 'change', 'delete'] as const) expect(rolesAllow(['developer'], action)).toBe(true);
  });
  it('a developer is a user with a role containing developer', () => {
    expect(isDeveloper({ ws: ['user'], other: ['developer'] })).toBe(true);
    expect(isDeveloper({ ws: ['operator'] })).toBe(false);
  });
});
