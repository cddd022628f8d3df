import { createWorkspaceSchema, updateWorkspaceSchema } from '@asb/contracts';
import { inArray, sql } from 'drizzle-orm';
import { isMember } from '../../platform/auth/permissions.js';
import { workspaceRoles, workspaces } from '../../platform/db/schema.js';
import type { ResourceDefinition } from '../../platform/resources/resource-definition.js';

/**
 * Workspaces are administered by staff (spec 2 Administration > Workspaces);
 * members see the workspaces they hold a role in, e.g. in the share dialog.
 */
export const workspacesResource: ResourceDefinition = {
  type: 'workspaces',
  name: 'workspace',
  prefix: '/knowledge/v1',
  table: workspaces,
  shareable: false,
  defaultSort: 'identifier',
  createSchema: createWorkspaceSchema,
  updateSchema: updateWorkspaceSchema,
  toInsert: (attributes, principal) => ({
    identifier: attributes.identifier as string,
    label: attributes.label as string,
    slug: attributes.identifier as string,
    ownerId: principal.username,
  }),
  duplicateMessage: 'A workspace with this identifier already exists.',
  canCreate: (principal) => principal.isStaff || principal.isSuperuser,
  visibleTo: (principal) =>
    principal.isStaff || principal.isSuperuser
      ? undefined
      : inArray(workspaces.id, sql`(select ${workspaceRoles.workspaceId} from ${workspaceRoles} where ${workspaceRoles.userId} = ${principal.id})`),
  authorize: (principal, action, resource) => {
    const isAdmin = principal.isStaff || principal.isSuperuser;
    if (action === 'view') return isAdmin || isMember(principal, resource.row.id);
    return isAdmin;
  },
};
