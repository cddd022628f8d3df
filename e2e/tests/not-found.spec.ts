import { PASSWORD } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';

test.describe('Not found', () => {
  test('an unknown path says the page does not exist and leads back home', async ({ page }) => {
    await page.goto('/asb/no/such/page');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/asb\/?$/);
  });

  test('signed-in users see the same page inside the portal', async ({ page, api }) => {
    const username = unique('not-found');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/workflows/1/unknown/segment');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(username) })).toBeVisible();
  });
});
