import type { Page } from '@playwright/test';
import { expect, test, unique } from '../support/fixtures';

const PROVIDER = 'Test Identity Provider';

/** The sign-in and consent pages of e2e/support/oidc-provider.mjs (any password is accepted). */
class IdentityProviderPage {
  constructor(private readonly page: Page) {}

  async signIn(login: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await this.page.getByLabel('Username').fill(login);
    await this.page.getByLabel('Password').fill('any-password');
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

test.describe('Sign-in through an identity provider', () => {
  test('a protected page leads through the login page and the provider back to that page', async ({ page }) => {
    const login = unique('oidc-alice');
    await page.goto('/asb/processes');
    await expect(page).toHaveURL(/\/asb\/login\?next=%2Fasb%2Fprocesses$/);

    await page.getByRole('link', { name: new RegExp(PROVIDER) }).click();
    await new IdentityProviderPage(page).signIn(login);

    await expect(page).toHaveURL(/\/asb\/processes$/);
    await expect(page.getByRole('button', { name: new RegExp(login) })).toBeVisible();
  });

  test('the navbar Log in offers the provider or a local account', async ({ page }) => {
    const login = unique('oidc-bob');
    await page.goto('/asb/marketplace');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();

    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog.getByRole('link', { name: 'Log in with a local account' })).toBeVisible();
    await dialog.getByRole('link', { name: `Log in with ${PROVIDER}` }).click();
    await new IdentityProviderPage(page).signIn(login);

    await expect(page).toHaveURL(/\/asb\/marketplace$/);
    await expect(page.getByRole('button', { name: new RegExp(login) })).toBeVisible();
  });
});
