import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ImportStatusMessage } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLogEntry } from '../src/modules/procimp/status/status-message.js';
import { BROKEN_WRAPPER, SCALE_WRAPPER } from './helpers/wrappers.js';
import { bucketRow, createBucket, insertBucket, multipart, seedProcess, waitForBuild } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Build logs live in the database: they survive a restart, and builds a restart cut short are failed. */
describe('procimp builds across a server restart', () => {
  let app: TestApp;
  let dataDir: string;
  let processId: number;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-procimp-restart-'));
    app = await createTestApp({ dataDir });
    processId = await seedProcess(app, { identifier: 'scale', label: 'Scale' });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the logs and files, and fails builds left importing', async () => {
    const built = async (wrapper: string) => {
      const bucket = await createBucket(app, processId);
      const body = await multipart([{ name: 'process_wrapper.py', content: wrapper }]);
      await app.server.inject({
        method: 'POST',
        url: `/procimp/process/buckets/${bucket}/files`,
        headers: { ...app.adminHeader, ...body.headers },
        payload: body.payload,
      });
      await app.server.inject({ url: `/procimp/process/buckets/${bucket}/dry-run-import`, headers: app.adminHeader });
      return { bucket, row: await waitForBuild(app, bucket) };
    };
    const passed = await built(SCALE_WRAPPER);
    const failed = await built(BROKEN_WRAPPER);
    const started = formatLogEntry('Build started (dry run) by admin');
    // a build its dead server stopped heartbeating 5 minutes ago, and one that was running a moment ago
    const silent = await insertBucket(app, processId, '3', { buildStatus: 'importing', buildKind: 'dry-run', buildLog: started, buildStartedAt: new Date() });
    await app.ctx.db.execute(sql`update process_buckets set updated_at = now() - interval '5 minutes' where id = ${silent}`);
    const recent = await insertBucket(app, processId, '4', { buildStatus: 'importing', buildKind: 'dry-run', buildLog: started, buildStartedAt: new Date() });

    app = await app.restart();

    expect(await bucketRow(app, passed.bucket)).toMatchObject({ buildStatus: 'succeeded', buildLog: passed.row.buildLog });
    const files = await app.server.inject({ url: `/procimp/process/buckets/${passed.bucket}/files`, headers: app.adminHeader });
    expect(files.json<{ id: string }[]>().map((node) => node.id)).toEqual(['process_wrapper.py']);

    // A finished build's stream sends the stored log and ends.
    const stream = await app.server.inject({ url: `/procimp/events/process-buckets/status?stream=${failed.bucket}`, headers: app.adminHeader });
    const data = stream.body.split('\n').find((line) => line.startsWith('data: '))!;
    expect(JSON.parse(data.slice(6))).toMatchObject<Partial<ImportStatusMessage>>({
      content: failed.row.buildLog,
      status_text: 'Import failed',
      status_code: 500,
    });

    const interrupted = await bucketRow(app, silent);
    expect(interrupted.buildStatus).toBe('failed');
    expect(interrupted.buildLog.startsWith(started)).toBe(true);
    expect(interrupted.buildLog.trimEnd().split('\n').at(-1)).toMatch(/\] Build interrupted by a server restart$/);
    // Only one server uses a PGlite database: every build left importing died with it. On
    // PostgreSQL other replicas may be building, so only a silent build is failed.
    expect((await bucketRow(app, recent)).buildStatus).toBe(app.ctx.dbKind === 'pglite' ? 'failed' : 'importing');
  });
});
