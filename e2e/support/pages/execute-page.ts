import { expect, type Locator, type Page } from '@playwright/test';

/** The execute form of a workflow (/workflows/{id}/execute). */
export class ExecutePage {
  constructor(readonly page: Page) {}

  async open(workflowId: string): Promise<void> {
    await this.page.goto(`/asb/workflows/${workflowId}/execute`);
  }

  get executeButton(): Locator {
    return this.page.getByRole('button', { name: 'Execute', exact: true });
  }

  /** The hint beside the button: 'N inputs need a valid value.' */
  get invalidHint(): Locator {
    return this.page.getByTestId('invalid-hint');
  }

  get encryptedPreview(): Locator {
    return this.page.getByTestId('encrypted-preview');
  }

  /** A text input (or text area, password) by its label; a required one's label ends with an asterisk. */
  input(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
  }

  /** The error text shown under an input. */
  error(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  /**
   * Picks a date range in the calendar of a date-range input: `start` and `end` are
   * 'D MMMM YYYY' day labels of the month the calendar opens on.
   */
  async pickRange(label: string, start: string, end: string): Promise<void> {
    await this.page.getByRole('button', { name: `Pick ${label} in a calendar` }).click();
    await this.page.getByRole('button', { name: start, exact: true }).click();
    await this.page.getByRole('button', { name: end, exact: true }).click();
  }

  async expectNotification(text: string | RegExp): Promise<Locator> {
    const notice = this.page.getByRole('alert').filter({ hasText: text }).first();
    await expect(notice).toBeVisible();
    return notice;
  }
}
