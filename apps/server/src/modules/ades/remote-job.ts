import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { executions } from '../builder/executions.schema.js';

/**
 * Keeps the URL of the job an ADES runs for an application execution on the execution
 * (`application.remoteJob`): its report and the taskmgr ades-task show it (docs/ades.md).
 */
export async function recordRemoteJob(db: Db, executionId: number, url: string): Promise<void> {
  await db
    .update(executions)
    .set({ application: sql`${executions.application} || jsonb_build_object('remoteJob', ${url}::text)` })
    .where(eq(executions.id, executionId));
}
