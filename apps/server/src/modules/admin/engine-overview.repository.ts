import { count, desc, eq, inArray } from 'drizzle-orm';
import type { TaskRow } from '../../engine/store/tasks.repository.js';
import { executionTasks } from '../../engine/store/tasks.schema.js';
import type { Db } from '../../platform/db/client.js';
import { executions } from '../builder/executions.schema.js';

/** What the admin's engine tab shows, as the database holds it (admin.routes.ts adds the executor's capacity). */
interface EngineRows {
  /** queued and running attempts */
  inFlight: TaskRow[];
  /** the latest failed attempts, newest first */
  failed: TaskRow[];
  waitingForRetry: number;
  activeExecutions: number;
}

export async function engineRows(db: Db, failedShown: number): Promise<EngineRows> {
  const inFlight = await db
    .select()
    .from(executionTasks)
    .where(inArray(executionTasks.state, ['queued', 'running']));
  const failed = await db.select().from(executionTasks).where(eq(executionTasks.state, 'failed')).orderBy(desc(executionTasks.endDate)).limit(failedShown);
  const [retrying] = await db.select({ value: count() }).from(executionTasks).where(eq(executionTasks.state, 'retry'));
  const [active] = await db
    .select({ value: count() })
    .from(executions)
    .where(inArray(executions.status, ['pending', 'running']));
  return { inFlight, failed, waitingForRetry: Number(retrying?.value ?? 0), activeExecutions: Number(active?.value ?? 0) };
}

/** The identifier of each execution of `ids` (an attempt is shown by its execution's identifier). */
export async function executionIdentifiers(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: executions.id, identifier: executions.identifier }).from(executions).where(inArray(executions.id, ids));
  return new Map(rows.map((row) => [row.id, row.identifier]));
}
