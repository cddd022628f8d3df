import { PUBLISHED_SUFFIX } from '@asb/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { canReadCollection } from '../catalogue/catalogue-access.js';
import type { CollectionRow } from './applications.repository.js';

/**
 * Spec 3 §6 on the server (docs/applications.md "Permissions"). Owner: the collection's owner.
 * Reading follows the catalogue's rule (public, owner, staff, a shared workspace).
 */
const isOwner = (principal: Principal | null, collection: Pick<CollectionRow, 'ownerId'>) => principal !== null && principal.id === collection.ownerId;
const isSuperuser = (principal: Principal | null) => principal?.isSuperuser === true;

export const mayRead = (principal: Principal | null, collection: CollectionRow) => canReadCollection(principal, collection);

/** "Upload of new applications: a superuser, or the owner when the collection identifier does not end with ':published'." */
export function mayUpload(principal: Principal | null, collection: CollectionRow): boolean {
  return isSuperuser(principal) || (isOwner(principal, collection) && !collection.id.endsWith(PUBLISHED_SUFFIX));
}

/** "Owner or superuser: ... can edit properties"; "Editing a published application: only a superuser." */
export function mayEdit(principal: Principal | null, collection: CollectionRow): boolean {
  if (collection.id.endsWith(PUBLISHED_SUFFIX)) return isSuperuser(principal);
  return isSuperuser(principal) || isOwner(principal, collection);
}

/** Download CWL (the menu), Delete, Publish and unpublish: owner or superuser. */
export function mayManage(principal: Principal | null, collection: CollectionRow): boolean {
  return isSuperuser(principal) || isOwner(principal, collection);
}

/** The collection's row menu (share, delete): the owner or an admin (staff, superuser), as the catalogue's write rule. */
export function mayChangeCollection(principal: Principal | null, collection: CollectionRow): boolean {
  return principal !== null && (principal.isStaff || principal.isSuperuser || isOwner(principal, collection));
}

/** What the caller may do with the applications of a collection (Application.permissions). */
export function applicationPermissions(principal: Principal | null, collection: CollectionRow) {
  return {
    edit: mayEdit(principal, collection),
    delete: mayManage(principal, collection),
    publish: mayManage(principal, collection),
    // "Execute button on the application detail page: any logged-in user" (who may read it)
    execute: principal !== null && mayRead(principal, collection),
  };
}
