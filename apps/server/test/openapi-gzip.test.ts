import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The API reference page reads the OpenAPI document first (issue 34 §4): it goes out gzip to a browser, as it is to others. */
describe('the OpenAPI document on the wire', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is gzip-compressed for a client that accepts it, the same document, and plain for one that does not', async () => {
    const plain = await app.server.inject({ url: '/api/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const document = plain.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.paths['/knowledge/v1/mep/products']).toBeDefined();

    for (let n = 0; n < 2; n++) {
      const gzip = await app.server.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gzip.statusCode).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(document);
    }
    // other answers are left as they are
    const details = await app.server.inject({ url: '/knowledge/api/details', headers: { 'accept-encoding': 'gzip' } });
    expect(details.headers['content-encoding']).toBeUndefined();
  });
});
