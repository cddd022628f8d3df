import type { TaskRow } from '../store/tasks.repository.js';
import type { ExecutionContext } from './execution-context.js';

/**
 * What this process keeps in memory about one execution while it runs, all of it a
 * shortcut over the database (docs/engine.md "Memory only as a shortcut"): dropped at
 * once when the execution ends, is stopped or is found not running.
 */
export class RunningExecution {
  /** the pinned graph and versions: they never change during a run */
  context?: ExecutionContext;
  /**
   * The task rows as this process last read or wrote them, so that an advance after this
   * process's own change needs no read of every task (bench/engine). Safe while stale:
   * states only move forward and the ones decisions rest on (success, failed, skipped...)
   * are final; every write is conditional, so a decision on an old row just does not
   * apply, and then the rows are read again. Sweeps always read afresh.
   */
  tasks?: Map<number, TaskRow>;
  /** set when its tasks changed since the last published update, with the last task that did */
  unpublished?: { cause?: TaskRow };
  private wakeTimer?: NodeJS.Timeout;

  /** The rows are read again at the next advance. */
  forgetTasks(): void {
    this.tasks = undefined;
  }

  /** Keeps a row this process just wrote, when the rows are kept. */
  remember(row: TaskRow): void {
    this.tasks?.set(row.id, row);
  }

  /** Notes a change to publish; `cause` replaces an earlier one (the message names the last task). */
  markChanged(cause?: TaskRow): void {
    this.unpublished = { cause };
  }

  /** Notes a change to publish unless one is noted already (keeps its cause). */
  markChangedIfNot(): void {
    this.unpublished ??= {};
  }

  /** The noted change, taken: it is published once. */
  takeUnpublished(): { cause?: TaskRow } | undefined {
    const taken = this.unpublished;
    this.unpublished = undefined;
    return taken;
  }

  /** Runs `onWake` at `at` (a retry delay ends); replaces the previous wake, none when null. */
  wakeAt(at: Date | null, onWake: () => void): void {
    this.cancelWake();
    if (!at) return;
    const timer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        onWake();
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.wakeTimer = timer;
  }

  cancelWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
  }
}

/** The running executions of this process, by id; forget() drops everything about one. */
export class RunningExecutions {
  private readonly byId = new Map<number, RunningExecution>();

  get(executionId: number): RunningExecution | undefined {
    return this.byId.get(executionId);
  }

  /** The execution's entry, made when there is none. */
  of(executionId: number): RunningExecution {
    let entry = this.byId.get(executionId);
    if (!entry) {
      entry = new RunningExecution();
      this.byId.set(executionId, entry);
    }
    return entry;
  }

  /** Keeps a row this process just wrote; true when there is one (the write applied). */
  remember(row: TaskRow | undefined): row is TaskRow {
    if (row) this.byId.get(row.executionId)?.remember(row);
    return row !== undefined;
  }

  forget(executionId: number): void {
    this.byId.get(executionId)?.cancelWake();
    this.byId.delete(executionId);
  }

  /** Drops every entry (the orchestrator closes). */
  clear(): void {
    for (const executionId of [...this.byId.keys()]) this.forget(executionId);
  }
}
