import { sql } from 'drizzle-orm';
import { resourceColumns } from './resource-columns.js';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Key/value settings of the instance (signing secret, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Bearer tokens ended by a logout before their expiry (their jti), kept until they would have expired. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-in throttling per account (lower-cased name, known or not) and client address:
 * attempts since the last success, and when the next one may be checked. The row of address
 * `*` is the account's own budget, spent by addresses that never signed in to it
 * (docs/security.md "Sign-in").
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull().defaultNow(),
    /** next_allowed_at as the latest attempt found it: that attempt is checked only if this has passed */
    waitedUntil: timestamp('waited_until', { withTimezone: true }).notNull().defaultNow(),
    /** the last successful sign-in from this address: its owner's usual address skips the account's budget */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    datastoreChanged: boolean('datastore_changed').notNull().default(false),
    datastoreSecretHash: text('datastore_secret_hash'),
    oidcSubject: text('oidc_subject'),
  },
  (t) => [uniqueIndex('users_username_idx').on(sql`lower(${t.username})`), uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject)],
);

export { resourceColumns };

export const workspaces = pgTable('workspaces', resourceColumns(), (t) => [uniqueIndex('workspaces_identifier_idx').on(t.identifier)]);

export const workspaceRoles = pgTable(
  'workspace_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId, t.role] }), index('workspace_roles_ws_idx').on(t.workspaceId)],
);

/** Sharing: which workspaces a resource of any type belongs to. */
export const resourceWorkspaces = pgTable(
  'resource_workspaces',
  {
    resourceType: text('resource_type').notNull(),
    resourceId: integer('resource_id').notNull(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.resourceType, t.resourceId, t.workspaceId] }),
    index('resource_workspaces_ws_idx').on(t.workspaceId),
    // the rows of a type shared with a user's workspaces, read from the index alone (a list's access filter)
    index('resource_workspaces_type_ws_idx').on(t.resourceType, t.workspaceId, t.resourceId),
  ],
);
