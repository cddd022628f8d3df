import os from 'node:os';
import type { ExecutionUpdate, TaskState } from '@asb/contracts';
import type { AppContext } from '../../platform/context.js';
import { ExecutionsRepository, type ExecutionSummary } from '../../modules/builder/executions.repository.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from '../executors/executor.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import type { Datastore } from '../store/datastore.js';
import { TasksRepository, type NewTask, type TaskRow } from '../store/tasks.repository.js';
import { splitItems, type TaskSpec } from './dag-plan.js';
import { ExecutionContextError, loadExecutionContext, type ExecutionContext, type ExecutionRow } from './execution-context.js';
import { executionResults } from './execution-results.js';
import { taskInputs } from './task-inputs.js';
import { executionBinding } from '../../modules/keystore/keystore.service.js';
import { afterFailure, decide, executionOutcome, progressOf, type TaskView } from './transitions.js';

export interface OrchestratorOptions {
  /** how often executions are looked at without an event (submitted elsewhere, retries due) */
  sweepIntervalMs: number;
  /** kills what an attempt of a previous server process left running; true when it did */
  killOrphan(pid: number): Promise<boolean>;
  /** where outputs are kept: named in executionResults, told when an execution ended */
  datastore: Datastore;
}

const INTERRUPTED = 'Interrupted: the server stopped while the task ran; it runs again.';

/**
 * The orchestrator (docs/engine.md). It owns workflow state, all of it in the database:
 * an execution's tasks are rows whose state moves by conditional UPDATEs. advance()
 * looks at one execution and does every step that is due — start tasks whose upstream
 * tasks succeeded, propagate upstream_failed and skipped, fan a splitter out, end the
 * execution — and is run after every event (a task started or ended, an execution was
 * submitted or stopped) and by a periodic sweep. The executor runs the attempts.
 */
export class Orchestrator implements ExecutorCallbacks {
  private readonly tasks: TasksRepository;
  private readonly executions: ExecutionsRepository;
  private executor!: TaskExecutor;
  /** per execution: the advance in progress, so that advances of one execution never overlap */
  private readonly chains = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** the pinned graph and versions of running executions: they never change during a run */
  private readonly contexts = new Map<number, ExecutionContext>();
  /** executions whose tasks changed since their last published update, with the last task that did */
  private readonly changed = new Map<number, TaskRow | undefined>();
  /**
   * The task rows of running executions as this process last read or wrote them, so that
   * an advance after this process's own change needs no read of every task (bench/engine).
   * Safe while stale: states only move forward and the ones decisions rest on (success,
   * failed, skipped...) are final; every write is conditional, so a decision on an old row
   * just does not apply, and then the rows are read again. Sweeps always read afresh.
   */
  private readonly known = new Map<number, Map<number, TaskRow>>();
  private sweeper?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private isClosing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly paths: DatastorePaths,
    private readonly options: OrchestratorOptions,
  ) {
    this.tasks = new TasksRepository(ctx.db);
    this.executions = new ExecutionsRepository(ctx.db);
  }

  attach(executor: TaskExecutor): void {
    this.executor = executor;
  }

  /** Recovers what a previous process left in flight, then follows submissions and sweeps. */
  async start(): Promise<void> {
    await this.recover();
    this.unsubscribe = this.ctx.bus.subscribe((event) => {
      if (event.type === 'executionUpdate' && event.payload.status === 'pending') this.kick(Number(event.payload.id));
    });
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
    this.sweeper.unref();
    await this.sweep();
  }

  async close(): Promise<void> {
    this.isClosing = true;
    this.unsubscribe?.();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    await this.executor.shutdown();
    await Promise.allSettled([...this.chains.values()]);
  }

  /**
   * Attempts a dead server process of this machine had in flight (their worker label names
   * this host and a process that is gone): killed if their runner still lives, then run
   * again. Attempts of live processes and of queue workers are left alone.
   */
  private async recover(): Promise<void> {
    for (const task of await this.tasks.inFlight()) {
      if (!isOrphanedLocalAttempt(task.workerLabel)) continue;
      if (task.pid) await this.options.killOrphan(task.pid);
      // the interruption is the server's, not the task's: it does not use up an attempt
      await this.tasks.transition(task.id, ['queued', 'running'], {
        state: 'retry',
        maxTries: task.maxTries + 1,
        nextAttemptAt: new Date(),
        error: INTERRUPTED,
        pid: null,
      });
    }
  }

  private async sweep(): Promise<void> {
    if (this.isClosing) return;
    try {
      for (const id of await this.executions.activeIds()) this.kick(id, { refresh: true });
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'engine sweep failed');
    }
  }

  /** Runs advance(id) now, or once more after the one in progress; `refresh`: read the tasks from the database. */
  kick(executionId: number, options: { refresh?: boolean } = {}): void {
    if (this.isClosing || !Number.isInteger(executionId)) return;
    if (options.refresh) this.known.delete(executionId);
    if (this.chains.has(executionId)) {
      this.again.add(executionId);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(executionId);
        try {
          await this.advance(executionId);
        } catch (error) {
          if (!this.isClosing) this.ctx.log.error({ err: error, executionId }, 'engine: advancing an execution failed');
        }
      } while (this.again.has(executionId) && !this.isClosing);
    })().finally(() => this.chains.delete(executionId));
    this.chains.set(executionId, run);
  }

  /** Resolves when no advance of this execution is in progress (tests, benchmarks). */
  async settled(executionId: number): Promise<void> {
    while (this.chains.has(executionId)) await this.chains.get(executionId);
  }

  private async advance(executionId: number): Promise<void> {
    // a running execution's context is cached until it ends or is stopped (forget): no need to read it again
    const cached = this.contexts.get(executionId);
    const row = cached ? cached.execution : await this.executions.find(executionId);
    if (!row || (row.status !== 'pending' && row.status !== 'running')) {
      this.forget(executionId);
      return;
    }
    let context: ExecutionContext;
    try {
      context = await this.contextOf(row);
    } catch (error) {
      if (error instanceof ExecutionContextError) return this.failExecution(row, error.message);
      throw error;
    }
    if (row.status === 'pending') {
      const started = await this.begin(context);
      if (!started) return;
      context = { ...context, execution: started };
      this.contexts.set(executionId, context);
      this.changed.set(executionId, undefined);
    }
    for (;;) {
      const cached = this.known.get(executionId);
      const fromCache = cached !== undefined;
      const tasks = cached ? [...cached.values()] : await this.readTasks(executionId);
      const { actions, wakeAt } = decide(context.plan, tasks.map(toView), new Date());
      this.scheduleWake(executionId, wakeAt);
      if (actions.length === 0) {
        if (!(await this.finishIfDone(context, tasks)) && this.changed.has(executionId)) {
          const cause = this.changed.get(executionId);
          this.changed.delete(executionId);
          await this.publish(context, tasks, cause);
        }
        return;
      }
      const byId = new Map(tasks.map((task) => [task.taskId, task]));
      let hasChanged = false;
      let missed = false;
      for (const action of actions) {
        const task = byId.get(action.task.taskId)!;
        let moved: boolean;
        if (action.kind === 'upstream_failed' || action.kind === 'skipped') {
          moved = this.remember(await this.tasks.transition(task.id, ['no_status', 'retry'], { state: action.kind, endDate: new Date() }));
        } else if (action.kind === 'split') {
          moved = await this.split(context, task, byId);
        } else {
          moved = await this.dispatch(context, task, byId);
        }
        hasChanged = moved || hasChanged;
        missed = !moved || missed;
      }
      // a write that did not apply: the row had moved on (another replica, a stop) — read them all again
      if (missed) this.known.delete(executionId);
      // nothing moved: looking again would spin, unless what was looked at came from memory
      if (!hasChanged && !(missed && fromCache)) return;
      if (!this.changed.has(executionId)) this.changed.set(executionId, undefined);
    }
  }

  /** The execution's pinned graph and versions, loaded once per run. */
  private async contextOf(row: ExecutionRow): Promise<ExecutionContext> {
    const cached = this.contexts.get(row.id);
    if (cached) return { ...cached, execution: row };
    const context = await loadExecutionContext(this.ctx.db, row);
    if (row.status === 'running') this.contexts.set(row.id, context);
    return context;
  }

  /** Every task of the execution from the database; remembered while the execution runs. */
  private async readTasks(executionId: number): Promise<TaskRow[]> {
    const rows = await this.tasks.ofExecution(executionId);
    if (this.contexts.has(executionId)) this.known.set(executionId, new Map(rows.map((row) => [row.id, row])));
    return rows;
  }

  /** Keeps a row this process just wrote; true when there is one (the write applied). */
  private remember(row: TaskRow | undefined): row is TaskRow {
    if (row) this.known.get(row.executionId)?.set(row.id, row);
    return row !== undefined;
  }

  private forget(executionId: number): void {
    this.known.delete(executionId);
    this.contexts.delete(executionId);
    this.changed.delete(executionId);
    const timer = this.timers.get(executionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(executionId);
  }

  /** pending → running: the execution's tasks are written, its datastore folder named. */
  private async begin(context: ExecutionContext): Promise<ExecutionRow | undefined> {
    const { execution, plan } = context;
    await this.tasks.insertMissing(plan.mainTasks().map((spec) => this.newTask(context, spec)));
    return this.executions.markRunning(execution.id, {
      workflowExecutionId: `${this.executor.name}:${execution.identifier}`,
      datastore: this.paths.executionDir(execution.ownerId, execution.identifier),
    });
  }

  private newTask(context: ExecutionContext, spec: TaskSpec): NewTask {
    const { execution, plan } = context;
    const node = plan.node(spec.nodeId);
    const version = node.processVersion ? context.versions.get(node.processVersion) : undefined;
    return {
      identifier: `${execution.identifier}.${spec.taskId}`,
      label: node.label || node.processVersion || node.id,
      ownerId: execution.ownerId,
      executionId: execution.id,
      taskId: spec.taskId,
      nodeId: spec.nodeId,
      run: spec.run,
      itemIndex: spec.itemIndex,
      processVersion: node.processVersion ?? null,
      maxTries: 1 + (version?.retries ?? 0),
      retryDelayMs: version?.retryDelayMs ?? 0,
      timeoutMs: version?.timeoutMs ?? null,
    };
  }

  /** A splitter runs in the orchestrator: it writes one child run per item of its list. */
  /** true when this call fanned the splitter out */
  private async split(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
    const inputs = await taskInputs(context, task, byId, (text) => this.ctx.keystore.open(text, executionBinding(context.execution.identifier)));
    const items = splitItems(inputs.clear.items);
    const claimed = await this.tasks.claim(task.id, inputs.stored, 'orchestrator');
    if (!claimed) return false;
    await this.tasks.insertMissing(context.plan.childTasks(task.nodeId, items.length).map((spec) => this.newTask(context, spec)));
    const now = new Date();
    await this.tasks.transition(task.id, ['queued'], { state: 'success', outputs: { items, count: items.length }, startDate: now, endDate: now });
    // new rows: read them all
    this.known.delete(context.execution.id);
    return true;
  }

  /** true when this call started an attempt (or failed the task for inputs it cannot have) */
  private async dispatch(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
    const { execution } = context;
    let inputs;
    try {
      inputs = await taskInputs(context, task, byId, (text) => this.ctx.keystore.open(text, executionBinding(context.execution.identifier)));
    } catch (error) {
      return this.remember(await this.tasks.transition(task.id, ['no_status', 'retry'], { state: 'failed', error: (error as Error).message, endDate: new Date() }));
    }
    const claimed = await this.tasks.claim(task.id, inputs.stored, this.executor.workerLabel);
    if (!this.remember(claimed)) return false;
    const version = context.versions.get(task.processVersion ?? '')!;
    const job: TaskJob = {
      taskRowId: claimed.id,
      executionId: execution.id,
      executionIdentifier: execution.identifier,
      taskId: claimed.taskId,
      tryNumber: claimed.tryNumber,
      processVersion: { identifier: version.identifier, manifest: version.manifest },
      inputs: inputs.clear,
      outDir: this.paths.taskOutDir(execution.ownerId, execution.identifier, claimed.taskId),
      logPath: this.paths.taskLog(execution.ownerId, execution.identifier, claimed.taskId, claimed.tryNumber),
      cpus: version.cpus,
      memoryMb: version.memoryMb,
      diskMb: version.diskMb,
      network: version.network,
      timeoutMs: claimed.timeoutMs ?? version.timeoutMs,
    };
    this.executor.submit(job);
    return true;
  }

  async onStarted(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void> {
    const row = await this.tasks.transition(
      job.taskRowId,
      // 'running' too: the queue delivered the same attempt again to another worker (its previous one died)
      ['queued', 'running'],
      { state: 'running', startDate: started.startedAt, workerLabel: started.workerLabel, pid: started.handle, heartbeatAt: new Date() },
      { tryNumber: job.tryNumber },
    );
    if (this.remember(row)) this.changed.set(job.executionId, row);
    this.kick(job.executionId);
  }

  async onFinished(job: TaskJob, outcome: TaskOutcome): Promise<void> {
    const now = new Date();
    // only this attempt, while it is in flight: a stop got there first, or a stale report, changes nothing
    const current = { tryNumber: job.tryNumber };
    let row: TaskRow | undefined;
    if (outcome.ok) {
      row = await this.tasks.transition(job.taskRowId, ['queued', 'running'], { state: 'success', outputs: outcome.outputs, endDate: now, pid: null }, current);
    } else {
      const task = await this.tasks.find(job.taskRowId);
      if (!task) return;
      if (outcome.interrupted) {
        if (this.isClosing) return; // recovered at the next start
        // the interruption is not the task's failure: it does not use up an attempt
        row = await this.tasks.transition(task.id, ['queued', 'running'], { state: 'retry', maxTries: task.maxTries + 1, nextAttemptAt: now, error: outcome.error, pid: null }, current);
      } else {
        row = await this.tasks.transition(task.id, ['queued', 'running'], { ...afterFailure(task, now), error: outcome.error, endDate: now, pid: null }, current);
      }
    }
    if (!this.remember(row)) return;
    this.changed.set(job.executionId, row);
    this.kick(job.executionId);
  }

  /** Stops an execution: running attempts are killed and marked failed, waiting tasks keep no status. */
  async stop(executionId: number, by: string): Promise<boolean> {
    const stopped = await this.executions.markStopped(executionId);
    if (!stopped) return false;
    const tasks = await this.tasks.ofExecution(executionId);
    const inFlight = tasks.filter((candidate) => ['queued', 'running', 'retry'].includes(candidate.state));
    await Promise.all(
      inFlight.map(async (task) => {
        await this.tasks.transition(task.id, ['queued', 'running', 'retry'], { state: 'failed', error: `Stopped by ${by}.`, endDate: new Date(), pid: null });
        await this.executor.cancel(task.id);
      }),
    );
    await this.publishStopped(stopped);
    this.forget(executionId);
    await this.ended(stopped);
    return true;
  }

  /** Ends the execution when every task ended; true when it did. */
  private async finishIfDone(context: ExecutionContext, tasks: TaskRow[]): Promise<boolean> {
    const outcome = executionOutcome(tasks.map(toView));
    if (!outcome) return false;
    const results = this.results(context, tasks);
    const ended = await this.executions.markFinished(context.execution.id, outcome, results);
    if (ended) await this.emit(ended, {});
    this.forget(context.execution.id);
    if (ended) await this.ended(ended);
    return true;
  }

  /** executionResults, with where the datastore keeps the files (S3). */
  private results(context: ExecutionContext, tasks: TaskRow[]) {
    const location = context.execution.datastore ? this.options.datastore.location(context.execution.datastore) : undefined;
    return { ...executionResults(context, tasks, context.execution.datastore), ...location };
  }

  /** The datastore may let go of the execution's working folder (every attempt ended and was stored). */
  private async ended(execution: ExecutionRow): Promise<void> {
    if (!execution.datastore) return;
    await this.options.datastore.executionEnded(execution.datastore).catch((error: unknown) => {
      this.ctx.log.warn({ err: error, executionId: execution.id }, 'engine: the working folder could not be removed');
    });
  }

  private async failExecution(execution: ExecutionRow, reason: string): Promise<void> {
    const ended = await this.executions.markFailed(execution, reason);
    if (ended) await this.emit(ended, {});
  }

  /** Writes progress and executionResults, then tells the owner's live clients. */
  private async publish(context: ExecutionContext, tasks: TaskRow[], cause?: TaskRow): Promise<void> {
    const updated = await this.executions.setProgress(context.execution.id, progressOf(tasks.map(toView)), this.results(context, tasks));
    if (updated) await this.emit(updated, cause ? { task_id: cause.taskId, task_state: cause.state as TaskState, process_version: cause.processVersion ?? undefined } : {});
  }

  private async publishStopped(execution: ExecutionRow): Promise<void> {
    try {
      const context = await loadExecutionContext(this.ctx.db, execution);
      const results = this.results({ ...context, execution }, await this.tasks.ofExecution(execution.id));
      const updated = await this.executions.setResults(execution.id, results);
      await this.emit(updated ?? execution, {});
    } catch (error) {
      if (!(error instanceof ExecutionContextError)) throw error;
      await this.emit(execution, {});
    }
  }

  private async emit(execution: ExecutionSummary, extra: Partial<ExecutionUpdate>): Promise<void> {
    const payload: ExecutionUpdate = { id: String(execution.id), identifier: execution.identifier, status: execution.status, progress: execution.progress, ...extra };
    await this.ctx.bus.publish({ type: 'executionUpdate', audience: execution.ownerId, payload: { ...payload } });
  }

  private scheduleWake(executionId: number, wakeAt: Date | null): void {
    const existing = this.timers.get(executionId);
    if (existing) clearTimeout(existing);
    this.timers.delete(executionId);
    if (!wakeAt) return;
    const timer = setTimeout(() => {
      this.timers.delete(executionId);
      this.kick(executionId);
    }, Math.max(0, wakeAt.getTime() - Date.now()));
    timer.unref();
    this.timers.set(executionId, timer);
  }
}

/** `local:{host}:{pid}` of this host whose server process no longer runs. */
function isOrphanedLocalAttempt(workerLabel: string | null): boolean {
  const match = /^local:(.+):(\d+)$/.exec(workerLabel ?? '');
  if (!match || match[1] !== os.hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

function toView(task: TaskRow): TaskView {
  return { id: task.id, taskId: task.taskId, nodeId: task.nodeId, itemIndex: task.itemIndex, state: task.state as TaskState, nextAttemptAt: task.nextAttemptAt };
}
