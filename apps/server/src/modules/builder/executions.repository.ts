import type { ExecutionInputGroup, ExecutionResults, ProductOrder } from '@asb/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExecutionOutcome, ExecutionStore } from '../../engine/ports.js';
import type { Db } from '../../platform/db/client.js';
import { resourceWorkspaces } from '../../platform/db/schema.js';
import { executionPackages, executions } from './executions.schema.js';

export type ExecutionRow = typeof executions.$inferSelect;
export type NewExecution = typeof executions.$inferInsert;
type ExecutionSummary = Pick<ExecutionRow, 'id' | 'identifier' | 'status' | 'progress' | 'ownerId' | 'application' | 'model'>;

const SUMMARY = {
  id: executions.id,
  identifier: executions.identifier,
  status: executions.status,
  progress: executions.progress,
  ownerId: executions.ownerId,
  application: executions.application,
  model: executions.model,
};

/**
 * Every write of the `executions` table, and the reads that go with them: the builder
 * creates (ExecutionCreator) and submits executions, the engine runs and ends them (it is
 * the engine's ExecutionStore port), schedules tag theirs, the unsubmitted cleanup deletes.
 * Status changes are conditional UPDATEs on the current status (the row when this call
 * won, else undefined): two replicas, or a stop racing the end of a run, never both apply.
 * The generic resource list (platform/resources) reads the table by itself.
 */
export class ExecutionsRepository implements ExecutionStore {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<ExecutionRow | undefined> {
    const [row] = await this.db.select().from(executions).where(eq(executions.id, id));
    return row;
  }

  async statusOf(id: number): Promise<string | undefined> {
    const [row] = await this.db.select({ status: executions.status }).from(executions).where(eq(executions.id, id));
    return row?.status;
  }

  /**
   * A new execution, with the CWL an application execution runs pinned beside it (one
   * transaction); throws the database's unique violation when its identifier is taken.
   * ExecutionCreator (execution-creator.ts) is its one caller.
   */
  async insert(values: NewExecution, cwl?: string): Promise<number> {
    if (cwl === undefined) {
      const [row] = await this.db.insert(executions).values(values).returning({ id: executions.id });
      return row!.id;
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(executions).values(values).returning({ id: executions.id });
      await tx.insert(executionPackages).values({ executionId: row!.id, cwl });
      return row!.id;
    });
  }

  /** The CWL pinned with an application execution. */
  async pinnedCwl(id: number): Promise<string | undefined> {
    const [row] = await this.db.select({ cwl: executionPackages.cwl }).from(executionPackages).where(eq(executionPackages.executionId, id));
    return row?.cwl;
  }

  /**
   * Deletes up to `limit` executions created before `cutoff` and never submitted, not of a
   * schedule (unsubmitted-cleanup.ts), with their workspace shares; how many. Rows another
   * transaction holds are left for the next call, and a submission since the select keeps its execution.
   */
  async deleteUnsubmitted(cutoff: Date, limit: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: executions.id })
        .from(executions)
        .where(and(eq(executions.status, 'created'), isNull(executions.scheduleId), lt(executions.createdAt, cutoff)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const ids = expired.map((row) => row.id);
      if (ids.length === 0) return 0;
      await tx.delete(resourceWorkspaces).where(and(eq(resourceWorkspaces.resourceType, 'executions'), inArray(resourceWorkspaces.resourceId, ids)));
      const gone = await tx
        .delete(executions)
        .where(and(inArray(executions.id, ids), eq(executions.status, 'created')))
        .returning({ id: executions.id });
      return gone.length;
    });
  }

  /** created → pending (submitted); undefined when it was not 'created' any more. */
  async markPending(id: number, now: Date): Promise<Pick<ExecutionRow, 'id' | 'ownerId'> | undefined> {
    const [row] = await this.db
      .update(executions)
      .set({ status: 'pending', submittedAt: now, updatedAt: now })
      .where(and(eq(executions.id, id), eq(executions.status, 'created')))
      .returning({ id: executions.id, ownerId: executions.ownerId });
    return row;
  }

  /** pending → running: the engine's reference of the run and its datastore folder. */
  async markRunning(id: number, run: { workflowExecutionId: string; datastore: string }): Promise<ExecutionRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(executions)
      .set({ status: 'running', startTime: now, ...run, updatedAt: now })
      .where(and(eq(executions.id, id), eq(executions.status, 'pending')))
      .returning();
    return row;
  }

  /** running → success/failed, every task having ended. */
  async markFinished(id: number, outcome: ExecutionOutcome, results: ExecutionResults): Promise<ExecutionRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(executions)
      .set({ status: outcome, progress: 1, endTime: now, executionResults: results, updatedAt: now })
      .where(and(eq(executions.id, id), eq(executions.status, 'running')))
      .returning();
    return row;
  }

  /** pending/running → failed for a reason that is the run's, not a task's (its graph cannot run). */
  async markFailed(execution: ExecutionRow, reason: string): Promise<ExecutionRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(executions)
      .set({
        status: 'failed',
        endTime: now,
        startTime: execution.startTime ?? now,
        executionResults: { info: { data: { streams: {} } }, tasks: [], data: [], error: reason },
        updatedAt: now,
      })
      .where(and(eq(executions.id, execution.id), inArray(executions.status, ['pending', 'running'])))
      .returning();
    return row;
  }

  /** created/pending/running → stopped. */
  async markStopped(id: number): Promise<ExecutionRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(executions)
      .set({ status: 'stopped', endTime: now, updatedAt: now })
      .where(and(eq(executions.id, id), inArray(executions.status, ['created', 'pending', 'running'])))
      .returning();
    return row;
  }

  /** Progress and results of a running execution; only the columns a live message needs come back. */
  async setProgress(id: number, progress: number, results: ExecutionResults): Promise<ExecutionSummary | undefined> {
    const [row] = await this.db
      .update(executions)
      .set({ progress, executionResults: results, updatedAt: new Date() })
      .where(and(eq(executions.id, id), eq(executions.status, 'running')))
      // only what the message carries: the row's JSON columns would be parsed for nothing
      .returning(SUMMARY);
    return row;
  }

  /** The results of an execution whatever its status (a stopped one's). */
  async setResults(id: number, results: ExecutionResults): Promise<ExecutionRow | undefined> {
    const [row] = await this.db.update(executions).set({ executionResults: results }).where(eq(executions.id, id)).returning();
    return row;
  }

  async setProductOrder(id: number, order: ProductOrder): Promise<void> {
    await this.db.update(executions).set({ productOrder: order, updatedAt: new Date() }).where(eq(executions.id, id));
  }

  async setInputs(id: number, inputs: ExecutionInputGroup[]): Promise<void> {
    await this.db.update(executions).set({ inputs }).where(eq(executions.id, id));
  }

  /** An application execution's remote job on an ADES (the OGC runtime learnt its URL). */
  async setRemoteJob(id: number, url: string): Promise<void> {
    await this.db
      .update(executions)
      .set({ application: sql`jsonb_set(${executions.application}, '{remoteJob}', to_jsonb(${url}::text))` })
      .where(and(eq(executions.id, id), eq(executions.kind, 'application')));
  }

  /** The remote job's URL an application execution on an ADES recorded, if any. */
  async remoteJob(id: number): Promise<string | null | undefined> {
    const [row] = await this.db.select({ application: executions.application }).from(executions).where(eq(executions.id, id));
    return row?.application?.remoteJob;
  }

  /** Marks an execution as started by a schedule for one due time (unique per schedule). */
  async tagSchedule(id: number, tag: { scheduleId: number; scheduleIdentifier: string; scheduledFor: Date | null }): Promise<void> {
    await this.db.update(executions).set(tag).where(eq(executions.id, id));
  }

  /** Ids of the executions the engine has to drive. */
  async activeIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: executions.id })
      .from(executions)
      .where(inArray(executions.status, ['pending', 'running']));
    return rows.map((row) => row.id);
  }

  /** Scheduled executions still 'created' (a crash between their commit and their submission). */
  scheduledWaiting(limit: number): Promise<Pick<ExecutionRow, 'id' | 'ownerId'>[]> {
    return this.db
      .select({ id: executions.id, ownerId: executions.ownerId })
      .from(executions)
      .where(and(isNotNull(executions.scheduleId), eq(executions.status, 'created')))
      .orderBy(asc(executions.id))
      .limit(limit);
  }

  /** Executions whose inputs hold a value marked encrypted. */
  withEncryptedInputs(): Promise<Pick<ExecutionRow, 'id' | 'identifier' | 'inputs'>[]> {
    return this.db
      .select({ id: executions.id, identifier: executions.identifier, inputs: executions.inputs })
      .from(executions)
      .where(sql`${executions.inputs}::text like '%"encrypted": true%'`);
  }
}

/** SQL count of the executions a schedule started (a column of the schedules list). */
export function executionCountOfSchedule(scheduleId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${executions} where ${executions.scheduleId} = ${scheduleId})`;
}
