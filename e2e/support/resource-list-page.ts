import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of the generic resource list (spec 1 §2), shared by every list's e2e tests. */
export class ResourceListPage {
  constructor(
    readonly page: Page,
    /** lower-case plural, as in 'Search workspaces' */
    private readonly plural: string,
  ) {}

  get searchBox(): Locator {
    return this.page.getByRole('textbox', { name: `Search ${this.plural}` });
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
  }

  async chooseFilter(label: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Filters' }).click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  /** The table row with a cell that reads this text (an archived row's cell adds 'Archived'). */
  row(text: string): Locator {
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: new RegExp(`^${escaped}( Archived)?$`) }) });
  }

  async rowAction(identifier: string, action: 'Archive' | 'Unarchive' | 'Share' | 'Delete'): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${identifier}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async expectNotification(text: string): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  }
}
