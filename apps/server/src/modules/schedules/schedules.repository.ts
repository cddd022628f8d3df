import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { schedules } from './schedules.schema.js';

/** Spec 3: an archived schedule is disabled and has no next run (it stays so when unarchived). */
export async function disableSchedule(db: Db, id: number): Promise<void> {
  await db.update(schedules).set({ status: 'disabled', nextRunAt: null }).where(eq(schedules.id, id));
}
