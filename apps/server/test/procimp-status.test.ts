import type { ImportStatusMessage } from '@asb/contracts';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreamReader } from './helpers/event-stream.js';
import { BROKEN_WRAPPER, SCALE_WRAPPER } from './helpers/wrappers.js';
import { grantRole, multipart, createBucket, seedProcess, seedWorkspace, waitForBuild, type UploadFile } from './helpers/procimp.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Message = ImportStatusMessage;

/** Live build status (spec 2 §4, §7): SSE /procimp/events/process-buckets/status and WebSocket /procimp/ws/... */
describe('procimp build status streams', () => {
  let app: TestApp;
  let base: string;
  let processId: number;
  let viewerToken: string;
  let strangerToken: string;
  const token = (header: Record<string, string>) => header.authorization!.slice('Bearer '.length);

  const bucketWith = async (files: UploadFile[]) => {
    const bucket = await createBucket(app, processId);
    const body = await multipart(files);
    const response = await app.server.inject({
      method: 'POST',
      url: `/procimp/process/buckets/${bucket}/files`,
      headers: { ...app.adminHeader, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return bucket;
  };
  const start = async (bucket: number, kind: 'dry-run-import' | 'import') => {
    const response = await app.server.inject({ url: `/procimp/process/buckets/${bucket}/${kind}`, headers: app.adminHeader });
    expect(response.statusCode, response.body).toBe(202);
  };
  const sse = (bucket: number, query = `&token=${token(app.adminHeader)}`, headers: Record<string, string> = {}) =>
    new EventStreamReader<Message>(`${base}/procimp/events/process-buckets/status?stream=${bucket}${query}`, headers);

  beforeAll(async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const lab = await seedWorkspace(app, 'lab');
    processId = await seedProcess(app, { identifier: 'scale', label: 'Scale', workspaceIds: [lab] });
    const viewer = await app.userWithHeader('vera');
    await grantRole(app, 'vera', lab, 'user');
    viewerToken = token(viewer);
    strangerToken = token(await app.userWithHeader('sid'));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('server-sent events', () => {
    it('sends the current state on connect, then the build up to Import succeeded, and stays open', async () => {
      const bucket = await bucketWith([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
      const stream = sse(bucket);
      const response = await stream.open();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await stream.next()).toEqual({ content: '', status_text: 'Build not started', status_message: '', status_code: null });

      await start(bucket, 'dry-run-import');
      const messages = await stream.until((message) => message.status_text !== 'Importing');
      expect(messages[0]).toMatchObject({ status_text: 'Importing', status_code: 0 });
      expect(messages.map((message) => message.status_message)).toContain('Checking the wrapper');
      const last = messages.at(-1)!;
      expect(last).toMatchObject({ status_text: 'Import succeeded', status_message: 'Build passed', status_code: 200 });
      expect(last.content).toContain('Build passed');
      for (let index = 1; index < messages.length; index++) expect(messages[index]!.content.startsWith(messages[index - 1]!.content)).toBe(true);
      expect(stream.isEnded).toBe(false);

      // Build & Release on the same stream: it ends after Import complete.
      await start(bucket, 'import');
      const release = await stream.until((message) => message.status_text === 'Import complete');
      expect(release.at(-1)).toMatchObject({ status_message: 'Scale released', status_code: 200 });
      expect(await stream.next()).toBeUndefined();
      expect(stream.isEnded).toBe(true);
    });

    it('sends a failed build and closes, for a viewer with the Authorization header', async () => {
      const bucket = await bucketWith([{ name: 'process_wrapper.py', content: BROKEN_WRAPPER }]);
      await start(bucket, 'dry-run-import');
      await waitForBuild(app, bucket);
      const stream = sse(bucket, '', { authorization: `Bearer ${viewerToken}` });
      expect((await stream.open()).status).toBe(200);
      const message = await stream.next();
      expect(message).toMatchObject({ status_text: 'Import failed', status_code: 500 });
      expect(message!.status_message).toMatch(/^Invalid process_wrapper.py: SyntaxError/);
      expect(await stream.next()).toBeUndefined();
    });

    it('answers 401 without a token and 403 to users who may not view the process', async () => {
      const bucket = await bucketWith([{ name: 'a.txt', content: 'x' }]);
      expect((await app.server.inject({ url: `/procimp/events/process-buckets/status?stream=${bucket}` })).statusCode).toBe(401);
      expect((await app.server.inject({ url: `/procimp/events/process-buckets/status?stream=${bucket}&token=forged` })).statusCode).toBe(401);
      expect((await app.server.inject({ url: `/procimp/events/process-buckets/status?stream=${bucket}&token=${strangerToken}` })).statusCode).toBe(403);
      expect((await app.server.inject({ url: `/procimp/events/process-buckets/status?stream=99999&token=${viewerToken}` })).statusCode).toBe(404);
    });
  });

  describe('WebSocket', () => {
    const connect = (bucket: number, query: string) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/procimp/ws/process-buckets/${bucket}/status${query}`);
      const messages: Message[] = [];
      const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
      socket.addEventListener('message', (event) => messages.push(JSON.parse(String(event.data)) as Message));
      return { socket, messages, closed };
    };

    it('streams a release to Import complete, then the server closes', async () => {
      const bucket = await bucketWith([{ name: 'process_wrapper.py', content: SCALE_WRAPPER }]);
      const { messages, closed, socket } = connect(bucket, `?token=${token(app.adminHeader)}`);
      await new Promise((resolve) => socket.addEventListener('open', resolve));
      await expect.poll(() => messages.length).toBe(1);
      await start(bucket, 'import');
      expect(await closed).toBe(1000);
      expect(messages[0]).toMatchObject({ status_text: 'Build not started' });
      expect(messages.at(-1)).toMatchObject({ status_text: 'Import complete', status_message: 'Scale released', status_code: 200 });
      expect(messages.at(-1)!.content).toContain('Build & Release started by admin');
    });

    it('closes with 4404 for a bucket that cannot exist, with a reason that holds no query', async () => {
      for (const id of ['99999999999', '2147483648', '0x5', `${'ü'.repeat(100)}`]) {
        const socket = new WebSocket(`${base.replace('http', 'ws')}/procimp/ws/process-buckets/${encodeURIComponent(id)}/status?token=${viewerToken}`);
        const { code, reason } = await new Promise<{ code: number; reason: string }>((resolve) =>
          socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
        );
        expect(code, id).toBe(4404);
        expect(reason).toMatch(/^No bucket .* found\.|…$/);
        expect(reason).not.toMatch(/select|from|where|params/i);
      }
    });

    it('closes with 4401 without a token and 4403 for users who may not view', async () => {
      const bucket = await bucketWith([{ name: 'a.txt', content: 'x' }]);
      expect(await connect(bucket, '').closed).toBe(4401);
      expect(await connect(bucket, `?token=${strangerToken}`).closed).toBe(4403);
      const viewer = connect(bucket, `?token=${viewerToken}`);
      await expect.poll(() => viewer.messages.length).toBe(1);
      expect(viewer.messages[0]).toMatchObject({ status_text: 'Build not started', status_code: null });
      viewer.socket.close();
      await viewer.closed;
    });
  });
});
