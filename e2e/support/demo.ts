import { expect as baseExpect, type Page } from '@playwright/test';
import { signIn, unique, type Api } from './fixtures';
import { ExecutePage } from './pages/execute-page';

const DEMO_WORKFLOW = 'NDVI vegetation demo';

// the demo's page and form load a few queries: more room than the default
const expect = baseExpect.configure({ timeout: 30_000 });

/** A new member of the demo workspace, signed in, on `next` (docs/seed-data.md#demo; `signIn`). */
export async function signInDemoMember(page: Page, api: Api, prefix: string, next?: string): Promise<string> {
  const username = unique(prefix);
  await api.createUser(username);
  await api.setRoles(username, { demo: ['user'] });
  await signIn(page, username, undefined, next);
  return username;
}

/**
 * As a user does: the demo's page from the workflow list, Execute, the form's defaults,
 * Execute; ends on /monitoring.
 */
export async function executeDemo(page: Page): Promise<void> {
  await page.goto('/asb/workflows');
  await page.getByRole('link', { name: DEMO_WORKFLOW }).click();
  await expect(page.getByRole('heading', { name: new RegExp(DEMO_WORKFLOW) })).toBeVisible();
  await page.getByRole('link', { name: 'Execute' }).first().click();
  const form = new ExecutePage(page);
  await expect(form.input('West')).toHaveValue(/\d/);
  await expect(form.executeButton).toBeEnabled();
  await form.executeButton.click();
  await expect(page).toHaveURL(/\/asb\/monitoring$/);
}
