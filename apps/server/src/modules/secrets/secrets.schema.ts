import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { resourceColumns } from '../../platform/db/resource-columns.js';

/**
 * Users' secrets (spec 3 §2 "Secrets"; docs/security.md "Secrets"): the tag is the identifier,
 * the value only as AES-256-GCM ciphertext under a key that is not in the database (ASB_SECRET_KEY,
 * or the key file outside the data directory). One tag per user.
 */
export const secrets = pgTable(
  'secrets',
  {
    ...resourceColumns(),
    /** base64 of iv (12 bytes) | tag (16 bytes) | ciphertext; the owner and tag are its associated data */
    cipher: text('cipher').notNull(),
    /** which key sealed it: 'env' (ASB_SECRET_KEY) or 'file' (the key file) */
    keyId: text('key_id').notNull(),
  },
  (t) => [uniqueIndex('secrets_owner_tag_idx').on(t.ownerId, t.identifier)],
);
