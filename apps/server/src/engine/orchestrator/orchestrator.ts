import type { PlatformContext } from '../../platform/context.js';
import type { EnginePorts, ExecutionRow, ExecutionStore } from '../ports.js';
import type { ExecutorCallbacks, TaskExecutor, TaskJob, TaskOutcome } from '../executors/executor.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import type { Datastore } from '../store/datastore.js';
import { TasksRepository, type TaskRow } from '../store/tasks.repository.js';
import { AttemptReports } from './attempt-reports.js';
import { ExecutionContextError, loadExecutionContext, type ExecutionContext } from './execution-context.js';
import { ExecutionEndings } from './execution-endings.js';
import { CANCEL_EVENT, ExecutionStops } from './execution-stops.js';
import { ExecutionUpdates } from './execution-updates.js';
import { recoverOrphanedAttempts } from './orphan-recovery.js';
import { LostAttempts } from './lost-attempts.js';
import { requeueStranded } from './stranded-attempts.js';
import { RunningExecutions } from './running-executions.js';
import { SerialRuns } from './serial-runs.js';
import { TaskDispatch } from './task-dispatch.js';
import { newTask } from './task-rows.js';
import { toView } from './task-view.js';
import { decide } from './transitions.js';

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
 * submitted or stopped) and by a periodic sweep. The executor runs the attempts. Its
 * parts: starting tasks (task-dispatch.ts), the executor's reports (attempt-reports.ts),
 * stops (execution-stops.ts) and the end of an execution (execution-endings.ts).
 */
export class Orchestrator implements ExecutorCallbacks {
  private readonly tasks: TasksRepository;
  private readonly executions: ExecutionStore;
  private readonly updates: ExecutionUpdates;
  private readonly endings: ExecutionEndings;
  private readonly dispatcher: TaskDispatch;
  private readonly reports: AttemptReports;
  private readonly stops: ExecutionStops;
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
    this.endings = new ExecutionEndings(ctx, this.executions, this.updates, this.running, paths, options.datastore);
    this.dispatcher = new TaskDispatch(ctx, ports, this.tasks, this.running, paths, () => this.executor);
    const hooks = {
      executor: () => this.executor,
      kick: (executionId: number, kickOptions?: { refresh?: boolean }) => this.kick(executionId, kickOptions),
      isStarted: () => this.isStarted,
      isClosing: () => this.isClosing,
    };
    this.reports = new AttemptReports(this.tasks, this.running, paths, hooks);
    this.stops = new ExecutionStops(ctx, this.executions, this.tasks, this.running, this.updates, this.endings, hooks);
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
      if (event.type === CANCEL_EVENT) this.stops.cancelHere(Number(event.payload.taskRowId), event.payload.tryNumber);
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
    await this.stops.settled();
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
      if (error instanceof ExecutionContextError) return this.endings.failExecution(row, error.message);
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
        if (!(await this.endings.finishIfDone(context, tasks))) {
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
          moved = this.running.remember(await this.tasks.transition(task.id, ['no_status', 'retry'], { state: action.kind, endDate: new Date() }));
        } else if (action.kind === 'split') {
          moved = await this.dispatcher.split(context, task, byId);
        } else {
          moved = await this.dispatcher.dispatch(context, task, byId);
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

  /** pending → running: the execution's tasks are written, its datastore folder named. */
  private async begin(context: ExecutionContext): Promise<ExecutionRow | undefined> {
    const { execution, plan } = context;
    await this.tasks.insertMissing(plan.mainTasks().map((spec) => newTask(context, spec)));
    return this.executions.markRunning(execution.id, {
      workflowExecutionId: `${this.executor.name}:${execution.identifier}`,
      datastore: this.paths.executionDir(execution.ownerId, execution.identifier),
    });
  }

  onStarted(job: TaskJob, started: { workerLabel: string; handle: number | null; startedAt: Date }): Promise<void> {
    return this.reports.onStarted(job, started);
  }

  onWaiting(job: TaskJob, reason: string | null): Promise<void> {
    return this.reports.onWaiting(job, reason);
  }

  onFinished(job: TaskJob, reported: TaskOutcome): Promise<void> {
    return this.reports.onFinished(job, reported);
  }

  /** The executor's CPU slots (the engine admin); none for the queue executor. */
  capacity(): { name: string; slots: number | null; free: number | null } {
    const capacity = this.executor.capacity?.();
    return { name: this.executor.name, slots: capacity?.slots ?? null, free: capacity?.free ?? null };
  }

  /** The engine admin's stop of one attempt (ExecutionStops.stopAttempt). */
  stopAttempt(taskRowId: number, by: string): Promise<TaskRow | undefined> {
    return this.stops.stopAttempt(taskRowId, by);
  }

  /** The engine admin's requeue (ExecutionStops.requeueTask). */
  requeueTask(taskRowId: number): Promise<TaskRow | undefined> {
    return this.stops.requeueTask(taskRowId);
  }

  /** Stops an execution (ExecutionStops.stop; `waitForAttempts: false` answers before its attempts ended). */
  stop(executionId: number, by: string, options: { waitForAttempts?: boolean } = {}): Promise<boolean> {
    return this.stops.stop(executionId, by, options);
  }
}
