import type { Page } from '@playwright/test';
import { TOKEN_COOKIE } from '@asb/contracts';
import { ADMIN, PASSWORD } from '../support/constants';
import { Api, expect, signIn, test, unique } from '../support/fixtures';
import { ResourceListPage } from '../support/resource-list-page';

/** The signed-in browser's own token, as a program would send it. */
async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === TOKEN_COOKIE);
  expect(token, 'signed in').toBeDefined();
  return { Authorization: `Bearer ${token?.value ?? ''}` };
}

test.describe('Administration > Users', () => {
  test('an admin creates a user, passes on the generated password and gives a developer role', async ({ page, api, request }) => {
    const username = unique('user');
    const workspace = unique('ws');
    await api.createWorkspace(workspace);
    await signIn(page, ADMIN.username, ADMIN.password, '/asb/admin/users');
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

  test('a plain user opening the administration sees a clear no-access page, and the server refuses the calls', async ({ page, api }) => {
    const username = unique('plain');
    await api.createUser(username);
    await signIn(page, username);
    for (const path of ['/asb/admin/users', '/asb/admin/workspaces', '/asb/admin/users/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'No access to the administration' })).toBeVisible();
      await expect(page.getByText('The administration is for staff accounts.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    }
    // the page is not the protection: the server refuses the same user
    const refused = await page.request.get('/usermgr/v1/users/', { headers: await bearerOf(page) });
    expect(refused.status()).toBe(403);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/asb\/home$/);
  });

  test('a staff user sees a superuser read-only, with the reason, and the server refuses a change', async ({ page, api }) => {
    const staff = unique('staff');
    const root = unique('root');
    await api.createUser(staff, { is_staff: true });
    await api.createUser(root, { is_staff: true, is_superuser: true });
    await signIn(page, staff, PASSWORD, `/asb/admin/users/${root}`);
    await expect(page.getByText(`${root} is a superuser: only a superuser can change a superuser's account.`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: /^Active/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    const refused = await page.request.put(`/usermgr/v1/users/${root}/`, { headers: await bearerOf(page), data: { is_active: false } });
    expect(refused.status()).toBe(403);
  });
});
