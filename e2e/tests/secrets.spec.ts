import { expect, signIn, test, unique } from '../support/fixtures';

/**
 * Secrets (spec 3 §2 "Secrets", §5, §8): a user stores a secret and finds its tag in the list,
 * its value never shown; a taken tag is refused under the tag field; the search narrows the list.
 */
test.describe('Secrets', () => {
  test('store a secret: its tag listed, never its value; a second with the same tag refused under the field', async ({ page, api }) => {
    const username = unique('keeper');
    await api.createUser(username);
    await signIn(page, username);
    await page.goto('/asb/secrets');
    await expect(page.getByText('No secrets found')).toBeVisible();

    await page.getByRole('button', { name: 'Store secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Store secret' });
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('copernicus-password');
    const value = dialog.getByLabel('Secret value');
    await expect(value).toHaveAttribute('type', 'password');
    await value.fill('hunter2-the-value');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(page.getByText('copernicus-password successfully created')).toBeVisible();
    await expect(page.getByRole('row', { name: /copernicus-password/ })).toBeVisible();
    await expect(page.getByText('hunter2-the-value')).toHaveCount(0);

    await page.getByRole('button', { name: 'Store secret' }).click();
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('copernicus-password');
    await dialog.getByLabel('Secret value').fill('another');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(dialog.getByText('You already have a secret with this tag.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('github-token');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(page.getByText('github-token successfully created')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search secrets' }).fill('github');
    await expect(page.getByRole('row', { name: /github-token/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /copernicus-password/ })).toHaveCount(0);
  });
});
