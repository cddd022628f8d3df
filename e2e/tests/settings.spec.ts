import { statSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, EOPEN_URL, PASSWORD } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';

test.describe('Settings', () => {
  test('showing instance details in the navbar persists across reloads', async ({ page, api }) => {
    const username = unique('settings');
    await api.createUser(username);
    await signIn(page, username);
    const banner = page.getByRole('banner');

    await page.goto('/asb/settings');
    await expect(page.getByRole('heading', { name: 'Framework and Settings' })).toBeVisible();
    await expect(page.getByText('ASB e2e')).toBeVisible();
    await expect(banner.getByText('ASB e2e')).toHaveCount(0);

    const instanceDetails = page.getByRole('switch', { name: 'Show instance details in the navigation bar' });
    await expect(instanceDetails).not.toBeChecked();
    await instanceDetails.click();
    await expect(banner.getByText('ASB e2e')).toBeVisible();

    await page.reload();
    await expect(instanceDetails).toBeChecked();
    await expect(banner.getByText('ASB e2e')).toBeVisible();

    await instanceDetails.click();
    await expect(banner.getByText('ASB e2e')).toHaveCount(0);
  });

  test.describe('on the instance named after its theme (EOPEN)', () => {
    test.use({ baseURL: EOPEN_URL });

    test('the header says the name once, beside the version', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password, '/asb/settings');
      await page.getByRole('switch', { name: 'Show instance details in the navigation bar' }).click();
      // 'EOPEN v0.1.0', not 'EOPEN EOPEN v0.1.0'
      await expect(page.getByRole('banner').getByTestId('instance-details')).toHaveText(/^v\d+\.\d+\.\d+$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'EOPEN home' })).toHaveText('EOPEN');
      expect((await page.getByRole('banner').innerText()).match(/EOPEN/g)).toHaveLength(1);
    });
  });

  test("Settings' build timestamp is the server build's, not its start", async ({ page, api }) => {
    const username = unique('settings-build');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/settings');
    const shown = (await page.getByText('Build timestamp', { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim();
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // stamped when the bundle was made: no later than the bundle file itself (a start-time stamp would be later)
    const bundle = path.resolve(import.meta.dirname, '../..', process.env.ASB_E2E_SERVER ?? 'apps/server/dist/main.js');
    const builtBy = statSync(bundle).mtime;
    const [day, time] = shown.split(' ');
    expect(new Date(`${day}T${time}:00`).getTime()).toBeLessThanOrEqual(builtBy.getTime());
  });

  test('hiding the connection state removes the indicator, also after a reload', async ({ page, api }) => {
    const username = unique('settings-live');
    await api.createUser(username);
    await signIn(page, username);
    const indicator = page.getByRole('banner').getByText('connected - real-time updates');

    await page.goto('/asb/settings');
    await expect(indicator).toBeVisible();
    await page.getByRole('switch', { name: 'Show connection state in the navigation bar' }).click();
    await expect(indicator).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show connection state in the navigation bar' })).not.toBeChecked();
    await expect(indicator).toHaveCount(0);
  });

  test('staff see the theme, the identity provider and the developer mode switch', async ({ page, api }) => {
    const staff = unique('settings-staff');
    await api.createUser(staff, { is_staff: true });
    await signIn(page, staff, PASSWORD, '/asb/settings');
    await expect(page.getByText('Theme', { exact: true })).toBeVisible();
    await expect(page.getByText('Test Identity Provider')).toBeVisible();
    await page.getByRole('switch', { name: 'Developer mode' }).click();
    await expect(page.getByRole('banner').getByText('DEVELOPER')).toBeVisible();
  });

  test('a plain user sees neither the theme nor the developer mode switch', async ({ page, api }) => {
    const username = unique('settings-plain');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/settings');
    await expect(page.getByText('Instance name')).toBeVisible();
    await expect(page.getByText('Theme', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Developer mode' })).toHaveCount(0);
  });
});
