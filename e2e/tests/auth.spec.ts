import { CSRF_COOKIE, TOKEN_COOKIE } from '@asb/contracts';
import { PASSWORD } from '../support/constants';
import { expect, signIn, signInWithForm, test, unique } from '../support/fixtures';
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
    // their home shows their own latest execution, and before their first one nothing in its place
    await expect(page.locator('[data-latest-execution="none"]')).toBeAttached();
    await expect(page.getByRole('region', { name: 'Your latest execution' })).toHaveCount(0);
    await expect(page.getByText('vegetation-monitoring')).toHaveCount(0);
  });

  test('an anonymous visit logs nothing in the console: no 401 from asking for an automatic token', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto('/asb/');
    await expect(new Navbar(page).logIn).toBeVisible();
    await page.goto('/asb/marketplace');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
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

  test('the token lives in an HttpOnly cookie no script reads; a change through the page passes the CSRF check, a forged one does not', async ({
    page,
    api,
  }) => {
    const username = unique('auth-cookie');
    await api.createUser(username);
    await signInWithForm(page, username);

    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === TOKEN_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((cookie) => cookie.name === CSRF_COOKIE)).toMatchObject({ httpOnly: false, sameSite: 'Lax' });
    const readable = await page.evaluate(() => document.cookie.split('; ').map((pair) => pair.split('=')[0]));
    expect(readable).toContain(CSRF_COOKIE);
    expect(readable).not.toContain(TOKEN_COOKIE);

    // a write through the page: new datastore credentials
    await page.goto('/asb/profile');
    const form = page.getByRole('form', { name: 'Datastore credentials' });
    await form.getByLabel('Account password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Generate new credentials' }).click();
    await expect(page.getByTestId('datastore-secret')).toHaveText(/\S{20,}/);

    // the same write without the CSRF header, as a forged form or script of another page would send it
    const forged = await page.evaluate(async (password) => {
      const response = await fetch('/usermgr/v1/datastore_credentials/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      return { status: response.status, body: (await response.json()) as { detail: string } };
    }, PASSWORD);
    expect(forged.status).toBe(403);
    expect(forged.body.detail).toMatch(/^CSRF check failed/);

    await new Navbar(page).logOut(username);
    await expect(new Navbar(page).logIn).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(TOKEN_COOKIE);
  });
});
