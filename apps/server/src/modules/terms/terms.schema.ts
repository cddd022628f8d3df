import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/**
 * Spec 3 §3 Terms and conditions acceptance: the licence URLs (`s:license` of applications)
 * a user accepted; '*' accepts them all. An application execution is refused while its
 * licence is not accepted, when a `-tcs` theme feature is on (docs/applications.md).
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the licence URL accepted (spec: terms_and_conditions_id) */
    termsId: text('terms_id').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.termsId] })],
);
