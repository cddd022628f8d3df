import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExecutionInputGroup, ExecutionResults, ProductOrder, WorkflowExecutionOrder } from '@asb/contracts';
import type { ExecutionApplication, ExecutionKind, ExecutionModel } from '../../engine/execution-kind.js';
import { resourceColumns } from '../../platform/db/resource-columns.js';
import { workflows } from '../knowledge/workflows.schema.js';
import { schedules } from '../schedules/schedules.schema.js';

/**
 * An execution of one pinned workflow version (spec 1 §3 Execution), or of one CWL
 * application (kind 'application', docs/applications.md "Running applications": no
 * workflow, `application` names it). identifier is readable and unique; the engine
 * (issue 5) fills status, progress, times and results.
 */
export const executions = pgTable(
  'executions',
  {
    ...resourceColumns(),
    /** 'workflow' (spec 1), 'application' (spec 3: a CWL application run locally or on an ADES) or 'model' (spec 3: an ONNX model of the catalogue) */
    kind: text('kind').$type<ExecutionKind>().notNull().default('workflow'),
    /** the workflow run; null for an application */
    processorId: integer('processor_id').references(() => workflows.id, { onDelete: 'cascade' }),
    /** an application's collection, identifier, version, title and target (null for a workflow) */
    application: jsonb('application').$type<ExecutionApplication>(),
    /** a model's collection, item, version, title, inputs and outputs (null otherwise; docs/models.md "Model executions") */
    model: jsonb('model').$type<ExecutionModel>(),
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
    // the ades-tasks list: a kind's executions newest first
    index('executions_kind_created_idx').on(t.kind, t.createdAt),
    uniqueIndex('executions_schedule_due_idx').on(t.scheduleId, t.scheduledFor),
    // an estimate's history: the latest successful runs of a workflow version (docs/estimates.md)
    index('executions_success_history_idx')
      .on(t.processorId, t.processorVersion, t.endTime)
      .where(sql`${t.status} = 'success'`),
  ],
);

/**
 * The CWL text an application execution runs, pinned when the execution was created (the
 * application may change or go afterwards). The engine writes it into the execution's
 * folder before the task runs (docs/applications.md "Running applications").
 */
export const executionPackages = pgTable('execution_packages', {
  executionId: integer('execution_id')
    .primaryKey()
    .references(() => executions.id, { onDelete: 'cascade' }),
  cwl: text('cwl').notNull(),
});
