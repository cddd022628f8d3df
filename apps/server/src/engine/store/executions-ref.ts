import { sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The builder's executions table (its executions.schema.ts) as the engine's task
 * rows refer to it — the key their foreign key names, the status a claim checks — so that the
 * engine names no module. Not a table of its own: db-schema.ts does not list it, and
 * executions-ref.test.ts keeps these columns those of the builder's table.
 */
export const executionsRef = pgTable('executions', {
  id: integer('id').primaryKey(),
  status: text('status').notNull(),
});

/** SQL true while the execution `executionId` names runs (a task is claimed only then). */
export function isExecutionRunning(executionId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${executionsRef} where ${executionsRef.id} = ${executionId} and ${executionsRef.status} = 'running')`;
}
