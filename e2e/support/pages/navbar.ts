import type { Locator, Page } from '@playwright/test';

/** The portal's top navigation bar (the page banner). */
export class Navbar {
  readonly banner: Locator;

  constructor(private readonly page: Page) {
    this.banner = page.getByRole('banner');
  }

  /** 'Log in' is a button opening a modal with an identity provider, a link without one. */
  get logIn(): Locator {
    return this.banner.getByRole('button', { name: 'Log in', exact: true }).or(this.banner.getByRole('link', { name: 'Log in', exact: true }));
  }

  userMenu(username: string): Locator {
    return this.banner.getByRole('button', { name: new RegExp(username) });
  }

  get main(): Locator {
    return this.banner.getByRole('navigation', { name: 'Main' });
  }

  /** An entry of the bar itself (what the bar has no room for is under 'More': `follow`, `openMenu`). */
  link(name: string): Locator {
    return this.main.getByRole('link', { name, exact: true });
  }

  dropdown(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true });
  }

  /** The menu of the entries the bar has no room for (issue 34 §2). */
  get more(): Locator {
    return this.dropdown('More');
  }

  /**
   * Opens a dropdown of the bar (Help, Development, Catalogue), or 'More' when the bar has no room
   * for it: its items are then listed there under its name.
   */
  async openMenu(name: string): Promise<void> {
    if (await this.dropdown(name).isVisible()) await this.dropdown(name).click();
    else await this.more.click();
  }

  /** Follows a link entry of the bar (Executions, Models...) wherever it is. */
  async follow(name: string): Promise<void> {
    if (await this.link(name).isVisible()) await this.link(name).click();
    else {
      await this.more.click();
      await this.menuItem(name).click();
    }
  }

  async openUserMenu(username: string): Promise<void> {
    await this.userMenu(username).click();
  }

  /** A dropdown's items (app routes are links, disabled entries menu items). */
  menuItem(name: string | RegExp): Locator {
    return this.page.getByRole('menuitem', { name, exact: typeof name === 'string' });
  }

  async logOut(username: string): Promise<void> {
    await this.openUserMenu(username);
    await this.menuItem('Logout').click();
  }
}
