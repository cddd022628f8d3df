/** Spec 1 §6 / spec 2 §6: workspace roles and what each may do. */
export const WORKSPACE_ROLES = ['user', 'operator', 'developer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const ACTIONS = ['view', 'add', 'change', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLE_ACTIONS: Record<WorkspaceRole, readonly Action[]> = {
  user: ['view'],
  operator: ['view', 'change'],
  developer: ['view', 'add', 'change', 'delete'],
};

export function rolesAllow(roles: readonly string[], action: Action): boolean {
  return roles.some((role) => ROLE_ACTIONS[role as WorkspaceRole]?.includes(action) ?? false);
}

/** A developer is a user with a workspace role containing the word developer. */
export function isDeveloper(groups: Record<string, readonly string[]>): boolean {
  return Object.values(groups).some((roles) => roles.some((role) => role.includes('developer')));
}
