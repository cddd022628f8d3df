import { taskNodeId, type ExecutionAttributes, type ExecutionResults } from '@asb/contracts';
import type { SQL } from 'drizzle-orm';
import type { Principal } from '../../../platform/auth/principal.js';
import type { PlatformContext } from '../../../platform/context.js';
import { ResourceService } from '../../../platform/resources/resource.service.js';
import { executionsResource } from '../executions.resource.js';
import { estimateExecution, type Estimate, type EstimateTask, type RunHistory } from './execution-estimate.js';
import { RunHistoryRepository } from './run-history.repository.js';

interface ExecutionObject {
  type: string;
  id: string;
  attributes: Pick<ExecutionAttributes, 'status' | 'estimatedEnd' | 'estimate'>;
}

function executionObjects(data: unknown): ExecutionObject[] {
  const objects = Array.isArray(data) ? data : [data];
  return objects.filter(
    (object): object is ExecutionObject =>
      !!object && typeof object === 'object' && (object as ExecutionObject).type === 'executions' && !!(object as ExecutionObject).attributes,
  );
}

const dateMs = (value: string | null) => (value === null ? null : Date.parse(value));

function estimateTasks(results: ExecutionResults): EstimateTask[] {
  return results.tasks.map((task) => ({
    taskId: task.task_id,
    nodeId: taskNodeId(task.task_id),
    state: task.state,
    startMs: dateMs(task.start_date),
    endMs: dateMs(task.end_date),
  }));
}

function estimateAttribute(estimate: Estimate): NonNullable<ExecutionAttributes['estimate']> {
  return {
    basedOnRuns: estimate.basedOnRuns,
    plannedTasks: estimate.plannedTasks.map((task) => ({
      taskId: task.taskId,
      plannedStart: new Date(task.plannedStartMs).toISOString(),
      plannedEnd: new Date(task.plannedEndMs).toISOString(),
    })),
    criticalPath: estimate.criticalPath,
  };
}

/**
 * The estimated end of the running workflow executions of an answer (issue 35 §4,
 * docs/estimates.md), computed as it is read: one query for the running rows of the answer,
 * one per workflow version among them for its history, both on indexes; nothing when no
 * execution of the answer runs. Not kept: a run that ends changes the history at once, and a
 * reader sees the history of the runs they may view.
 */
export class ExecutionEstimates {
  private readonly repository: RunHistoryRepository;
  private readonly visibility: (principal: Principal) => SQL | undefined;

  constructor(ctx: PlatformContext) {
    this.repository = new RunHistoryRepository(ctx.db);
    const executions = new ResourceService(executionsResource, ctx);
    this.visibility = (principal) => executions.visibility(principal);
  }

  /**
   * Sets `estimatedEnd` on each running workflow execution of `data` (an answer's one object or
   * list), and `estimate`, the plan behind it, when `data` is one execution: a list row does
   * not carry it (executionListAttributesSchema).
   */
  async complete(principal: Principal, data: unknown, nowMs = Date.now()): Promise<void> {
    const running = executionObjects(data).filter((object) => object.attributes.status === 'running');
    if (running.length === 0) return;
    const rows = await this.repository.running(running.map((object) => Number(object.id)));
    const visible = this.visibility(principal);
    const histories = new Map<string, RunHistory>();
    const withPlan = !Array.isArray(data);
    for (const row of rows) {
      const key = `${row.processorId}:${row.processorVersion}`;
      let history = histories.get(key);
      if (!history) {
        history = await this.repository.history(row.processorId, row.processorVersion, visible);
        histories.set(key, history);
      }
      const results = row.executionResults;
      const estimate = results ? estimateExecution({ tasks: estimateTasks(results), downstream: results.info.data.streams, history, nowMs }) : undefined;
      const object = running.find((candidate) => candidate.id === String(row.id))!;
      object.attributes.estimatedEnd = estimate ? new Date(estimate.estimatedEndMs).toISOString() : null;
      if (withPlan) object.attributes.estimate = estimate ? estimateAttribute(estimate) : null;
    }
  }
}
