import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, type FileTreeNode } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVED_PROCESS_TEXT } from '../src/modules/knowledge/process-access.js';
import { archiveProcess, createBucket, grantRole, insertBucket, multipart, seedProcess, seedWorkspace, type UploadFile } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Headers = Record<string, string>;

/** procimp bucket files: GET/POST/DELETE /procimp/process/buckets/{b}/files (spec 2 §7). */
describe('procimp bucket files', () => {
  let app: TestApp;
  let dataDir: string;
  let bucket: number;
  let viewer: Headers;
  let operator: Headers;
  let stranger: Headers;
  const url = (id = bucket) => `/procimp/process/buckets/${id}/files`;

  const upload = async (files: UploadFile[], headers: Headers = app.adminHeader, fields: Record<string, string> = {}, id = bucket) => {
    const body = await multipart(files, fields);
    return app.server.inject({ method: 'POST', url: url(id), headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const tree = async (headers: Headers = app.adminHeader, id = bucket) => {
    const response = await app.server.inject({ url: url(id), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileTreeNode[]>();
  };
  const remove = (files: string[], headers: Headers = app.adminHeader, id = bucket) =>
    app.server.inject({ method: 'DELETE', url: url(id), headers, payload: { files } });
  const stored = async (id = bucket) => (await fs.readdir(path.join(dataDir, 'buckets', String(id)), { recursive: true }).catch(() => [])).map(String).sort();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-procimp-files-'));
    app = await createTestApp({ dataDir });
    const lab = await seedWorkspace(app, 'lab');
    const process = await seedProcess(app, { identifier: 'ndvi', label: 'NDVI', workspaceIds: [lab] });
    bucket = await createBucket(app, process);
    viewer = await app.userWithHeader('vera');
    operator = await app.userWithHeader('otto');
    stranger = await app.userWithHeader('sid');
    await grantRole(app, 'vera', lab, 'user');
    await grantRole(app, 'otto', lab, 'operator');
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts empty', async () => {
    expect(await tree()).toEqual([]);
  });

  it('stores several files, into a subfolder when asked, and lists them as a tree', async () => {
    const root = await upload([
      { name: 'process_wrapper.py', content: 'x = 1\n' },
      { name: 'README.md', content: '# r' },
    ]);
    expect(root.statusCode, root.body).toBe(201);
    expect(root.json()).toEqual({ files: ['process_wrapper.py', 'README.md'] });
    const nested = await upload([{ name: 'util.py', content: 'y = 2\n' }], operator, { path: 'lib/helpers' });
    expect(nested.statusCode, nested.body).toBe(201);
    expect(await tree(viewer)).toEqual([
      { id: 'lib', parent: '#', text: 'lib', type: 'folder' },
      { id: 'lib/helpers', parent: 'lib', text: 'helpers', type: 'folder' },
      { id: 'lib/helpers/util.py', parent: 'lib/helpers', text: 'util.py', type: 'file', size: 6 },
      { id: 'process_wrapper.py', parent: '#', text: 'process_wrapper.py', type: 'file', size: 6 },
      { id: 'README.md', parent: '#', text: 'README.md', type: 'file', size: 3 },
    ]);
  });

  it('keeps the folders of file names that carry them (a dropped folder)', async () => {
    expect((await upload([{ name: 'data/lut.csv', content: 'a,b' }])).json()).toEqual({ files: ['data/lut.csv'] });
    expect((await remove(['data'])).statusCode).toBe(200);
  });

  it('replaces a file uploaded again', async () => {
    expect((await upload([{ name: 'README.md', content: '# new' }])).statusCode).toBe(201);
    expect(await fs.readFile(path.join(dataDir, 'buckets', String(bucket), 'README.md'), 'utf8')).toBe('# new');
  });

  it('refuses a file over 20 MB with 413 and stores nothing of the request', async () => {
    const before = await stored();
    const response = await upload([
      { name: 'small.txt', content: 'fits' },
      { name: 'huge.bin', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'File huge.bin is larger than the 20 MB limit.' });
    expect(await stored()).toEqual(before);
    expect(await fs.readdir(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const response = await upload([{ name: 'exact.bin', content: Buffer.alloc(MAX_UPLOAD_BYTES) }]);
    expect(response.statusCode, response.body).toBe(201);
    expect((await remove(['exact.bin'])).statusCode).toBe(200);
  });

  it.each([
    ['a ../ file name', [{ name: '../escape.txt', content: 'x' }], {}],
    ['an absolute file name', [{ name: '/etc/escape.txt', content: 'x' }], {}],
    ['a ../ folder', [{ name: 'a.txt', content: 'x' }], { path: 'lib/../../..' }],
    ['a backslash', [{ name: '..\\escape.txt', content: 'x' }], {}],
  ])('refuses %s with 400 and writes nothing', async (_case, files, fields) => {
    const before = await stored();
    const response = await upload(files, app.adminHeader, fields);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Invalid path/);
    expect(await stored()).toEqual(before);
    await expect(fs.access(path.join(dataDir, 'buckets', 'escape.txt'))).rejects.toThrow();
  });

  it('does not follow a symbolic link planted in the bucket', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-outside-'));
    await fs.symlink(outside, path.join(dataDir, 'buckets', String(bucket), 'planted'));
    expect((await upload([{ name: 'x.txt', content: 'x' }], app.adminHeader, { path: 'planted' })).statusCode).toBe(400);
    expect((await remove(['planted/anything'])).statusCode).toBe(400);
    expect(await fs.readdir(outside)).toEqual([]);
    expect((await tree()).map((node) => node.id)).not.toContain('planted');
    await fs.unlink(path.join(dataDir, 'buckets', String(bucket), 'planted'));
    await fs.rm(outside, { recursive: true });
  });

  it('deletes files and folders, checking every path first', async () => {
    expect((await remove(['README.md', 'missing.txt'])).statusCode).toBe(404);
    expect(await stored()).toContain('README.md');
    expect((await remove(['../x'])).statusCode).toBe(400);
    expect((await remove(['.'])).statusCode).toBe(400);
    const response = await remove(['README.md', 'lib']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: ['README.md', 'lib'] });
    expect((await tree()).map((node) => node.id)).toEqual(['process_wrapper.py']);
  });

  it('publishes its routes in the OpenAPI document', async () => {
    const document = (await app.server.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/procimp/process/buckets/{bucketId}/files',
        '/procimp/process/buckets/{bucketId}/import',
        '/procimp/events/process-buckets/status',
        '/procimp/repository/components',
      ]),
    );
  });

  describe('permissions', () => {
    it('answers 401 without a token', async () => {
      expect((await app.server.inject({ url: url() })).statusCode).toBe(401);
      expect((await upload([{ name: 'a.txt', content: 'x' }], {})).statusCode).toBe(401);
      expect((await remove(['process_wrapper.py'], {})).statusCode).toBe(401);
    });

    it('lets a workspace user list, but not upload or delete (403)', async () => {
      expect(await tree(viewer)).toHaveLength(1);
      expect((await upload([{ name: 'a.txt', content: 'x' }], viewer)).statusCode).toBe(403);
      expect((await remove(['process_wrapper.py'], viewer)).statusCode).toBe(403);
      expect(await stored()).toEqual(['process_wrapper.py']);
    });

    it('gives nothing to users outside the workspaces, and 404 for unknown buckets', async () => {
      expect((await app.server.inject({ url: url(), headers: stranger })).statusCode).toBe(403);
      expect((await app.server.inject({ url: url(9999), headers: app.adminHeader })).statusCode).toBe(404);
    });

    it('keeps released buckets and archived processes read-only', async () => {
      const released = await insertBucket(app, await seedProcess(app, { identifier: 'done' }), '1', { released: true });
      const frozen = await upload([{ name: 'a.txt', content: 'x' }], app.adminHeader, {}, released);
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json()).toMatchObject({ detail: `Bucket #${released} is released: its files are read-only.` });
      expect(await tree(app.adminHeader, released)).toEqual([]);

      const old = await seedProcess(app, { identifier: 'old' });
      const archived = await createBucket(app, old);
      await archiveProcess(app, old);
      const refused = await upload([{ name: 'a.txt', content: 'x' }], app.adminHeader, {}, archived);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: ARCHIVED_PROCESS_TEXT });
      expect((await remove(['a.txt'], app.adminHeader, archived)).statusCode).toBe(400);
    });
  });
});

/** The limits per request, per bucket and on the number of files (docs/security.md "Uploads"), configured small. */
describe('procimp bucket upload limits', () => {
  const MB = 1024 * 1024;
  let app: TestApp;
  let dataDir: string;
  let bucket: number;

  const upload = async (files: UploadFile[]) => {
    const body = await multipart(files, {});
    return app.server.inject({
      method: 'POST',
      url: `/procimp/process/buckets/${bucket}/files`,
      headers: { ...app.adminHeader, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () => (await fs.readdir(path.join(dataDir, 'buckets', String(bucket)), { recursive: true }).catch(() => [])).map(String).sort();
  const file = (name: string, megabytes: number) => ({ name, content: Buffer.alloc(megabytes * MB) });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-procimp-limits-'));
    app = await createTestApp({ dataDir, uploads: { requestBytes: 3 * MB, filesPerRequest: 3, bucketBytes: 5 * MB } });
    const lab = await seedWorkspace(app, 'lab');
    bucket = await createBucket(app, await seedProcess(app, { identifier: 'big', label: 'Big', workspaceIds: [lab] }));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses files that add up to more than the request limit, and stores none of them', async () => {
    const response = await upload([file('a.bin', 1), file('b.bin', 1), file('c.bin', 1.5)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'The files of one upload may add up to at most 3 MB: upload them in several steps.' });
    expect(await stored()).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('refuses more files than one request may hold', async () => {
    const response = await upload([file('1.txt', 0), file('2.txt', 0), file('3.txt', 0), file('4.txt', 0)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'One upload may hold at most 3 files: upload them in several steps.' });
    expect(await stored()).toEqual([]);
  });

  it('fills a bucket up to its limit, refuses what would go over, and takes a replacement that does not grow it', async () => {
    expect((await upload([file('a.bin', 2), file('b.bin', 1)])).statusCode).toBe(201);
    expect((await upload([file('c.bin', 2)])).statusCode).toBe(201);
    const over = await upload([file('d.bin', 0.5)]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ detail: 'A bucket may hold at most 5 MB: these files would bring it to 5.5 MB. Delete files first.' });
    expect(await stored()).toEqual(['a.bin', 'b.bin', 'c.bin']);
    // the same size again, or smaller: the bucket does not grow
    expect((await upload([file('b.bin', 1)])).statusCode).toBe(201);
    expect((await upload([file('a.bin', 0.5)])).statusCode).toBe(201);
    expect((await fs.stat(path.join(dataDir, 'buckets', String(bucket), 'a.bin'))).size).toBe(0.5 * MB);
  });

  it('counts uploads that arrive at once against the bucket one after the other', async () => {
    // 3.5 MB stored: of two 1 MB uploads at once, one fits
    const answers = await Promise.all([upload([file('e.bin', 1)]), upload([file('f.bin', 1)])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    expect((await stored()).filter((name) => name === 'e.bin' || name === 'f.bin')).toHaveLength(1);
  });
});
