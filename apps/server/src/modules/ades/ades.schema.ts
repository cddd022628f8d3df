import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A registered ADES: an OGC API – Processes server the portal can run applications on
 * (docs/ades.md). `identifier` is the slug of its landing page's title (unique); `url` its
 * landing page, ending with a slash. `token_sealed` is the optional bearer token, sealed by
 * the keystore for this identifier: never answered, never logged.
 */
export const adesInstances = pgTable('ades_instances', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: text('title').notNull(),
  url: text('url').notNull().unique(),
  abstract: text('abstract').notNull().default(''),
  conformsTo: jsonb('conforms_to').$type<string[]>().notNull().default([]),
  /** when the landing page and conformance were last read */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  reachable: boolean('reachable').notNull().default(false),
  /** why the last check failed, null when it passed */
  problem: text('problem'),
  tokenSealed: text('token_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdesRow = typeof adesInstances.$inferSelect;
