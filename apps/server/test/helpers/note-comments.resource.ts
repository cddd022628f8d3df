import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { App } from '../../src/app.js';
import { resourceColumns } from '../../src/db-schema.js';
import type { ResourceDefinition } from '../../src/platform/resources/resource-definition.js';
import { registerResourceRoutes } from '../../src/platform/resources/resource.routes.js';
import { mountNotes, notesResource } from './notes.resource.js';

/**
 * A test-only child resource: comments belong to a note (inheritsFrom) with every
 * default of the link, the way buckets, versions and images belong to a process.
 */
export const noteComments = pgTable('test_note_comments', {
  ...resourceColumns(),
  noteId: integer('note_id').notNull(),
  body: text('body').notNull().default(''),
});

export const noteCommentsResource: ResourceDefinition = {
  type: 'note-comments',
  name: 'comment',
  prefix: '/test/v1',
  table: noteComments,
  shareable: false,
  inheritsFrom: { definition: notesResource, foreignKey: noteComments.noteId, relationship: 'note' },
  createSchema: z.object({ body: z.string().min(1) }),
  updateSchema: z.object({ body: z.string().min(1) }),
  toInsert: (attributes, principal, _ctx, parent) => ({
    identifier: `${parent!.row.identifier}:${String(attributes.body)}`,
    label: String(attributes.body),
    body: attributes.body,
    noteId: parent!.row.id,
    ownerId: principal.username,
  }),
  attributes: (row, note) => ({ body: row.body, noteIdentifier: note?.identifier }),
};

/** Mounts notes and their comments on an app that is not ready yet. */
export async function mountNotesWithComments(app: App): Promise<void> {
  await mountNotes(app);
  await app.database.db.execute(sql`
    CREATE TABLE test_note_comments (
      id serial PRIMARY KEY, identifier text NOT NULL, label text NOT NULL, slug text, owner_id text NOT NULL,
      is_archived boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(), note_id integer NOT NULL, body text NOT NULL DEFAULT '')`);
  registerResourceRoutes(app.server, app.ctx, noteCommentsResource);
}
