import type { ExecutionResults } from '@asb/contracts';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { executionTasks } from '../../../engine/store/tasks.schema.js';
import type { Db } from '../../../platform/db/client.js';
import { executions } from '../executions.schema.js';
import type { RunHistory } from './execution-estimate.js';

/** The earlier runs an estimate reads: the latest say how the version runs today. */
const HISTORY_RUNS = 20;
/**
 * The latest successful runs looked at for those the reader may view: a reader who sees few of
 * a much-run version's runs costs this many index entries, not the whole history.
 */
const HISTORY_WINDOW = 200;

interface RunningExecution {
  id: number;
  processorId: number;
  processorVersion: number;
  executionResults: ExecutionResults | null;
}

/** The reads of an estimate (docs/estimates.md): the running executions and their versions' history. */
export class RunHistoryRepository {
  constructor(private readonly db: Db) {}

  /** Of these ids, the workflow executions that run, with the results the engine last wrote. */
  async running(ids: number[]): Promise<RunningExecution[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        id: executions.id,
        processorId: executions.processorId,
        processorVersion: executions.processorVersion,
        executionResults: executions.executionResults,
      })
      .from(executions)
      .where(and(inArray(executions.id, ids), eq(executions.kind, 'workflow'), eq(executions.status, 'running')));
    return rows.flatMap((row) => (row.processorId === null ? [] : [{ ...row, processorId: row.processorId }]));
  }

  /**
   * How long each node's tasks took in the latest successful runs of a workflow version that
   * `visible` lets the reader see (undefined: every run). The runs come from the partial index
   * `executions_success_history_idx` (processor, version, end time), the tasks from
   * `execution_tasks_task_idx` (execution, task): no scan of other executions.
   */
  async history(processorId: number, processorVersion: number, visible: SQL | undefined): Promise<RunHistory> {
    const ofVersion = and(eq(executions.processorId, processorId), eq(executions.processorVersion, processorVersion), eq(executions.status, 'success'));
    const latest = this.db.select({ id: executions.id }).from(executions).where(ofVersion).orderBy(desc(executions.endTime)).limit(HISTORY_WINDOW);
    const runs = this.db
      .select({ id: executions.id })
      .from(executions)
      .where(and(inArray(executions.id, latest), visible))
      .orderBy(desc(executions.endTime))
      .limit(HISTORY_RUNS);
    const tasks = await this.db
      .select({ executionId: executionTasks.executionId, nodeId: executionTasks.nodeId, startDate: executionTasks.startDate, endDate: executionTasks.endDate })
      .from(executionTasks)
      .where(and(inArray(executionTasks.executionId, runs), eq(executionTasks.state, 'success')));
    const durations = new Map<string, number[]>();
    for (const task of tasks) {
      if (!task.startDate || !task.endDate) continue;
      durations.set(task.nodeId, [...(durations.get(task.nodeId) ?? []), task.endDate.getTime() - task.startDate.getTime()]);
    }
    return { runs: new Set(tasks.map((task) => task.executionId)).size, durations };
  }
}
