import type { ExecutionUpdate, TaskState } from '@asb/contracts';
import type { PlatformContext } from '../../platform/context.js';
import type { EnginePorts, ExecutionRow, ExecutionSummary } from '../ports.js';
import type { Datastore } from '../store/datastore.js';
import type { TaskRow, TasksRepository } from '../store/tasks.repository.js';
import { ExecutionContextError, loadExecutionContext, type ExecutionContext } from './execution-context.js';
import { executionResults } from './execution-results.js';
import { progressOf } from './transitions.js';
import { toView } from './task-view.js';

/**
 * What the owner sees of a run: executionResults (with where the datastore keeps the
 * files) and progress written to the execution, and each change told to the owner's live
 * clients as an executionUpdate (docs/engine.md "Live updates").
 */
export class ExecutionUpdates {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly ports: Pick<EnginePorts, 'executions' | 'workflows'>,
    private readonly tasks: TasksRepository,
    private readonly datastore: Datastore,
  ) {}

  /** executionResults, with where the datastore keeps the files (S3). */
  results(context: ExecutionContext, tasks: TaskRow[]) {
    const location = context.execution.datastore ? this.datastore.location(context.execution.datastore) : undefined;
    return { ...executionResults(context, tasks, context.execution.datastore), ...location };
  }

  /** Writes progress and executionResults of a running execution, then tells the owner's live clients. */
  async progress(context: ExecutionContext, tasks: TaskRow[], cause?: TaskRow): Promise<void> {
    const updated = await this.ports.executions.setProgress(context.execution.id, progressOf(tasks.map(toView)), this.results(context, tasks));
    if (updated)
      await this.emit(
        updated,
        cause ? { task_id: cause.taskId, task_state: cause.state as TaskState, process_version: cause.processVersion ?? undefined } : {},
      );
  }

  /** The results of a stopped execution (as far as its graph can still be read), then the message. */
  async stopped(execution: ExecutionRow): Promise<void> {
    try {
      const context = await loadExecutionContext(this.ports.workflows, execution, this.ctx.config.applications);
      const results = this.results({ ...context, execution }, await this.tasks.ofExecution(execution.id));
      const updated = await this.ports.executions.setResults(execution.id, results);
      await this.emit(updated ?? execution, {});
    } catch (error) {
      if (!(error instanceof ExecutionContextError)) throw error;
      await this.emit(execution, {});
    }
  }

  async emit(execution: ExecutionSummary, extra: Partial<ExecutionUpdate> = {}): Promise<void> {
    const payload: ExecutionUpdate = {
      id: String(execution.id),
      identifier: execution.identifier,
      status: execution.status,
      progress: execution.progress,
      ...extra,
      // spec 3 §7: an application execution's message names its application (a model execution's, its model)
      ...(execution.application ? { application_id: execution.application.identifier } : {}),
      ...(execution.model ? { application_id: execution.model.identifier, model_id: execution.model.identifier } : {}),
    };
    await this.ctx.bus.publish({ type: 'executionUpdate', audience: execution.ownerId, payload: { ...payload } });
  }
}
