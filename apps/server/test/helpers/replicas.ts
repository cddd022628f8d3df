import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../src/config.js';
import { startRedis, type TestRedis } from './redis.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface TwoReplicas {
  a: TestApp;
  b: TestApp;
  /** closes both replicas, then stops their Redis and removes their data directory */
  close(): Promise<void>;
}

/**
 * Two replicas of the portal on one database, one data directory and one Redis (docs/operations.md
 * "In-process state"): `b` is started before either runs anything, as a replica that starts later
 * takes attempts of its own host and pid for orphans.
 */
export async function startTwoReplicas(overrides: Partial<AppConfig> = {}): Promise<TwoReplicas> {
  let redis: TestRedis | undefined;
  let dataDir = '';
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  const close = async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    redis = await startRedis();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-replicas-'));
    a = await createTestApp({ ...overrides, dataDir, redisUrl: redis.url });
    b = await a.replica();
    return { a, b, close };
  } catch (error) {
    await close();
    throw error;
  }
}
