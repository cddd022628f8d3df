import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../apps/server/test/helpers/free-port.js';
import { freshPostgres } from '../../apps/server/test/helpers/fresh-postgres.js';
import { startRedis, type TestRedis } from '../../apps/server/test/helpers/redis.js';
import { startS3, type TestS3 } from '../../apps/server/test/helpers/s3rver.js';
import { REPO } from './cluster.js';

const run = promisify(execFile);

/** What the cluster shares: one PostgreSQL database, one Redis, one S3 bucket. */
export interface Shared {
  databaseUrl: string;
  redis: TestRedis;
  s3: TestS3;
  stop(): Promise<void>;
}

/**
 * PostgreSQL: a fresh database on the server `serverUrl` names (npm test passes the one its
 * API tests started), else a server of its own (scripts/postgres.sh on a free port and its own
 * folder, so it runs beside the tests' one). Redis and s3rver on free loopback ports.
 */
export async function startShared(serverUrl: string | undefined): Promise<Shared> {
  const undo: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of undo.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
  };
  try {
    let baseUrl = serverUrl;
    if (!baseUrl) {
      const env = { ...process.env, ASB_TEST_PGPORT: String(await freePort()), ASB_TEST_PGDIR: await fs.mkdtemp(path.join(os.tmpdir(), 'asb-soak-pg-')) };
      // its folder must be the postgres user's (the script chowns it when run as root)
      undo.push(() => run('scripts/postgres.sh', ['stop'], { cwd: REPO, env }));
      baseUrl = (await run('scripts/postgres.sh', ['start'], { cwd: REPO, env })).stdout.trim();
    }
    const database = await freshPostgres(baseUrl, 'asb_soak');
    undo.push(() => database.drop());
    const redis = await startRedis();
    undo.push(() => redis.stop());
    const s3 = await startS3('asb-soak');
    undo.push(() => s3.stop());
    return { databaseUrl: database.url, redis, s3, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The settings every portal and worker of the cluster share (docs/operations.md "Topology"). */
export function sharedEnv(shared: Shared, dataDir: string): Record<string, string> {
  const s3 = shared.s3.config;
  return {
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redis.url,
    ASB_DATA_DIR: dataDir,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint!,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
    S3_PREFIX: s3.prefix,
  };
}
