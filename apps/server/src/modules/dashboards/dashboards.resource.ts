import { dashboardsContract, deriveSlug, type DashboardComponent } from '@asb/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { eq, or } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import { can } from '../../platform/auth/permissions.js';
import { attributeErrors } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { dashboards } from './dashboards.schema.js';

export type DashboardRow = typeof dashboards.$inferSelect;

const isStaff = (principal: Principal) => principal.isStaff || principal.isSuperuser;
const flag = (column: AnyPgColumn) => (value: string) => (value === 'true' || value === 'false' ? eq(column, value === 'true') : undefined);

/** The layout items of spec 2 §3 (`i` is the component's id). */
const layoutOf = (components: DashboardComponent[]) =>
  components.map((component) => ({ i: component.id, x: component.x, y: component.y, w: component.w, h: component.h, component: component.name }));

/**
 * Dashboards (spec 2 §2 "Dashboards", §3, §5, §7; docs/dashboards.md). A user sees their own,
 * those shared with their workspaces, the public ones and the system ones (home); the owner and
 * the workspace roles change them as any resource, staff change the system ones. The slug (the
 * identifier) is derived from the name, one per owner.
 */
export const dashboardsResource = resourceOf(dashboardsContract).define<DashboardRow>({
  table: dashboards,
  shareable: true,
  defaultSort: '-createdAt',
  // the default (own and shared) widened by the public and system ones
  visibleTo: (_principal, byDefault) => byDefault && or(byDefault, eq(dashboards.isPublic, true), eq(dashboards.isSystem, true)),
  authorize: (principal, action, { row, workspaceIds }) => {
    if (action === 'view' && (row.isPublic || row.isSystem)) return true;
    if (row.isSystem) return isStaff(principal);
    return can(principal, action, { ownerId: row.ownerId, workspaceIds });
  },
  toInsert: (attributes, principal) => {
    const slug = deriveSlug(attributes.slug || attributes.verboseName);
    if (!slug) throw attributeErrors({ verboseName: 'The name needs at least one letter or digit.' });
    return {
      identifier: slug,
      slug,
      label: attributes.verboseName,
      ownerId: principal.username,
      description: attributes.description,
      isPublic: attributes.isPublic ?? false,
    };
  },
  toUpdate: (attributes) => ({
    ...(attributes.verboseName !== undefined ? { label: attributes.verboseName } : {}),
    ...(attributes.description !== undefined ? { description: attributes.description } : {}),
    ...(attributes.isPublic !== undefined ? { isPublic: attributes.isPublic } : {}),
    ...(attributes.isEditable !== undefined ? { isEditable: attributes.isEditable } : {}),
  }),
  duplicateField: () => 'verboseName',
  duplicateMessage: 'You already have a dashboard with this name.',
  filters: { isPublic: flag(dashboards.isPublic), isSystem: flag(dashboards.isSystem) },
  sortable: { verboseName: dashboards.label },
  searchColumns: [dashboards.identifier, dashboards.label, dashboards.description],
  attributes: (row) => ({
    verboseName: row.label,
    description: row.description,
    isEditable: row.isEditable,
    isSystem: row.isSystem,
    isPublic: row.isPublic,
    components: row.components,
    layout: layoutOf(row.components),
  }),
});
