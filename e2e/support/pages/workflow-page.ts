import { expect, type Locator, type Page } from '@playwright/test';

/** A workflow page (/workflows/{id}) with its header actions and the publish dialog. */
export class WorkflowPage {
  constructor(readonly page: Page) {}

  async open(id: string): Promise<void> {
    await this.page.goto(`/asb/workflows/${id}`);
  }

  /** The id of the workflow whose page is open. */
  idFromUrl(): string {
    const match = /\/workflows\/(\d+)/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`not a workflow page: ${this.page.url()}`);
    return match[1];
  }

  heading(title: string): Locator {
    return this.page.getByRole('heading', { name: title });
  }

  get share(): Locator {
    return this.page.getByRole('button', { name: 'Share this workflow' });
  }

  get publish(): Locator {
    return this.page.getByRole('button', { name: 'Publish to Marketplace' });
  }

  get unpublish(): Locator {
    return this.page.getByRole('button', { name: 'Unpublish' });
  }

  get detachedEditor(): Locator {
    return this.page.getByRole('link', { name: 'Detached Editor' });
  }

  get execute(): Locator {
    return this.page.getByRole('link', { name: 'Execute', exact: true });
  }

  async shareWith(workspace: string): Promise<void> {
    await this.share.click();
    const dialog = this.page.getByRole('dialog', { name: 'Share workflow' });
    await dialog.getByRole('combobox', { name: 'Workspaces' }).click();
    await this.page.getByRole('option', { name: workspace }).click();
    // the options stay open for more picks; a click elsewhere closes them
    await dialog.getByRole('heading', { name: 'Share workflow' }).click();
    await dialog.getByRole('button', { name: 'Share' }).click();
    await expect(dialog).toBeHidden();
  }

  async publishWith(description: string, thumbnailUrl: string): Promise<void> {
    await this.publish.click();
    const dialog = this.page.getByRole('dialog', { name: 'Publish to Marketplace' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('textbox', { name: 'Thumbnail URL' }).fill(thumbnailUrl);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
  }

  async expectNotification(text: string): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  }
}
