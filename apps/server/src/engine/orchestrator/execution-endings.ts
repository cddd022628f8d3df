import path from 'node:path';
import type { PlatformContext } from '../../platform/context.js';
import type { ExecutionRow, ExecutionStore } from '../ports.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import type { Datastore } from '../store/datastore.js';
import { hideServerPaths } from '../store/server-paths.js';
import type { TaskRow } from '../store/tasks.repository.js';
import type { ExecutionContext } from './execution-context.js';
import { executionFailure, LOG_TAIL_BYTES } from './execution-failure.js';
import type { ExecutionUpdates } from './execution-updates.js';
import type { RunningExecutions } from './running-executions.js';
import { toView } from './task-view.js';
import { executionOutcome } from './transitions.js';

/** How an execution ends (docs/engine.md): its outcome and results written, its owner told, its working folder let go. */
export class ExecutionEndings {
  constructor(
    private readonly ctx: PlatformContext,
    private readonly executions: ExecutionStore,
    private readonly updates: ExecutionUpdates,
    private readonly running: RunningExecutions,
    private readonly paths: DatastorePaths,
    private readonly datastore: Datastore,
  ) {}

  /** Ends the execution when every task ended; true when it did. */
  async finishIfDone(context: ExecutionContext, tasks: TaskRow[]): Promise<boolean> {
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

  /** Fails an execution that cannot run at all (its context could not be loaded). */
  async failExecution(execution: ExecutionRow, reason: string): Promise<void> {
    const ended = await this.executions.markFailed(execution, reason);
    if (ended) await this.updates.emit(ended);
  }

  /** The datastore may let go of the execution's working folder (every attempt ended and was stored). */
  async ended(execution: ExecutionRow): Promise<void> {
    if (!execution.datastore) return;
    await this.datastore.executionEnded(execution.datastore).catch((error: unknown) => {
      this.ctx.log.warn({ err: error, executionId: execution.id }, 'engine: the working folder could not be removed');
    });
  }

  /** Why the execution failed: its first failed task, the reason and the end of the task's last log. */
  private failureOf(execution: ExecutionRow, tasks: TaskRow[]) {
    const root = execution.datastore ?? this.paths.executionDir(execution.ownerId, execution.identifier);
    return executionFailure(
      tasks,
      async (task) => {
        const log = this.paths.taskLog(execution.ownerId, execution.identifier, task.taskId, task.tryNumber);
        const file = await this.datastore.read(root, path.relative(root, log), { end: LOG_TAIL_BYTES });
        if (!file) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
        return { text: Buffer.concat(chunks).toString('utf8'), partial: file.size > LOG_TAIL_BYTES };
      },
      (text) => hideServerPaths(text, this.paths.root),
    );
  }
}
