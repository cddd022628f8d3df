import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WorkflowGraph } from '@asb/contracts';
import { resourceColumns } from '../../platform/db/resource-columns.js';

/**
 * A workflow (spec 1 §3, resource type processors/workflows). identifier = slug, unique.
 * Every saved graph is a row of workflow_versions; `version` and `graph` are the current one.
 */
export const workflows = pgTable(
  'workflows',
  {
    ...resourceColumns(),
    shortDescription: text('short_description').notNull().default(''),
    /** JSON text {description, thumbnail_url} set by publish (spec 1 §3) */
    description: text('description').notNull().default(''),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    /** the current version's graph, kept beside it so that lists and pages read one row */
    graph: jsonb('graph').$type<WorkflowGraph>().notNull().default({ nodes: [], edges: [] }),
  },
  // own rows: the owner side of a list's access filter (platform/resources, defaultVisibleParts)
  (t) => [uniqueIndex('workflows_identifier_idx').on(t.identifier), index('workflows_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/** An immutable saved graph of a workflow: saving a changed graph adds version n+1; executions pin one. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    graph: jsonb('graph').$type<WorkflowGraph>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workflow_versions_pk').on(t.workflowId, t.version), index('workflow_versions_workflow_idx').on(t.workflowId)],
);
