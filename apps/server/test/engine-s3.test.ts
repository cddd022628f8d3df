import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionResults } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { S3Datastore } from '../src/engine/store/s3-datastore.js';
import { engineSeeds, taskLog, taskRows, waitForStatus } from './helpers/engine.js';
import { freePort } from './helpers/free-port.js';
import { startS3, type TestS3 } from './helpers/s3rver.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCENE = `
INPUTS = [{"name": "size", "data_type": "integer", "default": 3}]
OUTPUTS = [{"name": "scene", "data_type": "file"}, {"name": "tiles", "data_type": "file"}]

import os

def execute(out_dir, **inputs):
    print("writing a scene of", inputs["size"])
    with open(f"{out_dir}/scene.txt", "w") as f:
        f.write("abcdefghij")
    os.makedirs(f"{out_dir}/tiles/row 1")
    with open(f"{out_dir}/tiles/row 1/t.txt", "w") as f:
        f.write("tile")
    return {"scene": f"{out_dir}/scene.txt", "tiles": f"{out_dir}/tiles"}
`;
const MEASURE = `
INPUTS = [{"name": "scene", "data_type": "file"}]
OUTPUTS = [{"name": "length", "data_type": "integer"}]

def execute(out_dir, **inputs):
    with open(inputs["scene"]) as f:
        return {"length": len(f.read())}
`;

/** The S3 datastore (S3_*), against s3rver on loopback: outputs and logs go into the bucket and are served from it. */
describe('engine: the S3 datastore', () => {
  let s3: TestS3;
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;

  beforeAll(async () => {
    s3 = await startS3();
    app = await createTestApp({ s3: s3.config, engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    await seeds.runnable('scene', SCENE, {
      inputs: [{ name: 'size', dataType: 'integer', default: 3 }],
      outputs: [
        { name: 'scene', dataType: 'file' },
        { name: 'tiles', dataType: 'file' },
      ],
    });
    await seeds.runnable('measure', MEASURE, { inputs: [{ name: 'scene', dataType: 'file' }], outputs: [{ name: 'length', dataType: 'integer' }] });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('stores outputs and logs in the bucket under the owner, names it in executionResults and serves the files from it', async () => {
    const graph = seeds.graph(
      [
        { id: 'make', version: 'scene:1' },
        { id: 'measure', version: 'measure:1' },
      ],
      [['make', 'scene', 'measure', 'scene']],
    );
    const id = await seeds.run(await seeds.workflow('s3 chain', [graph]));
    const row = await waitForStatus(app, id, ['success', 'failed']);
    expect(row.status, JSON.stringify(await taskRows(app, id))).toBe('success');
    const results = row.executionResults as ExecutionResults;
    expect(results.data.find((record) => record.key === 'length')?.value).toBe(10);

    // the key is the working folder's path under the datastore folder (odd characters of the identifier become '_')
    const executionKey = `datastore/admin/executions/${path.basename(row.datastore!)}/`;
    expect(path.basename(row.datastore!)).toBe(row.identifier.replace(/ /g, '_'));
    expect(results.S3BucketName).toBe('asb-test');
    expect(results.S3OutputsPath).toBe(`s3://asb-test/${executionKey}`);
    expect(await s3.keys(executionKey)).toEqual(
      ['logs/make.1.log', 'logs/measure.1.log', 'make/scene.txt', 'make/tiles/row 1/t.txt'].map((key) => executionKey + key),
    );
    // the server ran every attempt itself: its working copy goes once the execution ended (the
    // removal runs after the status is written: wait for it)
    await expect.poll(() => fs.existsSync(row.datastore!), { timeout: 30_000, interval: 50 }).toBe(false);

    const scene = results.data.find((record) => record.key === 'scene')!;
    expect(scene.value).toBe(`/builder/v1/executions/${id}/files/make/scene.txt`);
    const whole = await app.server.inject({ method: 'GET', url: String(scene.value), headers: app.adminHeader });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('abcdefghij');
    const part = await app.server.inject({ method: 'GET', url: String(scene.value), headers: { ...app.adminHeader, range: 'bytes=2-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect(part.body).toBe('cde');
    const nested = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}/files/make/tiles/row%201/t.txt`, headers: app.adminHeader });
    expect(nested.body).toBe('tile');
    const outside = await app.server.inject({
      method: 'GET',
      url: `/builder/v1/executions/${id}/files/..%2F..%2Fother%2Fexecutions`,
      headers: app.adminHeader,
    });
    expect(outside.statusCode).toBe(404);

    const log = await taskLog(app, id, 'make');
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('writing a scene of 3');
    expect(log.body).toContain('attempt 1 ended: succeeded');
  });

  it('keeps the files from other users', async () => {
    const graph = seeds.graph([{ id: 'make', version: 'scene:1' }], []);
    const id = await seeds.run(await seeds.workflow('s3 private', [graph]));
    await waitForStatus(app, id, ['success', 'failed']);
    const stranger = await app.userWithHeader('stranger-s3');
    const response = await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${id}/files/make/scene.txt`, headers: stranger });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('abcdefghij');
  });

  it('lets a machine without the files fetch an upstream output (file or folder) from the bucket', async () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-s3-a-'));
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-s3-b-'));
    try {
      const here = new DatastorePaths(made);
      const there = new DatastorePaths(elsewhere);
      const writer = new S3Datastore(s3.config, here);
      const reader = new S3Datastore(s3.config, there);
      const outDir = here.taskOutDir('alice', 'fetch-1', 'make');
      fs.mkdirSync(path.join(outDir, 'bands'), { recursive: true });
      fs.writeFileSync(path.join(outDir, 'scene.tif'), 'pixels');
      fs.writeFileSync(path.join(outDir, 'bands', 'b1.tif'), 'band one');
      const logPath = here.taskLog('alice', 'fetch-1', 'make', 1);
      fs.mkdirSync(path.dirname(logPath), { recursive: true });
      fs.writeFileSync(logPath, 'log');
      await writer.saveAttempt({ outDir, logPath });

      const otherOut = there.taskOutDir('alice', 'fetch-1', 'make');
      await reader.ensureLocal(path.join(otherOut, 'scene.tif'));
      await reader.ensureLocal(path.join(otherOut, 'bands'));
      expect(fs.readFileSync(path.join(otherOut, 'scene.tif'), 'utf8')).toBe('pixels');
      expect(fs.readFileSync(path.join(otherOut, 'bands', 'b1.tif'), 'utf8')).toBe('band one');
      // nothing half-written is left beside them
      expect(fs.readdirSync(otherOut).sort()).toEqual(['bands', 'scene.tif']);
      await Promise.all([writer.close(), reader.close()]);
    } finally {
      fs.rmSync(made, { recursive: true, force: true });
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('engine: an S3 datastore that cannot be reached', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;

  beforeAll(async () => {
    // nothing listens there
    const port = await freePort();
    const s3 = {
      bucket: 'gone',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      prefix: '',
      forcePathStyle: true,
    };
    app = await createTestApp({ s3, engine: { localCpus: 1, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    await seeds.runnable('scene', SCENE, {
      inputs: [{ name: 'size', dataType: 'integer', default: 3 }],
      outputs: [
        { name: 'scene', dataType: 'file' },
        { name: 'tiles', dataType: 'file' },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fails the task with the reason, records no outputs and keeps the working folder with the log', async () => {
    const id = await seeds.run(await seeds.workflow('s3 down', [seeds.graph([{ id: 'make', version: 'scene:1' }], [])]));
    const row = await waitForStatus(app, id, ['success', 'failed'], 60_000);
    expect(row.status).toBe('failed');
    const results = row.executionResults as ExecutionResults;
    expect(results.tasks.map((task) => task.state)).toEqual(['failed']);
    expect(results.data).toEqual([]);
    const jobs = await app.server.inject({ method: 'GET', url: `/taskmgr/v1/tasks?filter[executionId]=${id}`, headers: app.adminHeader });
    expect(jobs.json<{ data: { attributes: { error: string } }[] }>().data[0]?.attributes.error).toMatch(/^The outputs could not be stored in the datastore: /);
    // not stored anywhere else: the local copy stays, and the log is still served from it
    expect(fs.existsSync(row.datastore!)).toBe(true);
    const log = await taskLog(app, id, 'make');
    expect(log.body).toContain('writing a scene of 3');
    expect(log.body).toContain('The outputs could not be stored in the datastore');
  }, 90_000);
});
