import type { Principal } from '../../platform/auth/principal.js';
import type { ResourceDefinition } from '../../platform/resources/resource-definition.js';

const isStaff = (principal: Principal) => principal.isStaff || principal.isSuperuser;

/**
 * The rules of an instance-wide catalogue (data types, software dependencies):
 * every signed-in user reads all of it, staff create, change, archive and delete,
 * and nothing is shared, since everyone already sees everything.
 */
export const staffCurated: Pick<ResourceDefinition, 'shareable' | 'visibleTo' | 'canCreate' | 'authorize'> = {
  shareable: false,
  visibleTo: () => undefined,
  canCreate: isStaff,
  authorize: (principal, action) => action === 'view' || isStaff(principal),
};
