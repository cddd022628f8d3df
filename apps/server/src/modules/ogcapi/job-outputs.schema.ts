import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { executions } from '../builder/executions.schema.js';

/**
 * The outputs an OGC execute request asked for (`outputs`), kept with its job so that the
 * results, read later, hold those and no others (docs/ogcapi.md "Outputs"). A job without a
 * row asked for none in particular: all its outputs.
 */
export const ogcJobOutputs = pgTable('ogc_job_outputs', {
  executionId: integer('execution_id')
    .primaryKey()
    .references(() => executions.id, { onDelete: 'cascade' }),
  outputs: jsonb('outputs').$type<string[]>().notNull(),
});
