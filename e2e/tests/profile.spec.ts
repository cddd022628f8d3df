import { PASSWORD } from '../support/constants';
import { expect, signIn, signInWithForm, test, unique } from '../support/fixtures';
import { Navbar } from '../support/pages/navbar';

test.describe('Profile', () => {
  test('shows the account, its permissions and workspace roles', async ({ page, api }) => {
    const username = unique('profile');
    const workspace = unique('profile-ws');
    await api.createUser(username);
    await api.createWorkspace(workspace);
    await api.setRoles(username, { [workspace]: ['operator'] });
    await signIn(page, username, PASSWORD, '/asb/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const roles = page.getByRole('row', { name: new RegExp(workspace) });
    await expect(roles).toContainText('operator');
  });

  test('changing the password keeps the session and the new password signs in', async ({ page, api }) => {
    const username = unique('profile-pw');
    const newPassword = 'brand-new-password-42';
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your current password was entered incorrectly. Please enter it again.')).toBeVisible();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    // the old token was revoked: the page still works because the new one replaced it
    await page.reload();
    await expect(new Navbar(page).userMenu(username)).toBeVisible();

    await new Navbar(page).logOut(username);
    await expect(new Navbar(page).logIn).toBeVisible();
    await signInWithForm(page, username, newPassword);
  });

  test('new datastore credentials are shown once and clear the warning', async ({ page, api }) => {
    const username = unique('profile-ds');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/profile');
    await expect(page.getByRole('alert').filter({ hasText: 'Action in your account is required' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Datastore credentials' });
    await form.getByLabel('Account password').fill('wrong-password');
    await form.getByRole('button', { name: 'Generate new credentials' }).click();
    await expect(form.getByText('Your password was entered incorrectly.')).toBeVisible();

    await form.getByLabel('Account password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Generate new credentials' }).click();
    await expect(page.getByText('New datastore secret')).toBeVisible();
    await expect(page.getByTestId('datastore-secret')).toHaveText(/\S{20,}/);
    await expect(page.getByRole('alert').filter({ hasText: 'Action in your account is required' })).toHaveCount(0);
    await expect(new Navbar(page).userMenu(username)).not.toHaveAccessibleName(/Action in your account is required/);
  });
});
