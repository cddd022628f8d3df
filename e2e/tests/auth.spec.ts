import { PASSWORD } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';
import { Navbar } from '../support/pages/navbar';

test.describe('Sign-in and session', () => {
  test('a protected page warns, redirects to the login page and returns there after sign-in', async ({ page, api }) => {
    const username = unique('auth');
    await api.createUser(username);

    await page.goto('/asb/profile');
    await expect(page.getByText('You are being redirected to the login page to access Profile page')).toBeVisible();
    await expect(page).toHaveURL(/\/asb\/login\?next=%2Fasb%2Fprofile$/);

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/asb\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(new Navbar(page).userMenu(username)).toBeVisible();
  });

  test('a wrong password shows the error on the login page', async ({ page, api }) => {
    const username = unique('auth-wrong');
    await api.createUser(username);

    await page.goto('/asb/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/asb\/login$/);
    await expect(new Navbar(page).userMenu(username)).toHaveCount(0);
  });

  test('the session survives a reload and the index leads a signed-in user home', async ({ page, api }) => {
    const username = unique('auth-reload');
    await api.createUser(username);
    await signIn(page, username);

    await page.goto('/asb/');
    await expect(page).toHaveURL(/\/asb\/home$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${username}` })).toBeVisible();
  });

  test('logout returns to the anonymous navbar and protected pages ask for sign-in again', async ({ page, api }) => {
    const username = unique('auth-logout');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await navbar.logOut(username);

    await expect(page).toHaveURL(/\/asb\/?$/);
    await expect(navbar.logIn).toBeVisible();
    await expect(navbar.userMenu(username)).toHaveCount(0);
    await expect(navbar.link('Workflows')).toHaveCount(0);
    await expect(navbar.link('Marketplace')).toBeVisible();

    await page.goto('/asb/settings');
    await expect(page).toHaveURL(/\/asb\/login\?next=%2Fasb%2Fsettings$/);
  });
});
