import { expect as baseExpect } from '@playwright/test';
import { PASSWORD } from '../support/constants';
import { executeDemo, signInDemoMember } from '../support/demo';
import { test } from '../support/fixtures';
import { ExecutePage } from '../support/pages/execute-page';
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

  test('the execute form and the server refuse a size or a box Synthetic scene does not accept, naming the input', async ({ page, api, request }) => {
    const username = await signInDemoMember(page, api, 'demo-bad', '/asb/workflows');
    await page.getByRole('link', { name: 'NDVI vegetation demo' }).click();
    await page.getByRole('link', { name: 'Execute' }).first().click();
    const form = new ExecutePage(page);
    await expect(form.input('Size (pixels)')).toHaveValue('256');
    await expect(page.getByText('16 to 2048', { exact: true })).toBeVisible();

    await form.input('Size (pixels)').fill('10');
    await expect(form.error('Size (pixels) must be at least 16.')).toBeVisible();
    await expect(form.executeButton).toBeDisabled();
    await form.input('Size (pixels)').fill('99999999');
    await expect(form.error('Size (pixels) must be at most 2048.')).toBeVisible();
    await form.input('Size (pixels)').fill('512');
    await form.input('West').fill('4.6');
    await expect(form.error('West must be less than East.')).toBeVisible();
    await expect(form.executeButton).toBeDisabled();
    await form.input('East').fill('4.7');
    await expect(form.error('West must be less than East.')).toHaveCount(0);
    await expect(form.executeButton).toBeEnabled();

    // the server holds the same rules for a client that skips the form
    const token = ((await (await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } })).json()) as { token: string }).token;
    const workflowId = /\/workflows\/(\d+)\/execute/.exec(page.url())![1]!;
    const refused = await request.post('/builder/v1/executions', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        processor_id: workflowId,
        inputs: [
          {
            node_id: 'scene',
            items: [
              { identifier: 'size', value: '99999999' },
              { identifier: 'west', value: '5' },
            ],
          },
        ],
      },
    });
    expect(refused.status()).toBe(400);
    const details = ((await refused.json()) as { errors: { detail: string }[] }).errors.map((error) => error.detail);
    expect(details).toEqual(['West must be less than East.', 'Size (pixels) must be at most 2048.']);
  });
});
