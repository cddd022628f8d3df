import type { PlatformContext } from '../../platform/context.js';
import type { TaskExecutor } from '../executors/executor.js';
import type { ExecutionStore } from '../ports.js';
import type { TaskRow, TasksRepository } from '../store/tasks.repository.js';
import type { ExecutionEndings } from './execution-endings.js';
import type { ExecutionUpdates } from './execution-updates.js';
import type { RunningExecutions } from './running-executions.js';

/** The bus event by which a stop taken where the engine does not run reaches the engine's process (no user's: audience ''). */
export const CANCEL_EVENT = 'engineCancel';

/** What the orchestrator lends the stops: its executor, the next advance of an execution, and its state. */
export interface StopHooks {
  executor(): TaskExecutor;
  kick(executionId: number, options?: { refresh?: boolean }): void;
  isStarted(): boolean;
  isClosing(): boolean;
}

/**
 * Stopping work (a user's stop, the engine admin's stop and requeue, docs/admin.md): the rows
 * are written first, then the attempts are ended wherever they run.
 */
export class ExecutionStops {
  /** stops answered before their attempts ended: close() waits for them */
  private readonly stopping = new Set<Promise<void>>();

  constructor(
    private readonly ctx: PlatformContext,
    private readonly executions: ExecutionStore,
    private readonly tasks: TasksRepository,
    private readonly running: RunningExecutions,
    private readonly updates: ExecutionUpdates,
    private readonly endings: ExecutionEndings,
    private readonly hooks: StopHooks,
  ) {}

  /** Resolves when the stops answered early have ended their attempts (close, before the database closes). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.stopping]);
  }

  /**
   * Ends a task's queued or running attempt and fails the task, without a retry (the engine admin's
   * stop, docs/admin.md): its execution goes on as after any failure. Undefined when the task has
   * no attempt in flight.
   */
  async stopAttempt(taskRowId: number, by: string): Promise<TaskRow | undefined> {
    const task = await this.tasks.find(taskRowId);
    if (!task) return undefined;
    const row = await this.tasks.transition(task.id, ['queued', 'running'], { state: 'failed', error: `Stopped by ${by}.`, endDate: new Date(), pid: null });
    if (!this.running.remember(row)) return undefined;
    // its report then changes nothing: the attempt is no longer in flight
    await this.cancel(task);
    this.running.of(task.executionId).markChanged(row);
    this.hooks.kick(task.executionId);
    return row;
  }

  /**
   * Puts a task back in the queue to run again now (the engine admin's requeue): a queued or running
   * attempt is ended as interrupted (which costs the task no try, AttemptReports.onFinished), a task
   * waiting to retry is due at once. Undefined when the task is in none of these states.
   */
  async requeueTask(taskRowId: number): Promise<TaskRow | undefined> {
    const task = await this.tasks.find(taskRowId);
    if (!task) return undefined;
    if (task.state === 'retry') {
      const row = await this.tasks.transition(task.id, ['retry'], { nextAttemptAt: new Date() });
      if (this.running.remember(row)) this.hooks.kick(task.executionId, { refresh: true });
      return row;
    }
    if (task.state !== 'queued' && task.state !== 'running') return undefined;
    await this.cancel(task);
    return this.tasks.find(task.id);
  }

  /**
   * Stops an execution: running attempts are killed and marked failed, waiting tasks keep no
   * status. With `waitForAttempts: false` it answers once the execution and its tasks are marked
   * stopped, and the attempts end in the background (a remote caller's dismiss need not wait for
   * a process's grace period; docs/ogcapi.md).
   */
  async stop(executionId: number, by: string, options: { waitForAttempts?: boolean } = {}): Promise<boolean> {
    const stopped = await this.executions.markStopped(executionId);
    if (!stopped) return false;
    const tasks = await this.tasks.ofExecution(executionId);
    const inFlight = tasks.filter((candidate) => ['queued', 'running', 'retry'].includes(candidate.state));
    for (const task of inFlight)
      await this.tasks.transition(task.id, ['queued', 'running', 'retry'], { state: 'failed', error: `Stopped by ${by}.`, endDate: new Date(), pid: null });
    const finish = (async () => {
      await Promise.all(inFlight.map((task) => this.cancel(task)));
      await this.updates.stopped(stopped);
      this.running.forget(executionId);
      await this.endings.ended(stopped);
    })();
    if (options.waitForAttempts !== false) await finish;
    else {
      this.stopping.add(finish);
      finish
        .catch((error: unknown) => this.ctx.log.warn({ err: error, executionId }, 'engine: ending a stopped execution failed'))
        .finally(() => this.stopping.delete(finish));
    }
    return true;
  }

  /**
   * Ends an attempt. Unless the executor reaches it wherever it runs (the queue), the attempt may
   * be another process's: one that does not run the engine (ASB_ENGINE=false, or an HTTP process
   * beside the designated one: docs/operations.md "All cores") runs none, and another replica's
   * local executor runs its own. The stop goes out on the bus too; every engine process ends the
   * attempt if it runs it, that try only, so a retry started meanwhile goes on.
   */
  private async cancel(task: Pick<TaskRow, 'id' | 'tryNumber'>): Promise<void> {
    const executor = this.hooks.executor();
    await executor.cancel(task.id, task.tryNumber);
    if (this.hooks.isStarted() && executor.stopsEverywhere) return;
    await this.ctx.bus
      .publish({ type: CANCEL_EVENT, audience: '', payload: { taskRowId: task.id, tryNumber: task.tryNumber } })
      .catch((error: unknown) => this.ctx.log.warn({ err: error, taskRowId: task.id }, 'engine: the stop could not be sent to the engine'));
  }

  /** Ends an attempt stopped in another process (CANCEL_EVENT), when this one runs it. */
  cancelHere(taskRowId: number, tryNumber: unknown): void {
    if (this.hooks.isClosing() || !Number.isInteger(taskRowId)) return;
    this.hooks
      .executor()
      .cancel(taskRowId, Number.isInteger(tryNumber) ? (tryNumber as number) : undefined)
      .catch((error: unknown) => this.ctx.log.warn({ err: error, taskRowId }, 'engine: ending an attempt stopped elsewhere failed'));
  }
}
