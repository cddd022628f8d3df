import type { PlatformContext } from '../../platform/context.js';
import type { TaskExecutor } from '../executors/executor.js';
import type { EnginePorts } from '../ports.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { hideServerPaths } from '../store/server-paths.js';
import type { TaskRow, TasksRepository } from '../store/tasks.repository.js';
import { placePinnedCwl } from './application-package.js';
import { splitItems } from './dag-plan.js';
import { ExecutionContextError, type ExecutionContext } from './execution-context.js';
import type { RunningExecutions } from './running-executions.js';
import { TaskInputError, taskInputs, type InputSecrets } from './task-inputs.js';
import { newTask, taskJob } from './task-rows.js';

/**
 * Starting the tasks advance() found due: a task is claimed, then handed to the executor; a
 * splitter is fanned out here. Each answers whether its write applied (another replica or a
 * stop may have moved the row first).
 */
export class TaskDispatch {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly ports: Pick<EnginePorts, 'executions' | 'inputKeys' | 'workflows'>,
    private readonly tasks: TasksRepository,
    private readonly running: RunningExecutions,
    private readonly paths: DatastorePaths,
    private readonly executor: () => TaskExecutor,
  ) {}

  /** A splitter runs in the orchestrator: it writes one child run per item of its list. True when this call fanned it out. */
  async split(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
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
  async dispatch(context: ExecutionContext, task: TaskRow, byId: Map<string, TaskRow>): Promise<boolean> {
    let inputs;
    let cwlPath: string | undefined;
    try {
      inputs = await taskInputs(context, task, byId, this.inputSecrets(context));
      cwlPath = context.application ? await placePinnedCwl(this.ports.executions, this.paths, context) : undefined;
    } catch (error) {
      if (error instanceof TaskInputError || error instanceof ExecutionContextError) return this.failUnrunnable(task, error.message);
      this.ctx.log.warn({ err: error, taskRowId: task.id }, 'engine: a task could not be prepared; the next pass tries again');
      return false;
    }
    const executor = this.executor();
    const claimed = await this.tasks.claim(task.id, inputs.stored, executor.workerLabel);
    if (!this.running.remember(claimed)) return false;
    executor.submit(taskJob(context, claimed, inputs.clear, this.paths, cwlPath));
    return true;
  }

  /**
   * Fails a task that can never run: claimed first, so that only the replica that owns it fails it,
   * once. The claim only took ownership: no attempt ran, so the try it counted is given back.
   */
  private async failUnrunnable(task: TaskRow, reason: string): Promise<boolean> {
    const claimed = await this.tasks.claim(task.id, {}, 'orchestrator');
    if (!claimed) return false;
    return this.running.remember(
      await this.tasks.transition(
        claimed.id,
        ['queued'],
        // a task's error is read by its users (report, PDF, jobs): no server folders in it
        { state: 'failed', error: hideServerPaths(reason, this.paths.root), endDate: new Date(), tryNumber: claimed.tryNumber - 1 },
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
}
