import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { processBuckets, processVersions } from './processes.schema.js';

/**
 * The value of a process's next unreleased version: one more than the highest
 * integer value among its buckets and released versions ("1", "2", ...). Archived
 * ones count too, so a value is never given twice.
 */
export async function nextVersionValue(db: Db, processId: number): Promise<string> {
  const highest = async (table: typeof processBuckets | typeof processVersions) => {
    const [row] = await db
      .select({ value: sql<number>`coalesce(max(case when ${table.value} ~ '^[0-9]{1,9}$' then ${table.value}::int end), 0)` })
      .from(table)
      .where(eq(table.processId, processId));
    return Number(row?.value ?? 0);
  };
  return String(Math.max(await highest(processBuckets), await highest(processVersions)) + 1);
}
