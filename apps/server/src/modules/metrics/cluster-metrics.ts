import cluster from 'node:cluster';
import { isMetricsAnswer, type MetricsRequest } from '../../platform/cluster/cluster-messages.js';
import { processMetrics } from './process-metrics.js';

/** How long a process waits for the primary's sum before the scrape fails (prom-client gives each process 5 s). */
const ANSWER_MS = 10_000;
let nextId = 0;

/**
 * This process's metrics, or, among several HTTP processes, every process's summed by the
 * primary (platform/cluster/primary-metrics.ts): a scrape reaches one process, and sees them all.
 */
export function perProcessMetricsText(): Promise<string> {
  const { registry } = processMetrics();
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the primary did not answer with the metrics of the HTTP processes')), ANSWER_MS);
    const onMessage = (message: unknown) => {
      if (!isMetricsAnswer(message) || message.id !== id) return;
      if (message.error !== undefined) finish(new Error(`the metrics of the HTTP processes: ${message.error}`));
      else finish(undefined, message.text ?? '');
    };
    const finish = (error?: Error, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(text!);
    };
    process.on('message', onMessage);
    process.send!({ type: 'asb:metrics', id } satisfies MetricsRequest);
  });
}
