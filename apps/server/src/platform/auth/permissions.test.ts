import { ACTIONS, type Action, type WorkspaceRole } from '@asb/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { assertCan, can, canAddToWorkspace, isMember, requireStaff, requireUser } from './permissions.js';
import type { Principal } from './principal.js';

const TEAM = 1;
const OTHER = 2;

function principal(roles: Record<number, WorkspaceRole[]> = {}, flags: Partial<Principal> = {}): Principal {
  return {
    id: 7,
    username: 'pat',
    isStaff: false,
    isSuperuser: false,
    roles: new Map(Object.entries(roles).map(([id, list]) => [Number(id), list])),
    ...flags,
  };
}

const sharedWithTeam = { ownerId: 'someone-else', workspaceIds: [TEAM] };

function statusOf(action: () => unknown): number | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
}

describe('can', () => {
  // Spec 1 §6: user may view; operator may view and change; developer may view, add, change and delete.
  const allowed: Record<WorkspaceRole, Action[]> = {
    user: ['view'],
    operator: ['view', 'change'],
    developer: ['view', 'add', 'change', 'delete'],
  };
  const cases = (Object.keys(allowed) as WorkspaceRole[]).flatMap((role) =>
    ACTIONS.map((action) => ({ role, action, expected: allowed[role].includes(action) })),
  );

  it.each(cases)('a $role of the workspace may $action: $expected', ({ role, action, expected }) => {
    expect(can(principal({ [TEAM]: [role] }), action, sharedWithTeam)).toBe(expected);
  });

  it('combines the roles held in one workspace', () => {
    const both = principal({ [TEAM]: ['user', 'operator'] });
    expect(can(both, 'change', sharedWithTeam)).toBe(true);
    expect(can(both, 'delete', sharedWithTeam)).toBe(false);
  });

  it('ignores roles in workspaces the resource is not shared with', () => {
    const elsewhere = principal({ [OTHER]: ['developer'] });
    for (const action of ACTIONS) expect(can(elsewhere, action, sharedWithTeam)).toBe(false);
  });

  it('grants anything on a resource shared with several workspaces through any one of them', () => {
    const resource = { ownerId: 'someone-else', workspaceIds: [OTHER, TEAM] };
    expect(can(principal({ [TEAM]: ['developer'] }), 'delete', resource)).toBe(true);
  });

  it('lets the owner and a superuser do everything, even without any workspace', () => {
    const own = { ownerId: 'pat', workspaceIds: [] };
    const superuser = principal({}, { isSuperuser: true });
    for (const action of ACTIONS) {
      expect(can(principal(), action, own)).toBe(true);
      expect(can(superuser, action, sharedWithTeam)).toBe(true);
    }
  });

  it('gives staff status no rights on resources', () => {
    expect(can(principal({}, { isStaff: true }), 'view', sharedWithTeam)).toBe(false);
  });

  it('answers 403 through assertCan when refused', () => {
    expect(statusOf(() => assertCan(principal({ [TEAM]: ['user'] }), 'change', sharedWithTeam))).toBe(403);
    expect(statusOf(() => assertCan(principal({ [TEAM]: ['operator'] }), 'change', sharedWithTeam))).toBeUndefined();
  });
});

describe('canAddToWorkspace', () => {
  it.each([
    ['user', false],
    ['operator', false],
    ['developer', true],
  ] as const)('a %s of the workspace may put resources into it: %s', (role, expected) => {
    expect(canAddToWorkspace(principal({ [TEAM]: [role] }), TEAM)).toBe(expected);
  });

  it('needs the role in that very workspace, or superuser status', () => {
    expect(canAddToWorkspace(principal({ [OTHER]: ['developer'] }), TEAM)).toBe(false);
    expect(canAddToWorkspace(principal({}, { isStaff: true }), TEAM)).toBe(false);
    expect(canAddToWorkspace(principal({}, { isSuperuser: true }), TEAM)).toBe(true);
  });
});

describe('membership and admin checks', () => {
  it('counts any role as membership', () => {
    expect(isMember(principal({ [TEAM]: ['user'] }), TEAM)).toBe(true);
    expect(isMember(principal({ [TEAM]: [] }), TEAM)).toBe(false);
    expect(isMember(principal(), TEAM)).toBe(false);
  });

  it('answers 401 for anonymous and 403 for users without admin status', () => {
    expect(statusOf(() => requireUser(null))).toBe(401);
    expect(statusOf(() => requireStaff(null))).toBe(401);
    expect(statusOf(() => requireStaff(principal({ [TEAM]: ['developer'] })))).toBe(403);
    expect(requireStaff(principal({}, { isStaff: true })).username).toBe('pat');
    expect(requireStaff(principal({}, { isSuperuser: true })).username).toBe('pat');
  });
});
