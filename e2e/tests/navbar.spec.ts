import { isDeveloper } from '@asb/contracts';
import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../support/constants';
import { expect, signIn, test, unique, type Api } from '../support/fixtures';
import { Navbar } from '../support/pages/navbar';

const FEATURE_LINKS = [
  'Marketplace',
  'Processes',
  'Workflows',
  'Schedules',
  'Executions',
  'Jobs',
  'Collection requests',
  'Dashboards',
  'Applications',
  'Models',
];

/** The first item of each dropdown on this e2e instance (playwright.config.ts configures the notebook only). */
const FIRST_ITEM: Record<string, string> = { Catalogue: 'Products', Development: 'Notebook environment', Help: 'Documentation' };

/**
 * Every top-level entry is reachable (issue 34 §2): the bar shows the first ones in order, whole
 * and inside it, and 'More' holds the rest (a link as a menu item, a dropdown's items under its
 * name); nothing makes the bar or the page scroll sideways.
 */
async function expectEveryEntryReachable(page: Page, navbar: Navbar, expected: string[]): Promise<void> {
  // the bar fits itself again when the window or the entries change (the instance's links load): wait for that state
  let shown = 0;
  let hasMore = false;
  await expect(async () => {
    const onBar = (await navbar.main.locator(':scope > a, :scope > button').allInnerTexts()).map((text) => text.trim());
    hasMore = onBar.at(-1) === 'More';
    shown = hasMore ? onBar.length - 1 : onBar.length;
    expect(onBar).toEqual(hasMore ? [...expected.slice(0, shown), 'More'] : expected);
    const layout = await navbar.main.evaluate((nav) => {
      const bar = nav.parentElement!.parentElement!;
      const right = Math.min(bar.getBoundingClientRect().right, window.innerWidth);
      return {
        barScrolls: bar.scrollWidth > bar.clientWidth,
        pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
        cut: [...nav.children].filter((entry) => entry.getBoundingClientRect().right > right + 0.5).map((entry) => entry.textContent),
      };
    });
    expect(layout).toEqual({ barScrolls: false, pageScrolls: false, cut: [] });
  }).toPass();

  if (!hasMore) return;
  await navbar.more.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // read the bar again with the menu open: what is not on it now must be in the menu
  await expect(async () => {
    const onBar = (await navbar.main.locator(':scope > a, :scope > button').allInnerTexts()).map((text) => text.trim());
    const onBarNow = onBar.at(-1) === 'More' ? onBar.length - 1 : onBar.length;
    for (const name of expected.slice(onBarNow)) {
      const item = FIRST_ITEM[name] ?? name;
      await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible({ timeout: 1000 });
      if (FIRST_ITEM[name]) await expect(menu.getByText(name, { exact: true })).toBeVisible({ timeout: 1000 });
    }
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

/** The entries a signed-in user of `groups` has on this instance (every feature on), in order. */
function entriesFor(groups: Record<string, string[]>): string[] {
  return [...FEATURE_LINKS.slice(0, 8), 'Catalogue', ...FEATURE_LINKS.slice(8), ...(isDeveloper(groups) ? ['Development'] : []), 'Help'];
}

const WIDTHS = [1024, 1280, 1440];

/** `entries` reachable at each width, and the account control (the user menu, or Log in) whole on the screen. */
async function expectFitsAtEveryWidth(page: Page, entries: string[], account: (navbar: Navbar) => Locator): Promise<void> {
  const navbar = new Navbar(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // the bar fits itself when the resize is observed: let the page render two frames after it
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await test.step(`${width} px`, async () => {
      await expectEveryEntryReachable(page, navbar, entries);
      await expect(account(navbar)).toBeInViewport({ ratio: 1 });
    });
  }
}

async function groupsOf(api: Api, username: string): Promise<Record<string, string[]>> {
  const response = await api.get(`/usermgr/v1/users/${username}/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { groups?: Record<string, string[]> }).groups ?? {};
}

test.describe('Navigation bar fits from 1024 px', () => {
  test('the admin reaches every entry at 1024, 1280 and 1440 px', async ({ page, api }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await expectFitsAtEveryWidth(page, entriesFor(await groupsOf(api, ADMIN.username)), (navbar) => navbar.userMenu(ADMIN.username));
  });

  test('a plain user reaches every entry at 1024, 1280 and 1440 px', async ({ page, api }) => {
    const username = unique('fit-plain');
    await api.createUser(username);
    await signIn(page, username);
    await expectFitsAtEveryWidth(page, entriesFor({}), (navbar) => navbar.userMenu(username));
  });

  test('a developer reaches every entry, Development and Help included, at 1024, 1280 and 1440 px', async ({ page, api }) => {
    const username = unique('fit-dev');
    const workspace = unique('fit-ws');
    await api.createUser(username);
    await api.createWorkspace(workspace);
    await api.setRoles(username, { [workspace]: ['developer'] });
    await signIn(page, username);
    await expectFitsAtEveryWidth(page, entriesFor({ [workspace]: ['developer'] }), (navbar) => navbar.userMenu(username));
  });

  test('a staff user reaches every entry at 1024, 1280 and 1440 px', async ({ page, api }) => {
    const username = unique('fit-staff');
    await api.createUser(username, { is_staff: true });
    await signIn(page, username);
    await expectFitsAtEveryWidth(page, entriesFor({}), (navbar) => navbar.userMenu(username));
  });

  test('a signed-out visitor reaches the Marketplace, Help and Log in at 1024, 1280 and 1440 px', async ({ page }) => {
    await page.goto('/asb/');
    await expectFitsAtEveryWidth(page, ['Marketplace', 'Help'], (navbar) => navbar.logIn);
  });
});

test.describe('Navigation bar', () => {
  test('anonymous visitors see the Marketplace, Help and Log in only', async ({ page }) => {
    await page.goto('/asb/');
    const navbar = new Navbar(page);
    await expect(navbar.link('Marketplace')).toBeVisible();
    await expect(navbar.dropdown('Help')).toBeVisible();
    await expect(navbar.logIn).toBeVisible();
    for (const name of ['Processes', 'Workflows', 'Executions']) await expect(navbar.link(name)).toHaveCount(0);
  });

  test('a signed-in user sees the entries of the enabled features', async ({ page, api }) => {
    const username = unique('nav-user');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await expectEveryEntryReachable(page, navbar, entriesFor({}));
    await navbar.openMenu('Catalogue');
    await expect(page.getByRole('menuitem', { name: 'Products' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Catalogue Collections' }).click();
    await expect(page).toHaveURL(/\/asb\/collections$/);

    await navbar.follow('Executions');
    await expect(page).toHaveURL(/\/asb\/monitoring$/);
    await expect(navbar.link('Executions')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByText('connected - real-time updates')).toBeVisible();
  });

  test('a staff user finds Administration in the user menu, a plain user does not', async ({ browser, api }) => {
    const staff = unique('nav-staff');
    const plain = unique('nav-plain');
    await api.createUser(staff, { is_staff: true });
    await api.createUser(plain);

    const staffPage = await browser.newPage();
    await signIn(staffPage, staff);
    const staffNavbar = new Navbar(staffPage);
    await staffNavbar.openUserMenu(staff);
    for (const name of [/^Profile/, 'Resources Usage', 'Settings', 'Administration', 'Logout']) await expect(staffNavbar.menuItem(name)).toBeVisible();
    await staffNavbar.menuItem('Administration').click();
    await expect(staffPage).toHaveURL(/\/asb\/admin/);

    const plainPage = await browser.newPage();
    await signIn(plainPage, plain);
    const plainNavbar = new Navbar(plainPage);
    await plainNavbar.openUserMenu(plain);
    await expect(plainNavbar.menuItem('Settings')).toBeVisible();
    await expect(plainNavbar.menuItem('Administration')).toHaveCount(0);
    await Promise.all([staffPage.close(), plainPage.close()]);
  });

  test('developers get the Development menu with the configured tools and the workspace resource catalogue', async ({ page, api }) => {
    const username = unique('nav-dev');
    const workspace = unique('nav-ws');
    await api.createUser(username);
    await api.createWorkspace(workspace);
    await api.setRoles(username, { [workspace]: ['developer'] });
    await signIn(page, username);

    const navbar = new Navbar(page);
    await navbar.openMenu('Development');
    // the e2e server configures ASB_NOTEBOOK_URL only (playwright.config.ts)
    await expect(navbar.menuItem('Notebook environment')).toHaveAttribute('href', /\/docs\/execute$/);
    for (const name of ['Workspace controller', 'Model tracking server']) await expect(navbar.menuItem(name)).toHaveCount(0);
    // spec 1 §2: 'a workspace resource catalogue', which this portal serves (its STAC API, read with the session)
    const [catalogue] = await Promise.all([page.waitForEvent('popup'), navbar.menuItem('Workspace resource catalogue').click()]);
    await expect(catalogue).toHaveURL(/\/resource-catalogue\/stac\/$/);
    await expect(catalogue.locator('body')).toContainText('resource catalogue');
    await expect(catalogue.locator('body')).toContainText('"conformsTo"');
    await catalogue.close();
  });

  test('Help opens the user documentation, the configured guides and the About page; nothing leads nowhere', async ({ page, api }) => {
    const username = unique('nav-help');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await navbar.openMenu('Help');
    await expect(navbar.menuItem('Video guides')).toHaveAttribute('href', /\/docs\/$/);
    await expect(navbar.menuItem('Project deliverables')).toHaveCount(0);
    // spec 1 §2 'ADES API': this portal's OGC API - Processes server
    const [ades] = await Promise.all([page.waitForEvent('popup'), navbar.menuItem('ADES API').click()]);
    await expect(ades).toHaveURL(/\/ogcapi\/$/);
    await expect(ades.locator('body')).toContainText('OGC API – Processes');
    await ades.close();
    await navbar.openMenu('Help');
    const [docs] = await Promise.all([page.waitForEvent('popup'), navbar.menuItem('Documentation').click()]);
    await expect(docs.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await docs.getByRole('navigation', { name: 'Documentation pages' }).getByRole('link', { name: 'Build a workflow' }).click();
    await expect(docs).toHaveURL(/\/docs\/workflows$/);
    await expect(docs.getByRole('heading', { level: 1, name: 'Build a workflow' })).toBeVisible();
    await docs.getByRole('link', { name: /Execute a workflow →/ }).click();
    await expect(docs.getByRole('heading', { level: 1, name: 'Execute a workflow' })).toBeVisible();
    await docs.close();

    await navbar.openMenu('Help');
    await navbar.menuItem('About').click();
    // About is the index route, which sends signed-in users to their home page
    await expect(page).toHaveURL(/\/asb\/home$/);
  });

  test("the footer's Documentation and API reference open real pages", async ({ page }) => {
    await page.goto('/asb/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const [docs] = await Promise.all([page.waitForEvent('popup'), footer.getByRole('link', { name: 'Documentation' }).click()]);
    await expect(docs).toHaveURL(/\/docs\/$/);
    await expect(docs.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await docs.close();

    await footer.getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(/\/asb\/api-reference$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    // the server's own OpenAPI document, listed at once (issue 34 §4); the sign-in call among them
    const operations = page.getByTestId('api-operations');
    const signInRow = operations.getByRole('row').filter({ hasText: '/usermgr/v1/token/' }).filter({ hasText: 'POST' });
    await expect(signInRow).toBeVisible();
    await page.getByRole('textbox', { name: 'Search operations' }).fill('mep products');
    await expect(operations.getByRole('row')).toHaveCount(1);
    await expect(operations.getByRole('row')).toContainText('/knowledge/v1/mep/products');
    await page.getByRole('textbox', { name: 'Search operations' }).fill('');
    // the interactive explorer (Swagger UI) loads when asked, opened at the call asked for
    await signInRow.getByRole('button', { name: 'Try POST /usermgr/v1/token/' }).click();
    const call = page.getByTestId('api-explorer').locator('#operations-usermgr-postUsermgrV1Token');
    await expect(call.getByRole('button', { name: 'Try it out' })).toBeVisible();
  });

  test('a new account is asked to act on its datastore credentials', async ({ page, api }) => {
    const username = unique('nav-warn');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await expect(navbar.userMenu(username)).toHaveAccessibleName(/Action in your account is required/);
    await navbar.openUserMenu(username);
    await expect(navbar.menuItem(/^Profile/)).toHaveAccessibleName(/Action in your account is required/);
  });
});
