import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a database pool says of itself (node-postgres; PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The metrics of this process (docs/operations.md "Metrics"): Node's own (CPU, memory, event-loop
 * delay, …), the HTTP requests and the database pool. One registry per process, however many
 * apps a test builds in it; with several HTTP processes the primary sums them (AggregatorRegistry).
 */
let made: { registry: Registry; requests: Histogram<'method' | 'route' | 'status_code'>; pools: Set<() => PoolStats> } | undefined;

export function processMetrics() {
  if (made) return made;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const requests = new Histogram({
    name: 'asb_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pools = new Set<() => PoolStats>();
  new Gauge({
    name: 'asb_db_pool_connections',
    help: 'PostgreSQL connections of the pool by state: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const sum = { total: 0, idle: 0, waiting: 0 };
      for (const stats of pools) {
        const { total, idle, waiting } = stats();
        sum.total += total;
        sum.idle += idle;
        sum.waiting += waiting;
      }
      for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
    },
  });
  if (cluster.isWorker) {
    // answers the primary's requests (primary-metrics.ts) with this registry
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  made = { registry, requests, pools };
  return made;
}
