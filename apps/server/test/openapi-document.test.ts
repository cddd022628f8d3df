import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface DocumentOperation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, object> }>;
}
type Document = OpenAPI3 & { paths: Record<string, Record<string, DocumentOperation>> };

const WRITES = ['post', 'put', 'patch'];
/**
 * The writes that take no body: the path or the caller says it all. A new write either
 * documents its body or is added here on purpose.
 */
const BODILESS_WRITES = new Set([
  'POST /usermgr/v1/logout/',
  'POST /procimp/process/buckets/{bucketId}/dry-run-import',
  'POST /procimp/process/buckets/{bucketId}/import',
  'PATCH /knowledge/v1/workflows/{id}/unpublish',
  'PATCH /builder/v1/executions/{id}/execute',
  'PATCH /builder/v1/executions/{id}/stop',
  'POST /builder/v1/executions/{id}/rerun',
  'POST /builder/v1/executions/{id}/product-order',
  'POST /admin/v1/engine/tasks/{id}/stop',
  'POST /admin/v1/engine/tasks/{id}/requeue',
  'POST /backend/catalogue/stac/maas/{id}/stop',
]);
/** every resource type's archive and unarchive */
const ARCHIVING = /^PATCH .*\/\{id\}\/(archive|unarchive)$/;

/**
 * /api/openapi.json is the contract for other clients (docs/api.md, "Generating a client"):
 * it must be a valid OpenAPI 3 document, say what every operation takes and answers, and
 * give a client generator enough to produce typed calls.
 */
describe('the OpenAPI document', () => {
  let app: TestApp;
  let document: Document;
  let operations: { key: string; operation: DocumentOperation }[];
  beforeAll(async () => {
    // a provider configured (never contacted here), so that its redirects are in the document
    app = await createTestApp({
      oidc: { issuer: 'https://id.example.org', clientId: 'asb', clientSecret: '', providerName: 'Example ID', scopes: 'openid', allowInsecure: false },
    });
    const response = await app.server.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('is a valid OpenAPI 3 document', async () => {
    // validate() dereferences what it is given: a copy keeps the document as served
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect(validated).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('holds only operations of the contract (mounted from packages/contracts/src/api), each with its own operationId', () => {
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key)).toEqual([]);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    expect(operations.find(({ key }) => key === 'GET /usermgr/v1/users/{username}/')?.operation.operationId).toBe('getUsermgrV1UsersUsername');
  });

  it('gives every write with a body its schema', () => {
    const missing = operations.filter(({ key, operation }) => {
      if (!WRITES.includes(key.split(' ')[0]!.toLowerCase())) return false;
      const contents = Object.values(operation.requestBody?.content ?? {});
      if (contents.length === 0) return !BODILESS_WRITES.has(key) && !ARCHIVING.test(key);
      return contents.some((content) => !content.schema);
    });
    expect(missing.map(({ key }) => key)).toEqual([]);
  });

  it('documents a success answer of every operation: its content, or none on purpose', () => {
    const undocumented = operations.filter(({ operation }) => {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
      return (
        successes.length === 0 ||
        successes.some(([status, answer]) => {
          // 204 carries no content, a redirect (3xx) its target in Location
          if (status === '204') return false;
          if (status.startsWith('3')) return !answer.headers?.location;
          const contents = Object.values(answer.content ?? {});
          return contents.length === 0 || contents.some((content) => !content.schema);
        })
      );
    });
    expect(undocumented.map(({ key }) => key)).toEqual([]);
  });

  it('lists neither WebSockets nor the web app', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path === '/' || path === '/index' || path.startsWith('/asb') || path.includes('/ws/') || path === '/builder/live')).toEqual(
      [],
    );
  });

  it('generates a typed client (openapi-typescript) naming the operations', async () => {
    const source = astToString(await openapiTS(structuredClone(document)));
    for (const path of [
      '/usermgr/v1/token/',
      '/knowledge/v1/workflows/{id}',
      '/builder/v1/executions/{id}/pdf',
      '/procimp/process/buckets/{bucketId}/files',
      '/procimp/repository/components',
      '/cog/tilejson.json',
      '/knowledge/api/details',
      '/usermgr/oidc/authenticate',
    ]) {
      expect(source).toContain(`"${path}": {`);
    }
    // the answers are typed, not left as unknown: the token answer names its field
    expect(source).toMatch(/token: string/);
    expect(source).toContain('getProcimpRepositoryComponents: {');
    // and the generated source is valid TypeScript
    const { diagnostics } = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
    expect(diagnostics ?? []).toEqual([]);
  });
});
