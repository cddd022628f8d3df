import cluster from 'node:cluster';
import { ClusterEventBus } from './cluster-event-bus.js';
import { InProcessEventBus, type EventBus } from './event-bus.js';
import { RedisEventBus } from './redis-event-bus.js';

interface BusLog {
  warn(details: object, message?: string): void;
}

/** Redis across replicas when REDIS_URL is set; else the machine's HTTP processes through their primary; else this process alone. */
export function liveEventBus(config: { redisUrl?: string }, log: BusLog): EventBus {
  if (config.redisUrl) return new RedisEventBus(config.redisUrl, { log });
  if (cluster.isWorker) return new ClusterEventBus(log);
  return new InProcessEventBus();
}
