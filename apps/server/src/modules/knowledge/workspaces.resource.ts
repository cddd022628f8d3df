import { workspacesContract } from '@asb/contracts';
import { inArray, or, sql } from 'drizzle-orm';
import { isMember } from '../../platform/auth/permissions.js';
import { resourceWorkspaces, workspaceRoles, workspaces } from '../../platform/db/schema.js';
import type { ResourceRow } from '../../platform/resources/resource-definition.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';

/**
 * Workspaces are administered by staff (spec 2 Administration > Workspaces);
 * members see the workspaces they hold a role in (e.g. in the share dialog).
 * Like every resource a workspace can be shared with other workspaces: their
 * members then see it too (an organisation's workspace seeing a team's).
 */
export const workspacesResource = resourceOf(workspacesContract).define<ResourceRow>({
  table: workspaces,
  shareable: true,
  defaultSort: 'identifier',
  toInsert: (attributes, principal) => ({
    identifier: attributes.identifier,
    label: attributes.label,
    slug: attributes.identifier,
    ownerId: principal.username,
  }),
  duplicateMessage: 'A workspace with this identifier already exists.',
  canCreate: (principal) => principal.isStaff || principal.isSuperuser,
  canShareInto: (principal) => principal.isStaff || principal.isSuperuser,
  visibleTo: (principal) => {
    if (principal.isStaff || principal.isSuperuser) return undefined;
    const memberOf = sql`(select ${workspaceRoles.workspaceId} from ${workspaceRoles} where ${workspaceRoles.userId} = ${principal.id})`;
    return or(
      inArray(workspaces.id, memberOf),
      inArray(
        workspaces.id,
        sql`(select ${resourceWorkspaces.resourceId} from ${resourceWorkspaces} where ${resourceWorkspaces.resourceType} = 'workspaces' and ${resourceWorkspaces.workspaceId} in ${memberOf})`,
      ),
    );
  },
  authorize: (principal, action, resource) => {
    const isAdmin = principal.isStaff || principal.isSuperuser;
    if (action === 'view') {
      return isAdmin || isMember(principal, resource.row.id) || resource.workspaceIds.some((id) => isMember(principal, id));
    }
    return isAdmin;
  },
});
