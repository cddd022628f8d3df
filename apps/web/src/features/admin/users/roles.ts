import { WORKSPACE_ROLES, type WorkspaceRole } from '@asb/contracts';

export type RoleMap = Record<string, WorkspaceRole[]>;

/** Sets or clears one role; a role is held once per workspace (spec 2 §5), in the canonical order. */
export function withRole(groups: RoleMap, workspace: string, role: WorkspaceRole, isChecked: boolean): RoleMap {
  const current = new Set(groups[workspace] ?? []);
  if (isChecked) current.add(role);
  else current.delete(role);
  const next = { ...groups, [workspace]: WORKSPACE_ROLES.filter((r) => current.has(r)) };
  if (next[workspace]!.length === 0) delete next[workspace];
  return next;
}

/** The user's groups keeping only the roles the edit screen knows. */
export function knownRoles(groups: Record<string, string[]>): RoleMap {
  const result: RoleMap = {};
  for (const [workspace, roles] of Object.entries(groups)) {
    const known = WORKSPACE_ROLES.filter((role) => roles.includes(role));
    if (known.length > 0) result[workspace] = known;
  }
  return result;
}
