import type { Principal } from '../../platform/auth/principal.js';
import { detailError } from '../../platform/http/errors.js';
import type { StoredCollection } from './catalogue-documents.js';
import { isApplicationDocument } from './catalogue-item-kinds.js';

/**
 * The catalogue's access policy (docs/catalogue.md "Access"), apart from its storage: the
 * repository stores and filters by a ReadScope, AuthorizedCatalogue asks these rules.
 */

/** Which collections a reader sees: all (staff), the public ones, or also a user's own and those shared with their workspaces. */
export type ReadScope = { kind: 'all' } | { kind: 'public' } | { kind: 'member'; userId: number; workspaceIds: number[] };

export function readScopeOf(principal: Principal | null): ReadScope {
  if (!principal) return { kind: 'public' };
  if (principal.isStaff || principal.isSuperuser) return { kind: 'all' };
  const workspaceIds = [...principal.roles].filter(([, roles]) => roles.length > 0).map(([id]) => id);
  return { kind: 'member', userId: principal.id, workspaceIds };
}

/** Who may read a collection: public, its owner, staff, or a member of a workspace it is shared with. */
export function canReadCollection(principal: Principal | null, row: Pick<StoredCollection, 'ownerId' | 'isPublic' | 'workspaceIds'>): boolean {
  if (row.isPublic) return true;
  if (!principal) return false;
  if (principal.isStaff || principal.isSuperuser || principal.id === row.ownerId) return true;
  return row.workspaceIds.some((id) => (principal.roles.get(id)?.length ?? 0) > 0);
}

/** Who may write a collection and its items: its owner and staff. */
export function canWriteCollection(principal: Principal | null, row: Pick<StoredCollection, 'ownerId'>): boolean {
  return principal !== null && (principal.isStaff || principal.isSuperuser || principal.id === row.ownerId);
}

/**
 * Why `principal` may not make a collection of this id, or undefined: an id `{name}:...` belongs
 * to the user `name` (the applications module trusts it: `{username}:published`,
 * `{username}:ogcapi`), so only that user or a superuser creates one. An id without ':' is free.
 */
export function collectionIdRefusal(principal: Pick<Principal, 'username' | 'isSuperuser'>, id: string): string | undefined {
  const colon = id.indexOf(':');
  if (colon < 0 || principal.isSuperuser) return undefined;
  const prefix = id.slice(0, colon);
  if (prefix === principal.username) return undefined;
  return `Collection id "${id}": an id "{username}:..." belongs to that user ("${prefix}"); yours begin with "${principal.username}:" or have no ":".`;
}

/** Application items (`asb:type: application`) change only through the applications calls (spec 3 §6): 403 for the STAC transactions. */
export function refuseApplicationItem(collectionId: string, itemId: unknown, ...documents: unknown[]): void {
  if (!documents.some(isApplicationDocument)) return;
  const name = typeof itemId === 'string' ? ` "${itemId}"` : '';
  throw detailError(
    403,
    `Item${name} in collection "${collectionId}" is an application: applications are registered, changed and deleted through /backend/v1/catalogue-collections/{id}/applications, not the STAC transactions.`,
  );
}
