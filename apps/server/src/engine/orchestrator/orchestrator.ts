import path from 'node:path';
import type { PlatformContext } from '../../platform/context.js';
import type { EnginePorts, ExecutionRow, ExecutionStore } from '../ports.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from '../executors/executor.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import type { Datastore } from '../store/datastore.js';
import { TasksRepository, type TaskRow } from '../store/tasks.repository.js';
import { splitItems } from './dag-plan.js';
import { hideServerPaths } from '../store/server-paths.js';
import { placePinnedCwl } from './application-package.js';
import { ExecutionContextError, loadExecutionContext, type ExecutionContext } from './execution-context.js';
import { executionFailure, LOG_TAIL_BYTES } from './execution-failure.js';
import { ExecutionUpdates } from './execution-updates.js';
import { recoverOrphanedAttempts } from './orphan-recovery.js';
import { LostAttempts } from './lost-attempts.js';
import { requeueStranded } from './stranded-attempts.js';
import { RunningExecutions } from './running-executions.js';
import { SerialRuns } from './serial-runs.js';
import { storableOutcome } from './storable-outcome.js';
import { TaskInputError, taskInputs, type InputSecrets } from './task-inputs.js';
import { newTask, taskJob } from './task-rows.js';
import { toView } from './task-view.js';
import { afterFailure, decide, executionOutcome } from './transitions.js';

/** The bus event by which a stop taken where the engine does not run reaches the engine's process (no user's: audience ''). */
const CANCEL_EVENT = 'engineCancel';

export interface OrchestratorOptions {
  /** how often executions are looked at without an event (submitted elsewhere, retries due) */
  sweepIntervalMs: number;
  /** kills what an attempt of a previous server process left running; true when it did */
  killOrphan(pid: number): Promise<boolean>;
  /** where outputs are kept: named in executionResults, told when an execution ended */
  datastore: Datastore;
}

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
  private readonly executions: ExecutionStore;
  private readonly updates: ExecutionUpdates;
  private executor!: TaskExecutor;
  /** queue attempts whose job left Redis unreported (lost-attempts.ts) */
  private lost?: LostAttempts;
  /** per execution: the advance in progress, so that advances of one execution never overlap */
  private readonly advances = new SerialRuns();
  /** what this process remembers of the executions it runs (running-executions.ts) */
  private readonly running = new RunningExecutions();
  private sweeper?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private isClosing = false;
  /** whether this process runs the engine (start()): else its executor runs no attempt, and a stop must reach the one that does */
  private isStarted = false;
  /** stops answered before their attempts ended: close() waits for them */
  private readonly stopping = new Set<Promise<void>>();
  /** sweeps ended so far: a test waits for more of them to see that nothing moves, instead of sleeping */
  private sweeps = 0;

  constructor(
    private readonly ctx: PlatformContext,
    private readonly ports: EnginePorts,
    private readonly paths: DatastorePaths,
    private readonly options: OrchestratorOptions,
  ) {
    this.tasks = new TasksRepository(ctx.db);
    this.executions = ports.executions;
    this.updates = new ExecutionUpdates(ctx, ports, this.tasks, options.datastore);
  }

  attach(executor: TaskExecutor): void {
    this.executor = executor;
    this.lost = new LostAttempts(this.tasks, executor, (executionId) => this.executions.find(executionId));
  }

  /** Recovers what a previous process left in flight, then follows submissions and sweeps. */
  async start(): Promise<void> {
    await recoverOrphanedAttempts(this.tasks, this.options.killOrphan);
    this.isStarted = true;
    this.unsubscribe = this.ctx.bus.subscribe((event) => {
      if (event.type === 'executionUpdate' && event.payload.status === 'pending') this.kick(Number(event.payload.id));
      if (event.type === CANCEL_EVENT) this.cancelHere(Number(event.payload.taskRowId), event.payload.tryNumber);
    });
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepIntervalMs);
    this.sweeper.unref();
    await this.sweep();
  }

  async close(): Promise<void> {
    this.isClosing = true;
    this.unsubscribe?.();
    if (this.sweeper) clearInterval(this.sweeper);
    this.running.clear();
    await this.executor.shutdown();
    await this.advances.allSettled();
    // stops answered before their attempts ended (waitForAttempts: false) end before the database closes
    await Promise.allSettled([...this.stopping]);
  }

  private async sweep(): Promise<void> {
    if (this.isClosing) return;
    try {
      for (const id of await this.executions.activeIds()) this.kick(id, { refresh: true });
      for (const id of await requeueStranded(this.tasks, this.executor, (executionId) => this.executions.find(executionId))) this.kick(id, { refresh: true });
      for (const id of (await this.lost?.requeue()) ?? []) this.kick(id, { refresh: true });
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'engine sweep failed');
    } finally {
      this.sweeps += 1;
    }
  }

  /** How many sweeps have ended (tests: 'N sweeps later, nothing moved'); what they kicked may still run (settled()). */
  get sweepCount(): number {
    return this.sweeps;
  }

  /** Runs advance(id) now, or once more after the one in progress; `refresh`: read the tasks from the database. */
  kick(executionId: number, options: { refresh?: boolean } = {}): void {
    if (this.isClosing || !Number.isInteger(executionId)) return;
    if (options.refresh) this.running.get(executionId)?.forgetTasks();
    this.advances.kick(
      executionId,
      async (id) => {
        try {
          await this.advance(id);
        } catch (error) {
          if (!this.isClosing) this.ctx.log.error({ err: error, executionId: id }, 'engine: advancing an execution failed');
        }
      },
      () => !this.isClosing,
    );
  }

  /** Resolves when no advance of this execution is in progress (tests, benchmarks). */
  settled(executionId: number): Promise<void> {
    return this.advances.settled(executionId);
  }

  private async advance(executionId: number): Promise<void> {
    // a running execution's context is kept until it ends or is stopped (forget): no need to read it again
    const kept = this.running.get(executionId)?.context;
    const row = kept ? kept.execution : await this.executions.find(executionId);
    if (!row || (row.status !== 'pending' && row.status !== 'running')) {
      this.running.forget(executionId);
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
      const run = this.running.of(executionId);
      run.context = context;
      run.markChanged();
    }
    for (;;) {
      // looked up each time: a stop may have forgotten the execution meanwhile
      const known = this.running.get(executionId)?.tasks;
      const fromMemory = known !== undefined;
      const tasks = known ? [...known.values()] : await this.readTasks(executionId);
      const { actions, wakeAt } = decide(context.plan, tasks.map(toView), new Date());
      this.running.of(executionId).wakeAt(wakeAt, () => this.kick(executionId));
      if (actions.length === 0) {
        if (!(await this.finishIfDone(context, tasks))) {
          const unpublished = this.running.get(executionId)?.takeUnpublished();
          if (unpublished) await this.updates.progress(context, tasks, unpublished.cause);
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
      if (missed) this.running.get(executionId)?.forgetTasks();
      // nothing moved: looking again would spin, unless what was looked at came from memory
      if (!hasChanged && !(missed && fromMemory)) return;
      this.running.of(executionId).markChangedIfNot();
    }
  }

  /** The execution's pinned graph and versions, loaded once per run. */
  private async contextOf(row: ExecutionRow): Promise<ExecutionContext> {
    const kept = this.running.get(row.id)?.context;
    if (kept) return { ...kept, execution: row };
    const context = await loadExecutionContext(this.ports.workflows, row, this.ctx.config.applications);
    if (row.status === 'running') this.running.of(row.id).context = context;
    return context;
  }

  /** Every task of the execution from the database; remembered while the execution runs. */
  private async readTasks(executionId: number): Promise<TaskRow[]> {
    const rows = await this.tasks.ofExecution(executionId);
    const run = this.running.get(executionId);
    if (run?.context) run.tasks = new Map(rows.map((row) => [row.id, row]));
    return rows;
  }

  /** Keeps a row this process just wrote; true when there is one (the write applied). */
  private remember(row: TaskRow | undefined): row is TaskRow {
    if (row) this.running.get(row.executionId)?.remember(row);
    return row !== undefined;
  }

  /** pending → running: the execution's tasks are written, its datastore folder named. */
  private async begin(context: ExecutionContext): Promise<ExecutionRow | undefined> {
    const { execution, plan } = context;
    await this.tasks.insertMissing(plan.mainTasks().map((spec) => newTask(context, spec)));
    return this.executions.markRunning(execution.id, {
      workflowExecutionId: `${this.executor.name}:${execution.identifier}`,
      datastore: this.paths.executionDir(execution.ownerId, execution.identifier),
    });
  }

  /** A splitter runs in the orchestrator: it writes one child run per item of its list. True when this call fanned it out. */
  private async split(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
    const inputs = await taskInputs(context, task, byId, this.inputSecrets(context));
    const items = splitItems(inputs.clear.items);
    const claimed = await this.tasks.claim(task.id, inputs.stored, 'orchestrator');
    if (!claimed) return false;
    await this.tasks.insertMissing(context.plan.childTasks(task.nodeId, items.length).map((spec) => newTask(context, spec)));
    const now = new Date();
    await this.tasks.transition(task.id, ['queued'], { state: 'success', outputs: { items, count: items.length }, startDate: now, endDate: now });
    // new rows: read them all
    this.running.get(context.execution.id)?.forgetTasks();
    return true;
  }

  /**
   * true when this call started an attempt, or failed the task for inputs it can never have. What
   * the task runs with is resolved before the claim (nothing is written for a task another replica
   * may be starting); a failure needs the claim (failUnrunnable). Any other error is this server's
   * (the database, the disk), not the task's: nothing is written and the next pass tries again.
   */
  private async dispatch(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
    let inputs;
    let cwlPath: string | undefined;
    try {
      inputs = await taskInputs(context, task, byId, this.inputSecrets(context));
      cwlPath = context.application ? await placePinnedCwl(this.executions, this.paths, context) : undefined;
    } catch (error) {
      if (error instanceof TaskInputError || error instanceof ExecutionContextError) return this.failUnrunnable(task, error.message);
      this.ctx.log.warn({ err: error, taskRowId: task.id }, 'engine: a task could not be prepared; the next pass tries again');
      return false;
    }
    const claimed = await this.tasks.claim(task.id, inputs.stored, this.executor.workerLabel);
    if (!this.remember(claimed)) return false;
    this.executor.submit(taskJob(context, claimed, inputs.clear, this.paths, cwlPath));
    return true;
  }

  /**
   * Fails a task that can never run: claimed first, so that only the replica that owns it fails it,
   * once. The claim only took ownership: no attempt ran, so the try it counted is given back.
   */
  private async failUnrunnable(task: TaskRow, reason: string): Promise<boolean> {
    const claimed = await this.tasks.claim(task.id, {}, 'orchestrator');
    if (!claimed) return false;
    return this.remember(
      await this.tasks.transition(
        claimed.id,
        ['queued'],
        { state: 'failed', error: this.hidePaths(reason), endDate: new Date(), tryNumber: claimed.tryNumber - 1 },
        { tryNumber: claimed.tryNumber },
      ),
    );
  }

  /** How this execution's secret inputs open (task-inputs.ts): its sealed passwords, its owner's secrets. */
  private inputSecrets(context: ExecutionContext): InputSecrets {
    return {
      open: (sealed) => this.ports.inputKeys.open(sealed, context.execution.identifier),
      secret: (owner, tag) => this.ports.inputKeys.secret(owner, tag),
      mayRead: (owner, processVersion) => this.ports.workflows.mayRead(owner, processVersion),
    };
  }

  /** A task's error is read by its users (report, PDF, jobs): no server folders in it. */
  private hidePaths(error: string): string {
    return hideServerPaths(error, this.paths.root);
  }

  async onStarted(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void> {
    const row = await this.tasks.transition(
      job.taskRowId,
      // 'running' too: the queue delivered the same attempt again to another worker (its previous one died)
      ['queued', 'running'],
      { state: 'running', startDate: started.startedAt, workerLabel: started.workerLabel, pid: started.handle, heartbeatAt: new Date(), statusMessage: null },
      { tryNumber: job.tryNumber },
    );
    if (this.remember(row)) this.running.of(job.executionId).markChanged(row);
    this.kick(job.executionId);
  }

  /** Why a queued attempt waits (no worker offers what it needs), on its row for the report; null clears it. */
  async onWaiting(job: TaskJob, reason: string | null): Promise<void> {
    const row = await this.tasks.transition(job.taskRowId, ['queued'], { statusMessage: reason }, { tryNumber: job.tryNumber });
    if (this.remember(row)) this.running.of(job.executionId).markChanged(row);
    this.kick(job.executionId);
  }

  async onFinished(job: TaskJob, reported: TaskOutcome): Promise<void> {
    const outcome = storableOutcome(reported);
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
        row = await this.tasks.transition(
          task.id,
          ['queued', 'running'],
          { state: 'retry', maxTries: task.maxTries + 1, nextAttemptAt: now, error: this.hidePaths(outcome.error), pid: null },
          current,
        );
      } else {
        row = await this.tasks.transition(
          task.id,
          ['queued', 'running'],
          { ...afterFailure(task, now), error: this.hidePaths(outcome.error), endDate: now, pid: null },
          current,
        );
      }
    }
    if (!this.remember(row)) return;
    this.running.of(job.executionId).markChanged(row);
    this.kick(job.executionId);
  }

  /** The executor's CPU slots (the engine admin); none for the queue executor. */
  capacity(): { name: string; slots: number | null; free: number | null } {
    const capacity = this.executor.capacity?.();
    return { name: this.executor.name, slots: capacity?.slots ?? null, free: capacity?.free ?? null };
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
    if (!this.remember(row)) return undefined;
    // its report then changes nothing: the attempt is no longer in flight
    await this.cancel(task);
    this.running.of(task.executionId).markChanged(row);
    this.kick(task.executionId);
    return row;
  }

  /**
   * Puts a task back in the queue to run again now (the engine admin's requeue): a queued or running
   * attempt is ended as interrupted (which costs the task no try, onFinished), a task waiting to
   * retry is due at once. Undefined when the task is in none of these states.
   */
  async requeueTask(taskRowId: number): Promise<TaskRow | undefined> {
    const task = await this.tasks.find(taskRowId);
    if (!task) return undefined;
    if (task.state === 'retry') {
      const row = await this.tasks.transition(task.id, ['retry'], { nextAttemptAt: new Date() });
      if (this.remember(row)) this.kick(task.executionId, { refresh: true });
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
      await this.ended(stopped);
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
    await this.executor.cancel(task.id, task.tryNumber);
    if (this.isStarted && this.executor.stopsEverywhere) return;
    await this.ctx.bus
      .publish({ type: CANCEL_EVENT, audience: '', payload: { taskRowId: task.id, tryNumber: task.tryNumber } })
      .catch((error: unknown) => this.ctx.log.warn({ err: error, taskRowId: task.id }, 'engine: the stop could not be sent to the engine'));
  }

  private cancelHere(taskRowId: number, tryNumber: unknown): void {
    if (this.isClosing || !Number.isInteger(taskRowId)) return;
    this.executor
      .cancel(taskRowId, Number.isInteger(tryNumber) ? (tryNumber as number) : undefined)
      .catch((error: unknown) => this.ctx.log.warn({ err: error, taskRowId }, 'engine: ending an attempt stopped elsewhere failed'));
  }

  /** Ends the execution when every task ended; true when it did. */
  private async finishIfDone(context: ExecutionContext, tasks: TaskRow[]): Promise<boolean> {
    const outcome = executionOutcome(tasks.map(toView));
    if (!outcome) return false;
    const results = this.updates.results(context, tasks);
    const failure = outcome === 'failed' ? await this.failureOf(context.execution, tasks) : undefined;
    const ended = await this.executions.markFinished(context.execution.id, outcome, failure ? { ...results, failure } : results);
    if (ended) await this.updates.emit(ended);
    this.running.forget(context.execution.id);
    if (ended) await this.ended(ended);
    return true;
  }

  /** Why the execution failed: its first failed task, the reason and the end of the task's last log. */
  private failureOf(execution: ExecutionRow, tasks: TaskRow[]) {
    const root = execution.datastore ?? this.paths.executionDir(execution.ownerId, execution.identifier);
    return executionFailure(
      tasks,
      async (task) => {
        const log = this.paths.taskLog(execution.ownerId, execution.identifier, task.taskId, task.tryNumber);
        const file = await this.options.datastore.read(root, path.relative(root, log), { end: LOG_TAIL_BYTES });
        if (!file) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
        return { text: Buffer.concat(chunks).toString('utf8'), partial: file.size > LOG_TAIL_BYTES };
      },
      (text) => hideServerPaths(text, this.paths.root),
    );
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
    if (ended) await this.updates.emit(ended);
  }
}
