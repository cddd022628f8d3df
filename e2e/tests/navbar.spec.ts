import { expect, signIn, test, unique } from '../support/fixtures';
import { Navbar } from '../support/pages/navbar';

const FEATURE_LINKS = ['Marketplace', 'Processes', 'Workflows', 'Schedules', 'Executions', 'Jobs', 'Collections', 'Dashboards', 'Applications', 'Models'];

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

    for (const name of FEATURE_LINKS) await expect(navbar.link(name)).toBeVisible();
    await navbar.dropdown('Catalogue').click();
    await expect(page.getByRole('menuitem', { name: 'Products' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Catalogue Collections' }).click();
    await expect(page).toHaveURL(/\/asb\/collections$/);

    await navbar.link('Executions').click();
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

  test('developers get the Development menu with the configured tools only', async ({ page, api }) => {
    const username = unique('nav-dev');
    const workspace = unique('nav-ws');
    await api.createUser(username);
    await api.createWorkspace(workspace);
    await api.setRoles(username, { [workspace]: ['developer'] });
    await signIn(page, username);

    const navbar = new Navbar(page);
    await navbar.dropdown('Development').click();
    // the e2e server configures ASB_NOTEBOOK_URL only (playwright.config.ts)
    await expect(navbar.menuItem('Notebook environment')).toHaveAttribute('href', /\/docs\/execute$/);
    for (const name of ['Workspace controller', 'Model tracking server', 'Workspace resource catalogue']) await expect(navbar.menuItem(name)).toHaveCount(0);
  });

  test('Help opens the user documentation, the configured guides and the About page; nothing leads nowhere', async ({ page, api }) => {
    const username = unique('nav-help');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await navbar.dropdown('Help').click();
    await expect(navbar.menuItem('Video guides')).toHaveAttribute('href', /\/docs\/$/);
    for (const name of ['ADES API', 'Project deliverables']) await expect(navbar.menuItem(name)).toHaveCount(0);
    const [docs] = await Promise.all([page.waitForEvent('popup'), navbar.menuItem('Documentation').click()]);
    await expect(docs.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await docs.getByRole('navigation', { name: 'Documentation pages' }).getByRole('link', { name: 'Build a workflow' }).click();
    await expect(docs).toHaveURL(/\/docs\/workflows$/);
    await expect(docs.getByRole('heading', { level: 1, name: 'Build a workflow' })).toBeVisible();
    await docs.getByRole('link', { name: /Execute a workflow →/ }).click();
    await expect(docs.getByRole('heading', { level: 1, name: 'Execute a workflow' })).toBeVisible();
    await docs.close();

    await navbar.dropdown('Help').click();
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
    // Swagger UI renders the server's own OpenAPI document: open one family and find the sign-in call
    await page.getByTestId('api-reference').getByRole('link', { name: 'usermgr', exact: true }).click();
    await expect(page.locator('#operations-usermgr-postUsermgrV1Token').getByRole('link', { name: '/usermgr/v1/token/' })).toBeVisible();
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
