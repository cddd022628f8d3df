import type { DashboardComponent } from '@asb/contracts';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { resourceColumns } from '../../platform/db/resource-columns.js';

/**
 * Dashboards (spec 2 §3 Dashboard; docs/dashboards.md): the label is the verbose name, the
 * identifier its slug (one per owner). The components live in the row, each with an id
 * `{dashboard}-{n}` (n from `nextComponent`): a component is written by its own calls, under
 * the row's lock, so two editors never lose each other's change.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    ...resourceColumns(),
    description: text('description').notNull().default(''),
    /** the owner lets the dashboard be edited (the client also needs permissions.change) */
    isEditable: boolean('is_editable').notNull().default(true),
    /** made by the portal (the home dashboard): staff edit it, every signed-in user reads it */
    isSystem: boolean('is_system').notNull().default(false),
    /** readable by anyone, signed out too (public-dashboards) */
    isPublic: boolean('is_public').notNull().default(false),
    components: jsonb('components').$type<DashboardComponent[]>().notNull().default([]),
    nextComponent: integer('next_component').notNull().default(1),
  },
  (t) => [uniqueIndex('dashboards_owner_identifier_idx').on(t.ownerId, t.identifier)],
);
