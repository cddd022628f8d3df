import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDeclaredAccess } from '../src/platform/http/access.js';
import { waitForStatus } from './helpers/engine.js';
import { seedFirstResources } from './helpers/first-resources.js';
import type { Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Operation {
  method: string;
  path: string;
  access: string;
}

/** A value for each path parameter: the admin's resources are number 1 of their kind. */
const PARAMETERS: Record<string, string> = {
  id: '1',
  bucketId: '1',
  username: 'admin',
  taskId: 'a',
  version: '1',
  z: '0',
  x: '0',
  y: '0',
  token: 'not-the-token',
  channel: 'admin',
  '*': 'a/report.txt',
};
/** shared catalogues every signed-in user reads (docs/permissions.md) */
const READABLE_BY_EVERY_USER = [
  /^GET \/knowledge\/v1\/(data-types|software-dependencies)\/\{id\}$/,
  // dashboard 1 is the system home dashboard, which every user reads (dashboards.test.ts checks another user's)
  /^GET \/knowledge\/v1\/dashboards\/\{id\}$/,
];

/** path parameters that name a resource (the tile service's z, x, y do not) */
const RESOURCE_PARAMETERS = /\{(id|bucketId|username)\}/;
const urlOf = (path: string) => path.replace(/\{([^}]+)\}/g, (_, name: string) => PARAMETERS[name] ?? '1');
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/**
 * Issue 11 §2: every route declares who may call it, and the declaration holds. The walk
 * covers every operation of the OpenAPI document, so a route added later is walked too.
 */
describe('access: declared on every route', () => {
  let app: TestApp;
  let roleless: Headers;
  let operations: Operation[];

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    // the admin's private resources, each number 1 of its kind
    const { workflow, execution } = await seedFirstResources(app, { workspace: 'private', workflow: 'private-flow' });
    await waitForStatus(app, execution, ['success', 'failed']);
    const schedule = await app.server.inject({
      method: 'POST',
      url: '/builder/v1/schedules',
      headers: app.adminHeader,
      payload: {
        processor_id: workflow,
        title: 'private',
        strategy: 'single-execution',
        start_time: '2099-01-01T00:00:00Z',
        inputs: { tasks: [{ task_id: 'a', inputs: { value: '2' } }] },
      },
    });
    expect(schedule.statusCode, schedule.body).toBeLessThan(300);
    roleless = await app.userWithHeader('roleless');

    const document = (await app.server.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, access: operation['x-access'] ?? '' })),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (operation: Operation, headers: Headers = {}) =>
    app.server.inject({ method: operation.method as 'GET', url: urlOf(operation.path), headers, ...(hasBody(operation.method) ? { payload: {} } : {}) });

  it('lists every operation with its access in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((operation) => !/^(public|user|staff|superuser)\b/.test(operation.access))).toEqual([]);
    // the few doors open to anyone
    expect(operations.filter((operation) => operation.access.startsWith('public')).map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['POST /usermgr/v1/token/', 'GET /api/openapi.json', 'POST /builder/v1/schedules/{id}/trigger/{token}']),
    );
  });

  it('answers 401 to an anonymous caller everywhere but the public routes', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.access.startsWith('public'))) {
      const response = await call(operation);
      if (response.statusCode !== 401) answers.push(`${operation.method} ${operation.path}: ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it("answers 403 or 404 to a user with no role, for admin routes and for another user's resources", async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.access.startsWith('public'))) {
      const name = `${operation.method} ${operation.path}`;
      const isAdminRoute = /^(staff|superuser)\b/.test(operation.access);
      const namesAResource = RESOURCE_PARAMETERS.test(operation.path) && !READABLE_BY_EVERY_USER.some((pattern) => pattern.test(name));
      if (!isAdminRoute && !namesAResource) continue;
      const response = await call(operation, roleless);
      if (![403, 404].includes(response.statusCode)) answers.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });

  it('never answers 5xx to a user with no role on the routes left', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.access.startsWith('public') && !RESOURCE_PARAMETERS.test(candidate.path))) {
      const response = await call(operation, roleless);
      if (response.statusCode >= 500) answers.push(`${operation.method} ${operation.path}: ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('starts with the built web app too (its files are served by declared routes)', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ASB</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const withWeb = await createTestApp({ webDistDir: dist });
    try {
      const index = await withWeb.server.inject({ url: '/asb/workflows' });
      expect([index.statusCode, index.body, index.headers['cache-control']]).toEqual([200, '<!doctype html><title>ASB</title>', 'no-cache']);
      const asset = await withWeb.server.inject({ url: '/asb/assets/app-1234.js' });
      expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    } finally {
      await withWeb.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start with a route that declares nothing', async () => {
    const server = Fastify();
    requireDeclaredAccess(server, app.ctx);
    expect(() => server.get('/forgotten', async () => 'open')).toThrow('GET /forgotten declares no access');
    await server.close().catch(() => undefined);
  });
});
