import type { Redis } from 'ioredis';
import type { Capability } from './worker-capabilities.js';

/** What a worker says of itself in Redis (docs/engine.md "Capabilities"), renewed by its heartbeat. */
export interface WorkerAnnouncement {
  label: string;
  host: string;
  pid: number;
  offers: Capability[];
  cpus: number;
  memoryMb: number;
  startedAt: string;
  /** the last heartbeat */
  seenAt: string;
}

/** One key per worker: it expires when the heartbeats stop (the worker died), or is deleted when it stops. */
const WORKER_KEY_PREFIX = 'asb:worker:';
const workerKey = (label: string) => `${WORKER_KEY_PREFIX}${label}`;

/** How often a worker renews its key, and for how long one renewal holds: three beats missed and it is gone. */
export function heartbeatTimings(lockMs: number): { everyMs: number; ttlSeconds: number } {
  const everyMs = Math.max(500, Math.min(5_000, Math.floor(lockMs / 2)));
  return { everyMs, ttlSeconds: Math.ceil((3 * everyMs) / 1000) };
}

export async function announce(redis: Redis, worker: WorkerAnnouncement, ttlSeconds: number): Promise<void> {
  await redis.set(workerKey(worker.label), JSON.stringify(worker), 'EX', ttlSeconds);
}

export async function withdraw(redis: Redis, label: string): Promise<void> {
  await redis.del(workerKey(label));
}

/** The workers whose heartbeat is current. */
export async function liveWorkers(redis: Redis): Promise<WorkerAnnouncement[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${WORKER_KEY_PREFIX}*`, 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return values.flatMap((value) => {
    if (!value) return [];
    try {
      return [JSON.parse(value) as WorkerAnnouncement];
    } catch {
      return [];
    }
  });
}
