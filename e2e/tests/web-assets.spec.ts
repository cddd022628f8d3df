import type { CDPSession } from '@playwright/test';
import { expect, test } from '../support/fixtures';

interface Answer {
  url: string;
  status: number;
  fromCache: boolean;
  encoding: string | undefined;
  /** bytes of the body as sent (before decompression) */
  length: number;
}

/** Every answer of the page as Chromium's network layer sees it: served from its cache or asked of the server. */
async function recordAnswers(cdp: CDPSession): Promise<Answer[]> {
  const answers: Answer[] = [];
  const servedFromCache = new Set<string>();
  await cdp.send('Network.enable');
  cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    answers.push({
      url: new URL(response.url).pathname,
      status: response.status,
      fromCache: servedFromCache.has(requestId) || Boolean(response.fromDiskCache),
      encoding: headers['content-encoding'],
      length: Number(headers['content-length'] ?? 0),
    });
  });
  return answers;
}

test.describe('Web assets', () => {
  test('the app arrives compressed, and a second visit asks the server for the page only', async ({ page, context }) => {
    const answers = await recordAnswers(await context.newCDPSession(page));
    await page.goto('/asb/login');
    await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
    const scripts = answers.filter((answer) => answer.url.startsWith('/asb/assets/') && answer.url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    // Chromium accepts brotli: every bundle comes as its .br copy, except the few under 1 KB the build leaves as they are
    expect(scripts.filter((answer) => answer.encoding !== 'br' && answer.length >= 1024).map((answer) => answer.url)).toEqual([]);
    // and those carry the app: more bytes arrive as brotli than as the small chunks left plain
    // (icons and small components shared by lazy pages are chunks of a few hundred bytes each)
    const bytes = (encoded: boolean) => scripts.filter((answer) => (answer.encoding === 'br') === encoded).reduce((sum, answer) => sum + answer.length, 0);
    expect(bytes(true)).toBeGreaterThan(bytes(false));

    answers.length = 0;
    await page.goto('/asb/login');
    await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
    const asked = answers.filter((answer) => answer.url.startsWith('/asb/') && !answer.fromCache).map((answer) => answer.url);
    // the page (index.html, no-cache) is asked again; the hashed assets come from the browser's cache
    expect(asked).toEqual(['/asb/login']);
    expect(answers.filter((answer) => answer.url.startsWith('/asb/assets/') && answer.fromCache).length).toBeGreaterThanOrEqual(scripts.length);
  });

  test('source maps are not served', async ({ page, request }) => {
    const answers = await recordAnswers(await page.context().newCDPSession(page));
    await page.goto('/asb/login');
    await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
    const script = answers.find((answer) => answer.url.startsWith('/asb/assets/') && answer.url.endsWith('.js'));
    expect(script).toBeDefined();
    const map = await request.get(`${script?.url}.map`);
    expect(map.status()).toBe(404);
  });
});
