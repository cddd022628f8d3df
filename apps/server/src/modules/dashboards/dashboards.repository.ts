import type { DashboardComponent } from '@asb/contracts';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { executions } from '../builder/executions.schema.js';
import { dashboards } from './dashboards.schema.js';

/** What a change of a dashboard's components makes: the new list, the next component number when it took one, and what the caller answers. */
export interface ComponentsChange<T> {
  components: DashboardComponent[];
  next?: number;
  result: T;
}

/**
 * Changes a dashboard's components under its row's lock, so that two writers never lose one
 * another's component; `change` may throw to refuse (nothing is written). Undefined when the
 * dashboard is gone.
 */
export async function changeComponentsLocked<T>(
  db: Db,
  dashboardId: number,
  change: (components: DashboardComponent[], next: number) => ComponentsChange<T>,
): Promise<{ result: T } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(dashboards).where(eq(dashboards.id, dashboardId)).for('update');
    if (!row) return undefined;
    const changed = change(row.components, row.nextComponent);
    await tx
      .update(dashboards)
      .set({ components: changed.components, nextComponent: changed.next ?? row.nextComponent, updatedAt: new Date() })
      .where(eq(dashboards.id, row.id));
    return { result: changed.result };
  });
}

/** Executions created since `since` that `visibility` lets the caller see, counted by UTC day and status, with how many have a duration and its sum. */
export function executionCountsByDay(db: Db, since: Date, visibility: SQL | undefined) {
  const day = sql<string>`to_char(${executions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      status: executions.status,
      count: sql<number>`count(*)::int`,
      timed: sql<number>`count(${executions.endTime} - ${executions.startTime})::int`,
      seconds: sql<number | null>`sum(extract(epoch from ${executions.endTime} - ${executions.startTime}))::float8`,
    })
    .from(executions)
    .where(and(gte(executions.createdAt, since), visibility))
    .groupBy(day, executions.status);
}
