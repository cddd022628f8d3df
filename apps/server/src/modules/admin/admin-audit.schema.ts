import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What staff and superusers did (docs/admin.md "Audit log"): the embedded admin's changes, deletes,
 * stops and requeues with what they sent, and every other successful write anywhere ('write').
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').$type<'update' | 'delete' | 'stop-attempt' | 'requeue-task' | 'write'>().notNull(),
    service: text('service').notNull(),
    type: text('type').notNull(),
    resourceId: text('resource_id').notNull(),
    identifier: text('identifier').notNull(),
    /** the attributes and relationships sent (an admin update), the status of a write, or nothing */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);
