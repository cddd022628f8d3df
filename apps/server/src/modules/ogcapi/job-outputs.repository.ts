import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ogcJobOutputs } from './job-outputs.schema.js';

/** Records the outputs a job's execute request named. */
export async function recordJobOutputs(db: Db, executionId: number, outputs: string[]): Promise<void> {
  await db.insert(ogcJobOutputs).values({ executionId, outputs });
}

/** The outputs a job asked for, or undefined when it asked for all. */
export async function jobOutputsOf(db: Db, executionId: number): Promise<string[] | undefined> {
  const [row] = await db.select({ outputs: ogcJobOutputs.outputs }).from(ogcJobOutputs).where(eq(ogcJobOutputs.executionId, executionId));
  return row?.outputs;
}
