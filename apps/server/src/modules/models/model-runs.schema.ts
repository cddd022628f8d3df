import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * The portal's own store of model training runs (docs/models.md "Training runs"): what MLflow's
 * tracking server keeps of a run — its parameters and final metrics — for the runs the portal
 * makes (the demo's classifier), answered in MLflow's shape.
 */
export const modelRuns = pgTable(
  'model_runs',
  {
    /** 32 hex digits, as MLflow's run ids */
    id: text('id').primaryKey(),
    /** the workspace identifier the run belongs to */
    workspace: text('workspace').notNull(),
    experimentId: text('experiment_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('FINISHED'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** readable by every signed-in user (a run of a published model); else its owner, staff and the workspace's members */
    isPublic: boolean('is_public').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull().default({}),
    artifactUri: text('artifact_uri'),
  },
  (t) => [index('model_runs_experiment_idx').on(t.workspace, t.experimentId)],
);
