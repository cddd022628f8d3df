import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Security headers (docs/security.md "Security headers") on every answer: the web app's
 * pages and assets, API answers, refusals and unknown paths. The e2e suite checks that
 * every page works under them (a CSP violation fails its test, e2e/support/fixtures.ts).
 */
describe('security headers', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>ASB</title><script type="module" src="/asb/assets/app-1.js"></script>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    app = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['a page', { url: '/asb/workflows' }, 200],
    ['an asset', { url: '/asb/assets/app-1.js' }, 200],
    ['an API answer', { url: '/knowledge/v1/workspaces' }, 200],
    ['a refusal', { url: '/knowledge/v1/workspaces', signedOut: true }, 401],
    ['an unknown path', { url: '/no/such/path' }, 404],
    ['a malformed request', { url: '/knowledge/v1/processes?page[size]=2.5' }, 400],
  ])('on %s', async (_case, request, status) => {
    const response = await app.server.inject({ url: request.url, headers: 'signedOut' in request ? {} : app.adminHeader });
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      // thumbnails come through /api/thumbnail: no picture from an address a publisher chose (issue 30)
      'img-src': "'self' data: blob:",
    });
    expect(directives['script-src']).not.toContain('unsafe');
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
