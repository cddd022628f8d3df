import cluster from 'node:cluster';
import type { AggregatorRegistry, PrometheusContentType } from 'prom-client';
import { isMetricsRequest, type MetricsAnswer } from './cluster-messages.js';

/**
 * The primary answers a process's GET /metrics with the metrics of every process, summed by
 * prom-client's AggregatorRegistry (each process's own registry: process-metrics.ts).
 */
export function answerMetricsRequests(aggregator: AggregatorRegistry<PrometheusContentType>): void {
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsRequest(message)) return;
    const reply = (answer: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected())
        worker.send({ type: 'asb:metrics-answer', id: message.id, ...answer } satisfies MetricsAnswer, undefined, undefined, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
