import type { TaskJob, TaskOutcome } from '../executors/executor.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { hideServerPaths } from '../store/server-paths.js';
import type { TaskRow, TasksRepository } from '../store/tasks.repository.js';
import type { RunningExecutions } from './running-executions.js';
import { storableOutcome } from './storable-outcome.js';
import { afterFailure } from './transitions.js';

/** What the orchestrator lends the reports: the next advance of an execution, and whether it is closing. */
export interface ReportHooks {
  kick(executionId: number): void;
  isClosing(): boolean;
}

/**
 * What an executor reports of an attempt (ExecutorCallbacks), written to its task's row: only
 * to this attempt while it is in flight, so a stop that got there first, or a stale report,
 * changes nothing. Each write that applied is published and advances the execution.
 */
export class AttemptReports {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly running: RunningExecutions,
    private readonly paths: DatastorePaths,
    private readonly hooks: ReportHooks,
  ) {}

  async onStarted(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void> {
    const row = await this.tasks.transition(
      job.taskRowId,
      // 'running' too: the queue delivered the same attempt again to another worker (its previous one died)
      ['queued', 'running'],
      { state: 'running', startDate: started.startedAt, workerLabel: started.workerLabel, pid: started.handle, heartbeatAt: new Date(), statusMessage: null },
      { tryNumber: job.tryNumber },
    );
    this.changed(job, row);
  }

  /** Why a queued attempt waits (no worker offers what it needs), on its row for the report; null clears it. */
  async onWaiting(job: TaskJob, reason: string | null): Promise<void> {
    const row = await this.tasks.transition(job.taskRowId, ['queued'], { statusMessage: reason }, { tryNumber: job.tryNumber });
    this.changed(job, row);
  }

  async onFinished(job: TaskJob, reported: TaskOutcome): Promise<void> {
    const outcome = storableOutcome(reported);
    const now = new Date();
    const current = { tryNumber: job.tryNumber };
    let row: TaskRow | undefined;
    if (outcome.ok) {
      row = await this.tasks.transition(job.taskRowId, ['queued', 'running'], { state: 'success', outputs: outcome.outputs, endDate: now, pid: null }, current);
    } else {
      const task = await this.tasks.find(job.taskRowId);
      if (!task) return;
      // a task's error is read by its users (report, PDF, jobs): no server folders in it
      const error = hideServerPaths(outcome.error, this.paths.root);
      if (outcome.interrupted) {
        if (this.hooks.isClosing()) return; // recovered at the next start
        // the interruption is not the task's failure: it does not use up an attempt
        row = await this.tasks.transition(
          task.id,
          ['queued', 'running'],
          { state: 'retry', maxTries: task.maxTries + 1, nextAttemptAt: now, error, pid: null },
          current,
        );
      } else {
        row = await this.tasks.transition(task.id, ['queued', 'running'], { ...afterFailure(task, now), error, endDate: now, pid: null }, current);
      }
    }
    if (!this.running.remember(row)) return;
    this.running.of(job.executionId).markChanged(row);
    this.hooks.kick(job.executionId);
  }

  /** onStarted and onWaiting advance the execution even when their write did not apply. */
  private changed(job: TaskJob, row: TaskRow | undefined): void {
    if (this.running.remember(row)) this.running.of(job.executionId).markChanged(row);
    this.hooks.kick(job.executionId);
  }
}
