import type { BucketProperties } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareDependencies } from '../src/db-schema.js';
import { makeTar } from './helpers/tar.js';
import { BROKEN_WRAPPER, SCALE_SIGNATURE, SCALE_WRAPPER } from './helpers/wrappers.js';
import { createBucket, grantRole, multipart, seedProcess, seedWorkspace, type UploadFile } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** GET /procimp/process/buckets/{b}/properties and /dockerfile (spec 2 §2 bucket tabs, §3). */
describe('procimp bucket properties and Dockerfile', () => {
  let app: TestApp;
  let processId: number;
  let viewer: Record<string, string>;

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
  const properties = async (bucket: number, headers: Record<string, string> = app.adminHeader) => {
    const response = await app.server.inject({ url: `/procimp/process/buckets/${bucket}/properties`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BucketProperties>();
  };

  beforeAll(async () => {
    app = await createTestApp();
    const zeta = await seedWorkspace(app, 'zeta');
    const alpha = await seedWorkspace(app, 'alpha');
    processId = await seedProcess(app, { identifier: 'scale', label: 'Scale', workspaceIds: [zeta, alpha] });
    viewer = await app.userWithHeader('vera');
    await grantRole(app, 'vera', zeta, 'user');
  });
  afterAll(async () => {
    await app.close();
  });

  it('identifies the bucket and reports no wrapper yet, with the default resources', async () => {
    const bucket = await createBucket(app, processId);
    expect(await properties(bucket, viewer)).toEqual({
      identification: { mission: 'alpha', name: 'Scale', version: '1', identifier: 'scale' },
      wrapper: { detected: false, signature: null, error: null },
      resources: { cpus: 1, ramMb: 1024, diskMb: 1024, gpus: 0 },
    });
  });

  it('takes the owner as mission of a process in no workspace', async () => {
    const own = await createBucket(app, await seedProcess(app, { identifier: 'lonely' }));
    expect((await properties(own)).identification.mission).toBe('admin');
  });

  it('detects a valid wrapper and takes its RESOURCES unless the bucket sets its own', async () => {
    const bucket = await createBucket(app, processId);
    await upload(bucket, [{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
    const found = await properties(bucket);
    expect(found.wrapper).toEqual({ detected: true, signature: SCALE_SIGNATURE, error: null });
    expect(found.resources).toEqual(SCALE_SIGNATURE.resources);

    const chosen = { cpus: 4, ramMb: 4096, diskMb: 10240, gpus: 1 };
    const custom = await createBucket(app, processId, chosen);
    await upload(custom, [{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
    expect((await properties(custom)).resources).toEqual(chosen);
  });

  it("reports Python's syntax error", async () => {
    const bucket = await createBucket(app, processId);
    await upload(bucket, [{ name: 'process_wrapper.py', content: BROKEN_WRAPPER }]);
    const { wrapper } = await properties(bucket);
    expect(wrapper.detected).toBe(false);
    expect(wrapper.error).toContain('line 3');
    expect(wrapper.error).toContain('SyntaxError');
  });

  it('finds a wrapper at the root of an uploaded archive', async () => {
    const bucket = await createBucket(app, processId);
    await upload(bucket, [{ name: 'bundle.tgz', content: makeTar([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }], { gzip: true }) }]);
    expect((await properties(bucket)).wrapper).toMatchObject({ detected: true, signature: SCALE_SIGNATURE });
  });

  it('generates the Dockerfile from the declared dependencies', async () => {
    await app.ctx.db
      .insert(softwareDependencies)
      .values({ identifier: 'asb-test-geo', label: 'geo', ownerId: 'admin', install: 'apt:gdal-bin pip:GDAL==3.6.*' })
      .onConflictDoNothing();
    const bucket = await createBucket(app, processId);
    await upload(bucket, [
      { name: 'process_wrapper.py', content: SCALE_WRAPPER.replace('DEPENDENCIES = ["numpy"]', 'DEPENDENCIES = ["asb-test-geo", "unknown-lib==1.2"]') },
    ]);
    const response = await app.server.inject({ url: `/procimp/process/buckets/${bucket}/dockerfile`, headers: viewer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('FROM python:3.11-slim');
    expect(response.body).toContain('apt-get install -y --no-install-recommends gdal-bin');
    expect(response.body).toContain('RUN pip install "GDAL==3.6.*" "unknown-lib==1.2"');
    expect(response.body).toContain('ENTRYPOINT ["python3", "/opt/asb/asb_runner.py", "--wrapper-dir", "/opt/asb/process"]');
  });

  it('answers 401 and 403 like the files', async () => {
    const bucket = await createBucket(app, processId);
    const stranger = await app.userWithHeader('sid');
    for (const part of ['properties', 'dockerfile']) {
      expect((await app.server.inject({ url: `/procimp/process/buckets/${bucket}/${part}` })).statusCode).toBe(401);
      expect((await app.server.inject({ url: `/procimp/process/buckets/${bucket}/${part}`, headers: stranger })).statusCode).toBe(403);
    }
  });
});
