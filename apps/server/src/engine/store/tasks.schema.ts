import type { TaskState } from '@asb/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resourceColumns } from '../../platform/db/resource-columns.js';
import { executionsRef } from './executions-ref.js';

/**
 * One task of one execution (docs/engine.md): a node of the pinned graph, or a node of a
 * child run of a dynamic-list-splitter (`run` = '{splitter}[{index}]'). identifier =
 * '{execution identifier}.{task id}'. All orchestration state lives here, so a restart
 * resumes from the database.
 */
export const executionTasks = pgTable(
  'execution_tasks',
  {
    ...resourceColumns(),
    executionId: integer('execution_id')
      .notNull()
      .references(() => executionsRef.id, { onDelete: 'cascade' }),
    /** unique in its execution: the node id, or '{node}[{index}]' in a child run */
    taskId: text('task_id').notNull(),
    nodeId: text('node_id').notNull(),
    /** '' for the main DAG, '{splitter node}[{index}]' for a child run */
    run: text('run').notNull().default(''),
    itemIndex: integer('item_index'),
    state: text('state').$type<TaskState>().notNull().default('no_status'),
    tryNumber: integer('try_number').notNull().default(0),
    maxTries: integer('max_tries').notNull().default(1),
    retryDelayMs: integer('retry_delay_ms').notNull().default(0),
    timeoutMs: integer('timeout_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    processVersion: text('process_version'),
    /** the values the task ran with; encrypted inputs stay encrypted here */
    inputs: jsonb('inputs').$type<Record<string, unknown>>(),
    outputs: jsonb('outputs').$type<Record<string, unknown>>(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    workerLabel: text('worker_label'),
    /** the executor's handle of the running attempt (a pid on the local executor) */
    pid: integer('pid'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    error: text('error'),
    /** why a queued attempt has not started, for its users ('Waiting: no worker offers cwltool.'); null once it runs */
    statusMessage: text('status_message'),
  },
  (t) => [
    uniqueIndex('execution_tasks_identifier_idx').on(t.identifier),
    uniqueIndex('execution_tasks_task_idx').on(t.executionId, t.taskId),
    index('execution_tasks_state_idx').on(t.state),
    // the task manager's lists, newest first: a user's own tasks (the owner is the execution's), and every task for staff
    index('execution_tasks_owner_created_idx').on(t.ownerId, t.createdAt),
    index('execution_tasks_created_idx').on(t.createdAt),
  ],
);
