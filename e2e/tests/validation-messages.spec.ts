import { ADMIN } from '../support/constants';
import { expect, signIn, test } from '../support/fixtures';

/**
 * Issue 13: a refused form says what is wrong in words, under the field, with the server's
 * text (docs/api.md "Errors"), never a schema library's 'Too big: expected string to have <=100 characters'.
 */
test.describe('Validation messages', () => {
  test('a workspace identifier the server refuses shows why under the field', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password, '/asb/admin/workspaces');
    await page.getByRole('button', { name: 'New workspace' }).click();
    const create = page.getByRole('dialog', { name: 'New workspace' });
    await create.getByLabel('Identifier').fill('w'.repeat(101));
    await create.getByLabel('Label').fill('Too long');
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect(create.getByText('Identifier must be at most 100 characters long.')).toBeVisible();
    // nothing was created
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Too long' })).toHaveCount(0);
  });
});
