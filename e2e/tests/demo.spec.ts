import { expect as baseExpect } from '@playwright/test';
import { executeDemo, signInDemoMember } from '../support/demo';
import { test } from '../support/fixtures';
import { MonitoringPage } from '../support/pages/monitoring-page';

// the demo's processes make and read real GeoTIFFs: more room than the default
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * The demo a first start seeds (README "Demo"): a member of the demo workspace executes
 * the NDVI vegetation demo from its page with the form's defaults and watches it run live
 * in /monitoring, from pending to running to Success, without reloading.
 */
test.describe('Demo', () => {
  test('a demo member executes the NDVI vegetation demo and watches it succeed live', async ({ page, api }) => {
    test.setTimeout(180_000);
    await signInDemoMember(page, api, 'demo-user');
    await executeDemo(page);

    const monitoring = new MonitoringPage(page);
    const row = page.locator('tr[data-execution-id]').filter({ hasText: 'NDVI vegetation demo' }).first();
    await expect(row).toBeVisible();
    const executionId = (await row.getAttribute('data-execution-id'))!;
    await monitoring.recordBadge(executionId);
    await expect(monitoring.badge(executionId)).toHaveText('Success', { timeout: 120_000 });
    // the badge's history was kept in the page: no reload happened, and it ran before it succeeded
    const history = (await monitoring.badgeHistory(executionId)) ?? [];
    expect(history.at(-1)).toBe('Success');
    expect(history.some((text) => /%$/.test(text) || /running|pending|queued/i.test(text))).toBe(true);
  });
});
