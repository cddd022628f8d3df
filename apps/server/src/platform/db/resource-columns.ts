import { boolean, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every generic resource table has. Resource tables spread these so the
 * generic JSON:API machinery (platform/resources) can list, filter, archive and share them.
 */
export function resourceColumns() {
  return {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    label: text('label').notNull(),
    slug: text('slug'),
    ownerId: text('owner_id').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
