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

  link(name: string): Locator {
    return this.banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }

  dropdown(name: string): Locator {
    return this.banner.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
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
