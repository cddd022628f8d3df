import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntervalPeriod, ScheduleInputs, ScheduleStatus, ScheduleStrategy } from '@asb/contracts';
import { resourceColumns } from '../../platform/db/resource-columns.js';
import { workflows } from '../knowledge/workflows.schema.js';

/**
 * A schedule (spec 3 Schedule; docs/schedules.md): when a workflow runs by itself, as
 * its owner. `label` holds the title. The scheduler reads `status`, `is_archived` and
 * `next_run_at` only; every other timing column is what the strategy's rules need.
 * Deleting the workflow deletes its schedules, as it deletes its executions.
 */
export const schedules = pgTable(
  'schedules',
  {
    ...resourceColumns(),
    processorId: integer('processor_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    /** null: the workflow's current version at each run */
    processorVersion: integer('processor_version'),
    status: text('status').$type<ScheduleStatus>().notNull().default('enabled'),
    strategy: text('strategy').$type<ScheduleStrategy>().notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    interval: integer('interval'),
    intervalPeriod: text('interval_period').$type<IntervalPeriod>(),
    hour: integer('hour'),
    minute: integer('minute'),
    dayOfMonth: jsonb('day_of_month').$type<number[]>().notNull().default([]),
    dataUrl: text('data_url'),
    inputs: jsonb('inputs').$type<ScheduleInputs>().notNull().default({ tasks: [] }),
    /** the due time (or poll) the scheduler acts on next; null: never by time */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** when it last started an execution */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** the due time it last handled (fired, or failed to): a single execution runs once per start time */
    lastDueAt: timestamp('last_due_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** the credential of the external trigger URL (random, 32 bytes): served only to the owner and superusers */
    triggerToken: text('trigger_token').notNull(),
    /** on-new-data: the items that existed at the first poll are recorded (they never fire) */
    itemsRecorded: boolean('items_recorded').notNull().default(false),
  },
  (t) => [
    uniqueIndex('schedules_identifier_idx').on(t.identifier),
    index('schedules_processor_idx').on(t.processorId),
    index('schedules_due_idx').on(t.nextRunAt),
    // own rows: the owner side of a list's access filter (platform/resources, defaultVisibleParts)
    index('schedules_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

/** on-new-data: the items of the data URL a schedule has seen; the key makes each item fire at most once. */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.itemId] })],
);
