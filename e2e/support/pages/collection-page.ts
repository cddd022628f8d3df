import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of a catalogue collection (/collections/{id}) and its "Register new application" dialog. */
export class CollectionPage {
  constructor(readonly page: Page) {}

  get registerDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Register new application' });
  }

  /** The bar and the steps of the upload in the dialog. */
  get progressBar(): Locator {
    return this.registerDialog.locator('[data-phase]');
  }

  step(step: 'received' | 'validated' | 'described' | 'registered'): Locator {
    return this.registerDialog.locator(`[data-step="${step}"]`);
  }

  /** Opens the dialog, chooses the file (a path read in place, or a file made here) and presses Upload. */
  async upload(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByRole('button', { name: 'Register new application' }).click();
    await this.registerDialog.getByLabel('CWL file').setInputFiles(file);
    await this.registerDialog.getByRole('button', { name: 'Upload' }).click();
  }

  async closeDialog(): Promise<void> {
    await this.registerDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.registerDialog).toBeHidden();
  }

  row(identifier: string): Locator {
    return this.page.locator(`tr[data-application="${identifier}"]`);
  }

  async rowAction(identifier: string, action: 'Download CWL' | 'Delete'): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${identifier}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
