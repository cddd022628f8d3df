import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** What staff did in the embedded admin (docs/admin.md "Audit log"): every change, delete, stop and requeue. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').$type<'update' | 'delete' | 'stop-attempt' | 'requeue-task'>().notNull(),
    service: text('service').notNull(),
    type: text('type').notNull(),
    resourceId: text('resource_id').notNull(),
    identifier: text('identifier').notNull(),
    /** the attributes and relationships sent (an update), or nothing */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);
