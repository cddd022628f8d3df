import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ImportStatusMessage } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../src/engine/store/object-store.js';
import { processImages, processVersions } from '../src/db-schema.js';
import { makeTar } from './helpers/tar.js';
import { BROKEN_WRAPPER, SCALE_SIGNATURE, SCALE_WRAPPER } from './helpers/wrappers.js';
import { bucketRow, grantRole, multipart, createBucket, seedProcess, seedWorkspace, waitForBuild, type UploadFile } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Build (dry run) and Build & Release (spec 2 §4): GET .../dry-run-import and .../import. */
describe('procimp builds', () => {
  let app: TestApp;
  let dataDir: string;
  let processId: number;
  let viewer: Record<string, string>;
  let bucketNumber = 0;

  const upload = async (bucket: number, files: UploadFile[]) => {
    const body = await multipart(files);
    const response = await app.server.inject({
      method: 'POST',
      url: `/procimp/process/buckets/${bucket}/files`,
      headers: { ...app.adminHeader, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const start = (bucket: number, kind: 'dry-run-import' | 'import', headers: Record<string, string> = app.adminHeader, method: 'GET' | 'POST' = 'GET') =>
    app.server.inject({ method, url: `/procimp/process/buckets/${bucket}/${kind}`, headers });
  const bucketWith = async (files: UploadFile[]) => {
    const bucket = await createBucket(app, processId);
    bucketNumber++;
    await upload(bucket, files);
    return bucket;
  };
  /** every path under dir, to prove an archive wrote nothing outside the build folder */
  const listing = async (dir: string) => (await fs.readdir(dir, { recursive: true })).map(String).sort();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-procimp-build-'));
    app = await createTestApp({ dataDir });
    const lab = await seedWorkspace(app, 'lab');
    processId = await seedProcess(app, { identifier: 'scale', label: 'Scale', workspaceIds: [lab] });
    viewer = await app.userWithHeader('vera');
    await grantRole(app, 'vera', lab, 'user');
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs a dry run in the background: 202 at once, then Import succeeded with every step logged', async () => {
    const bucket = await bucketWith([
      { name: 'process_wrapper.py', content: SCALE_WRAPPER },
      { name: 'lib/helper.py', content: 'X = 1\n' },
    ]);
    const response = await start(bucket, 'dry-run-import');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<ImportStatusMessage>()).toMatchObject({ status_text: 'Importing', status_code: 0 });
    const row = await waitForBuild(app, bucket);
    expect(row.buildStatus, row.buildLog).toBe('succeeded');
    expect(row.buildKind).toBe('dry-run');
    expect(row.released).toBe(false);
    for (const step of [
      'Build started (dry run) by admin',
      'Copying the bucket files',
      'Checking the wrapper',
      'Wrapper found: inputs value, factor, label; outputs result, report',
      'Snapshotting the files',
      'Generating the Dockerfile',
      'Build passed',
    ]) {
      expect(row.buildLog).toContain(step);
    }
    expect(row.buildLog).toMatch(/^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] Build started/);
    expect(await listing(path.join(dataDir, 'builds'))).toEqual([]);
  });

  it('allows a rebuild after a passed dry run, and POST as well as GET', async () => {
    const bucket = await bucketWith([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
    expect((await start(bucket, 'dry-run-import')).statusCode).toBe(202);
    expect((await waitForBuild(app, bucket)).buildStatus).toBe('succeeded');
    expect((await start(bucket, 'dry-run-import', app.adminHeader, 'POST')).statusCode).toBe(202);
    const row = await waitForBuild(app, bucket);
    expect(row.buildStatus).toBe('succeeded');
    expect(row.buildLog.match(/Build started/g)).toHaveLength(1);
  });

  it('answers 409 while a build of the bucket runs', async () => {
    const bucket = await bucketWith([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
    const [first, second] = await Promise.all([start(bucket, 'dry-run-import'), start(bucket, 'import')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json()).toMatchObject({ detail: `A build of bucket #${bucket} is already running.` });
    await waitForBuild(app, bucket);
  });

  it("fails on a syntax error with Python's message and line in the log", async () => {
    const bucket = await bucketWith([{ name: 'process_wrapper.py', content: BROKEN_WRAPPER }]);
    await start(bucket, 'dry-run-import');
    const row = await waitForBuild(app, bucket);
    expect(row.buildStatus).toBe('failed');
    const lastEntry = row.buildLog
      .trimEnd()
      .split('\n')
      .findLast((line) => line.startsWith('['));
    expect(lastEntry).toMatch(/Invalid process_wrapper.py: SyntaxError: .* \(line 3\)$/);
    expect(row.buildLog).toContain('File "process_wrapper.py", line 3');
    expect(row.buildLog).toContain('    def execute(out_dir, **inputs)');
  });

  it('fails without a wrapper, naming the file it needs', async () => {
    const bucket = await bucketWith([{ name: 'notes.txt', content: 'no wrapper' }]);
    await start(bucket, 'dry-run-import');
    expect((await waitForBuild(app, bucket)).buildLog.trimEnd()).toMatch(/No process_wrapper.py at the bucket root \(nor at the root of an archive there\)\.$/);
  });

  it('extracts archives into their folder, and takes the wrapper from one', async () => {
    const bundle = makeTar(
      [
        { name: 'process_wrapper.py', content: SCALE_WRAPPER },
        { name: 'data/lut.csv', content: 'a,b\n' },
      ],
      { gzip: true },
    );
    const bucket = await bucketWith([{ name: 'bundle.tar.gz', content: bundle }]);
    await start(bucket, 'dry-run-import');
    const row = await waitForBuild(app, bucket);
    expect(row.buildStatus, row.buildLog).toBe('succeeded');
    expect(row.buildLog).toContain('bundle.tar.gz: 2 file(s) extracted');
  });

  it.each([
    [
      'a ../ entry',
      [
        { name: 'ok.txt', content: 'x' },
        { name: '../../../escaped.txt', content: 'bad' },
      ],
      "Refused archive entry '../../../escaped.txt'",
    ],
    [
      'an absolute symlink',
      [{ name: 'etc-passwd', type: 'symlink', linkname: '/etc/passwd' }],
      "Refused archive entry 'etc-passwd': link to '/etc/passwd' points outside the archive",
    ],
  ] as const)('refuses an archive with %s, naming it, and writes nothing outside the build folder', async (_case, entries, message) => {
    const before = await listing(dataDir);
    const bucket = await bucketWith([
      { name: 'process_wrapper.py', content: SCALE_WRAPPER },
      { name: 'evil.tar', content: makeTar([...entries]) },
    ]);
    await start(bucket, 'dry-run-import');
    const row = await waitForBuild(app, bucket);
    expect(row.buildStatus).toBe('failed');
    expect(row.buildLog.trimEnd().split('\n').at(-1)).toContain(`evil.tar: ${message}`);
    const after = await listing(dataDir);
    expect(after.filter((entry) => !before.includes(entry) && !entry.startsWith(`buckets/${bucket}`))).toEqual([]);
    await expect(fs.access(path.join(dataDir, 'escaped.txt'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'builds', 'escaped.txt'))).rejects.toThrow();
  });

  it('releases: a version with the signature, an image with the resources, the bucket frozen, the files snapshotted', async () => {
    const bucket = await bucketWith([
      { name: 'process_wrapper.py', content: SCALE_WRAPPER },
      { name: 'lib/helper.py', content: 'X = 1\n' },
    ]);
    expect((await start(bucket, 'dry-run-import')).statusCode).toBe(202);
    expect((await waitForBuild(app, bucket)).buildStatus).toBe('succeeded');
    expect((await start(bucket, 'import')).statusCode).toBe(202);
    const row = await waitForBuild(app, bucket, ['released', 'failed']);
    expect(row.buildStatus, row.buildLog).toBe('released');
    expect(row.buildLog.trimEnd().split('\n').at(-1)).toMatch(/\] Scale released$/);
    expect(row.released).toBe(true);

    const [version] = await app.ctx.db.select().from(processVersions).where(eq(processVersions.bucketId, bucket));
    expect(version).toMatchObject({
      identifier: `scale:${bucketNumber}`,
      label: 'Scale',
      value: String(bucketNumber),
      ownerId: 'admin',
      processId,
      released: true,
      signature: SCALE_SIGNATURE,
      dependencies: ['numpy'],
    });
    expect(row.versionId).toBe(version!.id);
    expect(version!.dockerfile).toContain('RUN pip install "numpy"');
    expect(version!.manifest.map((entry) => entry.path)).toEqual(['lib/helper.py', 'process_wrapper.py']);
    for (const entry of version!.manifest) {
      expect(await fs.readFile(objectPath(path.join(dataDir, 'objects'), entry.sha256), 'utf8')).toBe(
        entry.path === 'lib/helper.py' ? 'X = 1\n' : SCALE_WRAPPER,
      );
    }
    const [image] = await app.ctx.db.select().from(processImages).where(eq(processImages.versionId, version!.id));
    expect(image).toMatchObject({
      processIdentifier: 'scale',
      processVersion: String(bucketNumber),
      allocatedCpus: 2,
      allocatedMem: 2048,
      allocatedDisk: 1024,
      allocatedGpus: 0,
    });

    const again = await start(bucket, 'dry-run-import');
    expect(again.statusCode).toBe(409);
  });

  it('lets a workspace user not build (403), and anonymous not at all (401)', async () => {
    const bucket = await bucketWith([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
    expect((await start(bucket, 'dry-run-import', viewer)).statusCode).toBe(403);
    expect((await start(bucket, 'import', viewer)).statusCode).toBe(403);
    expect((await start(bucket, 'import', {})).statusCode).toBe(401);
    expect((await bucketRow(app, bucket)).buildStatus).toBe('not_started');
  });
});
