import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExecutionInputGroup, ExecutionResults, ProductOrder, WorkflowExecutionOrder } from '@asb/contracts';
import { resourceColumns } from '../../platform/db/resource-columns.js';
import { workflows } from '../knowledge/workflows.schema.js';
import { schedules } from '../schedules/schedules.schema.js';

/**
 * An execution of one pinned workflow version (spec 1 §3 Execution). identifier is
 * readable and unique; the engine (issue 5) fills status, progress, times and results.
 */
export const executions = pgTable(
  'executions',
  {
    ...resourceColumns(),
    processorId: integer('processor_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    processorVersion: integer('processor_version').notNull(),
    status: text('status').notNull().default('created'),
    progress: real('progress').notNull().default(0),
    inputs: jsonb('inputs').$type<ExecutionInputGroup[]>().notNull().default([]),
    executionResults: jsonb('execution_results').$type<ExecutionResults>(),
    workflowExecutionOrder: jsonb('workflow_execution_order').$type<WorkflowExecutionOrder>().notNull(),
    /** the engine's reference of the run (spec 1 report: Engine reference) */
    workflowExecutionId: text('workflow_execution_id'),
    /** the schedule that started it (docs/schedules.md); a deleted schedule leaves its executions */
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    /** the schedule's identifier, which never changes: the execution names its schedule without a join */
    scheduleIdentifier: text('schedule_identifier'),
    /** the due time of the schedule it ran for; unique per schedule, so one due time starts one execution */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    datastore: text('datastore'),
    productOrder: jsonb('product_order').$type<ProductOrder>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('executions_identifier_idx').on(t.identifier),
    index('executions_processor_idx').on(t.processorId),
    index('executions_status_idx').on(t.status),
    index('executions_created_idx').on(t.createdAt),
    // a user's own executions newest first (filter[ownerId], the owner side of the access filter): bench/api/README.md
    index('executions_owner_created_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('executions_schedule_due_idx').on(t.scheduleId, t.scheduledFor),
  ],
);
