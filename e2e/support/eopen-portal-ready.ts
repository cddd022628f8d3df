import { expect, request } from '@playwright/test';
import { EOPEN_URL, PORTAL_START_LIMIT_MS } from './constants';

/**
 * Global setup: the tests begin once the eopen portal answers too. It is started beside the main
 * portal rather than after it (playwright.config.ts), so it is awaited here, after the main one.
 */
export default async function eopenPortalReady(): Promise<void> {
  const eopen = await request.newContext({ baseURL: EOPEN_URL });
  try {
    await expect
      .poll(async () => (await eopen.get('/knowledge/api/details').catch(() => undefined))?.status(), {
        message: `the eopen portal at ${EOPEN_URL} answers (its output is above if it failed to start)`,
        timeout: PORTAL_START_LIMIT_MS,
      })
      .toBe(200);
  } finally {
    await eopen.dispose();
  }
}
