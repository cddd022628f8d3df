import { expect, test } from '../support/fixtures';
import { OIDC_PORT } from '../support/constants';

/**
 * Cross-origin reads (docs/security.md "Cross-origin reads", issue 34 §5): a page of another
 * origin named in ASB_CORS_ORIGINS (a STAC Browser's, say; here the test identity provider's page,
 * another server on loopback: Chromium lets a page reach loopback only from loopback) reads the public catalogue with a
 * STAC search POSTed from the browser, preflight included; the rest of the API, and any read
 * with credentials, stays closed to it. The browser, not a test client, enforces the answers.
 */
test.describe('Catalogue read from another origin', () => {
  test('a web page on another origin searches the public catalogue with a POST, and reads nothing else', async ({ page, baseURL }) => {
    await page.goto(`http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`);

    const search = await page.evaluate(async (portal) => {
      // a JSON body makes it a non-simple request: the browser preflights it first
      const response = await fetch(`${portal}/resource-catalogue/stac/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ collections: ['demo-scenes'], limit: 3 }),
      });
      const body = (await response.json()) as { type: string; features: { collection: string }[] };
      return { status: response.status, type: body.type, collections: body.features.map((feature) => feature.collection) };
    }, baseURL!);
    expect(search.status).toBe(200);
    expect(search.type).toBe('FeatureCollection');
    expect(search.collections).toEqual(['demo-scenes', 'demo-scenes', 'demo-scenes']);

    const refused = await page.evaluate(async (portal) => {
      const outcome = (request: Promise<Response>) =>
        request.then(
          (response) => `read ${response.status}`,
          () => 'refused by the browser',
        );
      return {
        // a route outside the public catalogue gets no CORS header
        details: await outcome(fetch(`${portal}/knowledge/api/details`)),
        // a read with the browser's credentials: never exposed (no Access-Control-Allow-Credentials)
        withCredentials: await outcome(fetch(`${portal}/resource-catalogue/stac/collections`, { credentials: 'include' })),
        // a write of the catalogue: its preflight grants nothing
        write: await outcome(
          fetch(`${portal}/resource-catalogue/stac/collections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
        ),
      };
    }, baseURL!);
    expect(refused).toEqual({ details: 'refused by the browser', withCredentials: 'refused by the browser', write: 'refused by the browser' });
  });
});
