import { ADMIN } from '../support/constants';
import { Api, expect, signIn, test, unique } from '../support/fixtures';
import { ResourceListPage } from '../support/resource-list-page';

test.describe('Administration > Users', () => {
  test('an admin creates a user, passes on the generated password and gives a developer role', async ({ page, api, request }) => {
    const username = unique('user');
    const workspace = unique('ws');
    await api.createWorkspace(workspace);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/asb/admin/users');
    const list = new ResourceListPage(page, 'users');

    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await list.expectNotification(`User ${username} successfully created`);
    const password = (await dialog.getByTestId('generated-password').textContent()) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    // the password shown is the account's real password
    await Api.signIn(request, username, password);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await list.search(username);
    await page.getByRole('link', { name: `Edit ${username}` }).click();
    await expect(page).toHaveURL(new RegExp(`/asb/admin/users/${username}$`));
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    await page.getByRole('checkbox', { name: `${workspace} developer` }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await list.expectNotification(`User ${username} updated`);

    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    await list.search(username);
    const row = list.row(username);
    await expect(row.getByText(workspace, { exact: true })).toBeVisible();
    await expect(row.getByText('developer', { exact: true })).toBeVisible();
  });

  test('a plain user opening the users administration sees the server refuse', async ({ page, api }) => {
    const username = unique('plain');
    await api.createUser(username);
    await signIn(page, username);
    await page.goto('/asb/admin/users');
    await expect(page.getByText('You do not have permission to perform this action.')).toBeVisible();
    await expect(page.getByText('Something went wrong while fetching users')).toBeVisible();
  });
});
