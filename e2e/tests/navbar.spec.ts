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

  test('developers get the Development menu', async ({ page, api }) => {
    const username = unique('nav-dev');
    const workspace = unique('nav-ws');
    await api.createUser(username);
    await api.createWorkspace(workspace);
    await api.setRoles(username, { [workspace]: ['developer'] });
    await signIn(page, username);

    const navbar = new Navbar(page);
    await navbar.dropdown('Development').click();
    await expect(navbar.menuItem('Workspace resource catalogue')).toBeVisible();
    await expect(navbar.menuItem('Notebook environment')).toBeDisabled();
  });

  test('Help leads to the documentation and back to the About page', async ({ page, api }) => {
    const username = unique('nav-help');
    await api.createUser(username);
    await signIn(page, username);
    const navbar = new Navbar(page);

    await navbar.dropdown('Help').click();
    await expect(navbar.menuItem('Documentation')).toHaveAttribute('href', '/docs/');
    await navbar.menuItem('About').click();
    // About is the index route, which sends signed-in users to their home page
    await expect(page).toHaveURL(/\/asb\/home$/);
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
