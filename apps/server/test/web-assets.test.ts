import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/modules/spa/spa.routes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * How the built web app is served (docs/operations.md#web-assets): hashed assets pre-compressed and
 * cached for a year, pages never cached without asking, source maps and the build's own files never
 * served. The web build writes the .br/.gz copies (apps/web/build-plugins/precompress.ts).
 */
describe('web assets', () => {
  let app: TestApp;
  let dist: string;
  const bundle = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ASB</title><script type="module" src="/asb/assets/app-1a2b.js"></script>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1a2b.js'), bundle);
    await fs.writeFile(path.join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(bundle));
    await fs.writeFile(path.join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(bundle));
    await fs.writeFile(path.join(dist, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["../src/secret-server-side.ts"]}');
    await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const answer = await get('/asb/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': IMMUTABLE, 'content-type': expect.stringMatching(/javascript/) });
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(bundle);
    expect(answer.rawPayload.length).toBeLessThan(bundle.length / 10);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await get('/asb/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect([gzip.statusCode, gzip.headers['content-encoding'], gzip.headers['cache-control']]).toEqual([200, 'gzip', IMMUTABLE]);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await get('/asb/assets/app-1a2b.js', { 'accept-encoding': 'identity' });
    expect([plain.statusCode, plain.headers['content-encoding'], plain.body]).toEqual([200, undefined, bundle]);
  });

  it('answers index.html with no-cache for the app root and every page, so a release is seen at once', async () => {
    for (const url of ['/asb/', '/asb/workflows', '/asb/admin/users/alice']) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect([url, answer.statusCode, answer.headers['cache-control'], answer.body]).toEqual([
        url,
        200,
        'no-cache',
        expect.stringContaining('<title>ASB</title>'),
      ]);
    }
    // no-cache means "ask first": the browser's question is answered with 304 while the page has not changed
    const first = await get('/asb/workflows');
    const again = await get('/asb/workflows', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('never serves source maps, the compressed copies as files, or the build manifest', async () => {
    for (const url of [
      '/asb/assets/app-1a2b.js.map',
      '/asb/assets/app-1a2b.js.br',
      '/asb/assets/app-1a2b.js.gz',
      '/asb/.vite/manifest.json',
      '/asb/assets/gone.js.map',
    ]) {
      const answer = await get(url);
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect(answer.body).not.toContain('secret-server-side');
    }
  });

  it('answers 404 for a missing asset rather than the page, and no-cache for files outside assets/', async () => {
    expect((await get('/asb/assets/app-0000.js')).statusCode).toBe(404);
    const icon = await get('/asb/favicon.svg');
    expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'no-cache']);
  });
});
