import { count, inArray, isNotNull, and } from 'drizzle-orm';
import { executionTasks } from '../../engine/store/tasks.schema.js';
import type { Db } from '../../platform/db/client.js';
import { executions } from '../builder/executions.schema.js';
import { modelServices } from '../models/model-services.schema.js';

/** The counts the metrics read from the database (work-metrics.ts): each one grouped query, over indexed columns. */
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  executionsByKindAndStatus() {
    return this.db.select({ kind: executions.kind, status: executions.status, value: count() }).from(executions).groupBy(executions.kind, executions.status);
  }

  tasksByState() {
    return this.db.select({ state: executionTasks.state, value: count() }).from(executionTasks).groupBy(executionTasks.state);
  }

  /** Attempts queued or running, by the worker (or the local executor's label) that has them. */
  attemptsInFlightByWorker() {
    return this.db
      .select({ worker: executionTasks.workerLabel, state: executionTasks.state, value: count() })
      .from(executionTasks)
      .where(and(inArray(executionTasks.state, ['queued', 'running']), isNotNull(executionTasks.workerLabel)))
      .groupBy(executionTasks.workerLabel, executionTasks.state);
  }

  modelServicesByStatus() {
    return this.db.select({ status: modelServices.status, value: count() }).from(modelServices).groupBy(modelServices.status);
  }
}
