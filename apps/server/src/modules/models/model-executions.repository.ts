import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { executions } from '../builder/executions.schema.js';

/** The latest `limit` model executions of `owner`, newest first (their usage records). */
export function latestModelExecutions(db: Db, owner: string, limit: number) {
  return db
    .select()
    .from(executions)
    .where(and(eq(executions.kind, 'model'), eq(executions.ownerId, owner)))
    .orderBy(desc(executions.createdAt))
    .limit(limit);
}
