import type { TaskState } from '@asb/contracts';
import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isExecutionRunning } from './executions-ref.js';
import { executionTasks } from './tasks.schema.js';

export type TaskRow = typeof executionTasks.$inferSelect;
export type NewTask = typeof executionTasks.$inferInsert;

/**
 * The orchestrator's queries on execution_tasks. Every transition is one conditional
 * UPDATE (`WHERE state IN (...)`): whoever changes a task first wins, so two replicas,
 * or an executor's report racing a stop, never both apply.
 */
export class TasksRepository {
  constructor(private readonly db: Db) {}

  async insertMissing(rows: NewTask[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(executionTasks).values(rows).onConflictDoNothing();
  }

  ofExecution(executionId: number): Promise<TaskRow[]> {
    return this.db.select().from(executionTasks).where(eq(executionTasks.executionId, executionId)).orderBy(asc(executionTasks.id));
  }

  async findByTaskId(executionId: number, taskId: string): Promise<TaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(executionTasks)
      .where(and(eq(executionTasks.executionId, executionId), eq(executionTasks.taskId, taskId)));
    return row;
  }

  async find(id: number): Promise<TaskRow | undefined> {
    const [row] = await this.db.select().from(executionTasks).where(eq(executionTasks.id, id));
    return row;
  }

  /** Moves a task from one of `from` to new values; the row when this call won, else undefined. */
  async transition(id: number, from: TaskState[], values: Partial<NewTask>, attempt?: { tryNumber: number }): Promise<TaskRow | undefined> {
    const [row] = await this.db
      .update(executionTasks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(executionTasks.id, id), inArray(executionTasks.state, from), attempt ? eq(executionTasks.tryNumber, attempt.tryNumber) : undefined))
      .returning();
    return row;
  }

  /**
   * Claims a waiting task for a new attempt by `workerLabel`: queued, try number + 1 — only
   * while its execution runs, so a stop that got there first is never overtaken.
   */
  async claim(id: number, inputs: Record<string, unknown>, workerLabel: string): Promise<TaskRow | undefined> {
    const [row] = await this.db
      .update(executionTasks)
      .set({
        state: 'queued',
        tryNumber: sql`${executionTasks.tryNumber} + 1` as unknown as number,
        nextAttemptAt: null,
        inputs,
        error: null,
        statusMessage: null,
        startDate: null,
        endDate: null,
        pid: null,
        workerLabel,
        updatedAt: new Date(),
      })
      .where(and(eq(executionTasks.id, id), inArray(executionTasks.state, ['no_status', 'retry']), isExecutionRunning(executionTasks.executionId)))
      .returning();
    return row;
  }

  /** Tasks claimed under `workerLabel` and still queued, unchanged since `before` (stranded-attempts.ts). */
  queuedUnder(workerLabel: string, before: Date): Promise<TaskRow[]> {
    return this.db
      .select()
      .from(executionTasks)
      .where(and(eq(executionTasks.state, 'queued'), eq(executionTasks.workerLabel, workerLabel), lt(executionTasks.updatedAt, before)));
  }

  /** Attempts in flight under the queue (waiting: 'queue'; taken: a worker's label), unchanged since `before` (lost-attempts.ts). */
  queueAttemptsBefore(before: Date): Promise<TaskRow[]> {
    return this.db
      .select()
      .from(executionTasks)
      .where(
        and(
          inArray(executionTasks.state, ['queued', 'running']),
          or(eq(executionTasks.workerLabel, 'queue'), like(executionTasks.workerLabel, 'worker:%')),
          lt(executionTasks.updatedAt, before),
        ),
      );
  }

  /** Tasks with an attempt in flight (queued or running) of running executions. */
  inFlight(): Promise<TaskRow[]> {
    return this.db
      .select()
      .from(executionTasks)
      .where(inArray(executionTasks.state, ['queued', 'running']));
  }
}
