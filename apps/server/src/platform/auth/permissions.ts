import { rolesAllow, type Action } from '@asb/contracts';
import { notAuthenticated, permissionDenied } from '../http/errors.js';
import type { Principal } from './principal.js';

/**
 * The one permission module (spec 1 §6, spec 2 §6). Owners and superusers may do
 * everything on their resources; otherwise a workspace role grants actions on the
 * resources shared with that workspace: user view; operator view, change;
 * developer view, add, change, delete. "add" is what it takes to put a resource
 * into a workspace (docs/permissions.md).
 */
export interface OwnedResource {
  ownerId: string;
  workspaceIds: readonly number[];
}

export function can(principal: Principal, action: Action, resource: OwnedResource): boolean {
  if (principal.isSuperuser || resource.ownerId === principal.username) return true;
  return resource.workspaceIds.some((id) => rolesAllow(principal.roles.get(id) ?? [], action));
}

export function canAddToWorkspace(principal: Principal, workspaceId: number): boolean {
  return principal.isSuperuser || rolesAllow(principal.roles.get(workspaceId) ?? [], 'add');
}

export function isMember(principal: Principal, workspaceId: number): boolean {
  return principal.isSuperuser || (principal.roles.get(workspaceId)?.length ?? 0) > 0;
}

export function requireUser(principal: Principal | null): Principal {
  if (!principal) throw notAuthenticated();
  return principal;
}

/** Admin endpoints: staff (shown as Admin) or superuser. */
export function requireStaff(principal: Principal | null): Principal {
  const user = requireUser(principal);
  if (!user.isStaff && !user.isSuperuser) throw permissionDenied();
  return user;
}

export function assertCan(principal: Principal, action: Action, resource: OwnedResource): void {
  if (!can(principal, action, resource)) throw permissionDenied();
}
