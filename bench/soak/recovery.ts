import { and, eq, gt, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { executions, executionTasks } from '../../apps/server/src/db-schema.js';
import type { Db } from '../../apps/server/src/platform/db/client.js';
import type { Kind } from './cluster.js';

/** A SIGKILL the soak sent, and what the killed process had in hand at that moment. */
export interface Kill {
  at: Date;
  member: string;
  kind: Kind;
  /** a worker's label on the task rows it runs */
  label?: string;
  /** a worker: the attempts it had started and not ended (`{execution identifier}|{task}|{try}`); a replica: the ids of the executions running */
  held: string[];
}

/** A replica holds no task of its own (the orchestrators of all replicas share the rows): its kill is measured on the executions running then. */
export async function runningExecutions(db: Db): Promise<string[]> {
  const rows = await db.select({ id: executions.id }).from(executions).where(eq(executions.status, 'running'));
  return rows.map((row) => String(row.id));
}

interface Recovery {
  member: string;
  /** seconds into the soak */
  at: number;
  /** from the kill to the first task another worker ended with success (a worker's kill), or the first execution ended (a replica's) */
  firstMs: number;
  /** from the kill to the last of `held` ending, elsewhere, as text (with how many there were) */
  takeover: string;
}

const firstAfter = (rows: { at: Date | null }[]) => rows[0]?.at?.getTime() ?? NaN;

/**
 * The recovery after each kill and the sustained rate, read from the rows at the end:
 * - a worker: the first success by another worker after the kill (the cluster goes on), and the
 *   end of the last task it was running (delivered again after the queue lock ran out);
 * - a replica: the first execution that ended after the kill, and the end of the last
 *   execution that was running then (the other replica's orchestrator carries them on).
 */
export async function recoveries(db: Db, kills: Kill[], submitStart: number, windowMs: number) {
  const out: Recovery[] = [];
  for (const kill of kills) {
    let first: number;
    let ends: { end: Date | null; state: string }[];
    if (kill.kind === 'worker') {
      first = firstAfter(
        await db
          .select({ at: executionTasks.endDate })
          .from(executionTasks)
          .where(and(eq(executionTasks.state, 'success'), gt(executionTasks.endDate, kill.at), ne(executionTasks.workerLabel, kill.label ?? '')))
          .orderBy(executionTasks.endDate)
          .limit(1),
      );
      ends = [];
      for (const attempt of kill.held) {
        const [identifier, taskId] = attempt.split('|') as [string, string];
        const [row] = await db
          .select({ end: executionTasks.endDate, state: executionTasks.state, label: executionTasks.workerLabel })
          .from(executionTasks)
          .innerJoin(executions, eq(executions.id, executionTasks.executionId))
          .where(and(eq(executions.identifier, identifier), eq(executionTasks.taskId, taskId)));
        // the state says where it ended: on another worker, or still on the dead one's label (never taken over)
        if (row) ends.push({ end: row.end, state: row.label === kill.label ? `${row.state} on the killed worker` : row.state });
      }
    } else {
      first = firstAfter(
        await db.select({ at: executions.endTime }).from(executions).where(gt(executions.endTime, kill.at)).orderBy(executions.endTime).limit(1),
      );
      ends = kill.held.length
        ? await db
            .select({ end: executions.endTime, state: executions.status })
            .from(executions)
            .where(inArray(executions.id, kill.held.map(Number)))
        : [];
    }
    const last = Math.max(...ends.map((row) => row.end?.getTime() ?? Infinity));
    const states = new Map<string, number>();
    for (const row of ends) states.set(row.state, (states.get(row.state) ?? 0) + 1);
    const takeover =
      ends.length === 0
        ? 'none in hand'
        : `${ends.length}, the last ended ${((last - kill.at.getTime()) / 1000).toFixed(1)} s after the kill (${[...states].map(([state, count]) => `${count} ${state}`).join(', ')})`;
    out.push({ member: kill.member, at: (kill.at.getTime() - submitStart) / 1000, firstMs: first - kill.at.getTime(), takeover });
  }
  const [inWindow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(executions)
    .where(and(gte(executions.endTime, new Date(submitStart)), lte(executions.endTime, new Date(submitStart + windowMs))));
  const [overall] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string>`max(${executions.endTime})` })
    .from(executions)
    .where(isNotNull(executions.endTime));
  return {
    kills: out,
    perMinute: (inWindow?.count ?? 0) / (windowMs / 60_000),
    overall: (overall?.count ?? 0) / ((new Date(overall?.last ?? submitStart).getTime() - submitStart) / 60_000),
  };
}
