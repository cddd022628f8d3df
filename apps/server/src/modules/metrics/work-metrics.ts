import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../platform/db/client.js';
import { MetricsRepository } from './metrics.repository.js';

/**
 * What the database says of the work (docs/operations.md "Metrics"): executions by kind and status,
 * tasks by state, attempts in flight per worker, model services by status. Read once per scrape by
 * the process that answers it, never summed over processes: the database is one.
 */
export function registerWorkMetrics(registry: Registry, db: Db): void {
  const repository = new MetricsRepository(db);
  new Gauge({
    name: 'asb_executions',
    help: 'Executions by kind (workflow, application, model) and status',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repository.executionsByKindAndStatus()) this.set({ kind: row.kind, status: row.status }, row.value);
    },
  });
  new Gauge({
    name: 'asb_tasks',
    help: 'Tasks of executions by state (queued, running, retry, success, failed, …)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repository.tasksByState()) this.set({ state: row.state }, row.value);
    },
  });
  new Gauge({
    name: 'asb_worker_attempts',
    help: 'Attempts queued or running, by the worker that has them (its label)',
    labelNames: ['worker', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repository.attemptsInFlightByWorker()) this.set({ worker: row.worker ?? '', state: row.state }, row.value);
    },
  });
  new Gauge({
    name: 'asb_model_services',
    help: 'Models as services by status (creating, deploying, available, error, undeployed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repository.modelServicesByStatus()) this.set({ status: row.status }, row.value);
    },
  });
}
