import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import { QUEUE_PREFIX, RESULT_QUEUE, taskQueueOf } from '../../engine/executors/queue-protocol.js';
import { CAPABILITIES } from '../../engine/executors/worker-capabilities.js';
import { liveWorkers } from '../../engine/executors/worker-registry.js';
import { closeRedis } from '../../platform/live/redis-event-bus.js';

/** The states of a BullMQ job counted as the queue's depth. */
const DEPTH_STATES = ['waiting', 'prioritized', 'delayed', 'active'] as const;

/**
 * The queues and workers in Redis (REDIS_URL; docs/operations.md "Metrics"): each queue's jobs by
 * state and the age of its oldest waiting job, and each live worker's heartbeat, CPUs and what it
 * offers (worker-registry.ts). Read once per scrape by the process that answers it.
 */
export function registerQueueMetrics(registry: Registry, redisUrl: string): { close(): Promise<void> } {
  const names = [...CAPABILITIES.map(taskQueueOf), RESULT_QUEUE];
  let opened: { queues: Queue[]; redis: Redis } | undefined;
  const open = () =>
    (opened ??= {
      queues: names.map((name) => new Queue(name, { connection: { url: redisUrl }, prefix: QUEUE_PREFIX })),
      redis: new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }),
    });
  new Gauge({
    name: 'asb_queue_jobs',
    help: 'Jobs of each queue by state (waiting, prioritized, delayed, active)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of open().queues) {
        const counts = await queue.getJobCounts(...DEPTH_STATES);
        for (const state of DEPTH_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: 'asb_queue_oldest_waiting_seconds',
    help: 'How long the oldest job still waiting in each queue has waited (0: none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of open().queues) {
        const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
        this.set({ queue: queue.name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
      }
    },
  });
  const workers = () => liveWorkers(open().redis);
  new Gauge({
    name: 'asb_worker_heartbeat_timestamp_seconds',
    help: 'The last heartbeat of each live worker (a worker whose heartbeats stop drops out after three missed)',
    labelNames: ['worker', 'host'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const worker of await workers()) this.set({ worker: worker.label, host: worker.host }, Date.parse(worker.seenAt) / 1000);
    },
  });
  new Gauge({
    name: 'asb_worker_cpus',
    help: 'CPU slots of each live worker, labelled with what it offers (python, cwltool, onnx)',
    labelNames: ['worker', 'offers'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const worker of await workers()) this.set({ worker: worker.label, offers: [...worker.offers].sort().join(',') }, worker.cpus);
    },
  });
  return {
    async close() {
      if (!opened) return;
      const { queues, redis } = opened;
      opened = undefined;
      await Promise.allSettled([...queues.map((queue) => queue.close()), closeRedis(redis)]);
    },
  };
}
