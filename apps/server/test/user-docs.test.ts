import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The user documentation at /docs/: docs/user/*.md rendered to HTML pages linked to each other. */
describe('user documentation', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.server.inject({ method: 'GET', url });
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');

  it('opens on Getting started, an HTML page listing every page', async () => {
    const answer = await get('/docs/');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('<h1 id="getting-started">Getting started</h1>');
    expect(answer.body).toContain('<title>Getting started · ASB documentation</title>');
    for (const title of [
      'Author a process',
      'Build a workflow',
      'Execute a workflow',
      'Read the report and the map preview',
      'Schedule a workflow',
      'Share with workspaces',
    ]) {
      expect(answer.body).toContain(`>${title}</a>`);
    }
  });

  it('links its pages to each other: every link inside /docs/ answers a page, none points at a .md file', async () => {
    const seen = new Set<string>();
    const queue = ['/docs/'];
    while (queue.length > 0) {
      const url = queue.shift() ?? '';
      if (seen.has(url)) continue;
      seen.add(url);
      const answer = await get(url);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      for (const href of hrefs(answer.body)) {
        expect(href).not.toMatch(/\.md(#|$)/);
        const target = new URL(href, `http://portal${url}`);
        if (target.host === 'portal' && target.pathname.startsWith('/docs/')) queue.push(target.pathname);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(7);
  });

  it('redirects /docs to /docs/ and says when a page does not exist', async () => {
    const bare = await get('/docs');
    expect([bare.statusCode, bare.headers.location]).toEqual([302, '/docs/']);
    const missing = await get('/docs/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This page does not exist');
  });

  it('is not an operation of the API document', async () => {
    const document = (await get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((key) => key.startsWith('/docs'))).toEqual([]);
  });
});
