import { expect, type Locator, type Page } from '@playwright/test';

/**
 * cwltool validates each upload in the task sandbox: 7–18 s on a busy 2-core machine (issue 33),
 * longer than expect's 10 s. A limit for a stuck validation, not a timing.
 */
export const VALIDATION_LIMIT_MS = 90_000;

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

  /** Waits until the upload is registered, every step before it done. */
  async expectRegistered(): Promise<void> {
    await expect(this.step('registered')).toHaveAttribute('data-state', 'done', { timeout: VALIDATION_LIMIT_MS });
    for (const step of ['received', 'validated', 'described'] as const) await expect(this.step(step)).toHaveAttribute('data-state', 'done');
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
