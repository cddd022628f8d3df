import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The five 500s of issue 30 §6: ids past 2³¹ − 1 reached PostgreSQL's integer columns, and an
 * IPv6 zone id reached the URL parser unchecked. Each is now a 4xx that says why.
 */
describe('hostile path values', () => {
  let app: TestApp;
  let staff: { authorization: string };

  beforeAll(async () => {
    app = await createTestApp();
    staff = await app.userWithHeader('hostile-staff', { is_staff: true });
  });
  afterAll(() => app.close());

  const send = (method: 'GET' | 'POST', url: string, payload?: object) => app.server.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });

  it.each([
    ['POST', '/admin/v1/engine/tasks/{id}/stop', 'Task {id} not found.'],
    ['POST', '/admin/v1/engine/tasks/{id}/requeue', 'Task {id} not found.'],
    ['GET', '/backend/catalogue/stac/maas/{id}/v2/models/m', 'No model service {id} of yours is running.'],
    ['GET', '/backend/catalogue/stac/maas/{id}/v2/health/ready', 'No model service {id} of yours is running.'],
    ['GET', '/backend/catalogue/stac/orders/{id}/files/a.txt', 'No such order.'],
  ] as const)('%s %s: an id past 2³¹ − 1 names nothing (404)', async (method, path, detail) => {
    for (const id of ['2147483648', '9007199254740993', '99999999999999999999']) {
      const answer = await send(method, path.replace('{id}', id));
      expect([answer.statusCode, answer.json<{ detail?: string }>().detail], `${method} ${path} with ${id}`).toEqual([404, detail.replace('{id}', id)]);
    }
  });

  it('refuses an ingest URL with an IPv6 zone id as no URL (400)', async () => {
    for (const url of ['http://[fe80::1%25eth0]/x', 'http://[fe80::1%eth0]/catalog.json']) {
      const answer = await send('POST', '/resource-catalogue/ingest', { url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ errors: { detail: string; source?: { pointer: string } }[] }>().errors[0]).toMatchObject({
        detail: expect.stringContaining('is not a valid URL'),
        source: { pointer: '/url' },
      });
    }
  });
});
