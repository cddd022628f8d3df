import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { App } from '../../src/app.js';
import { resourceColumns } from '../../src/db-schema.js';
import type { ResourceDefinition } from '../../src/platform/resources/resource-definition.js';
import { registerResourceRoutes } from '../../src/platform/resources/resource.routes.js';

/**
 * A test-only resource with every default of the generic machinery (visibility,
 * `can`, `canAddToWorkspace`), the way ordinary resources such as processes and
 * workflows use it. Workspaces override those defaults, so they cannot show them.
 */
export const notes = pgTable('test_notes', { ...resourceColumns(), body: text('body').notNull().default('') });

export const notesResource: ResourceDefinition = {
  type: 'notes',
  name: 'note',
  prefix: '/test/v1',
  table: notes,
  shareable: true,
  createSchema: z.object({ identifier: z.string().min(1), label: z.string().min(1), body: z.string().optional() }),
  updateSchema: z.object({ label: z.string().min(1).optional(), body: z.string().optional() }),
  toInsert: (attributes, principal) => ({ ...attributes, ownerId: principal.username }),
  attributes: (row) => ({ body: row.body }),
};

/** Creates the table and mounts /test/v1/notes on an app that is not ready yet. */
export async function mountNotes(app: App): Promise<void> {
  await app.database.db.execute(sql`
    CREATE TABLE test_notes (
      id serial PRIMARY KEY, identifier text NOT NULL, label text NOT NULL, slug text, owner_id text NOT NULL,
      is_archived boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(), body text NOT NULL DEFAULT '')`);
  registerResourceRoutes(app.server, app.ctx, notesResource);
}
