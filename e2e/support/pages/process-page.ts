import { expect, type Locator, type Page } from '@playwright/test';

/** A process page (/processes/{id}) with its version switcher and the bucket panel. */
export class ProcessPage {
  constructor(readonly page: Page) {}

  async open(id: string): Promise<void> {
    await this.page.goto(`/asb/processes/${id}`);
  }

  get newVersion(): Locator {
    return this.page.getByRole('button', { name: 'New version' });
  }

  get versionSwitcher(): Locator {
    return this.page.getByRole('combobox', { name: 'Version' });
  }

  get share(): Locator {
    return this.page.getByRole('button', { name: 'Share' });
  }

  get uploadInput(): Locator {
    return this.page.getByLabel('Upload your process files');
  }

  get fileTree(): Locator {
    return this.page.getByRole('tree', { name: 'Bucket files' });
  }

  get buildStatus(): Locator {
    return this.page.getByTestId('build-status');
  }

  get buildLog(): Locator {
    return this.page.getByLabel('Build log');
  }

  /** 'New version' acts on the second click. */
  async createVersion(): Promise<void> {
    await this.newVersion.click();
    await expect(this.page.getByText('Click again to create a new unreleased version')).toBeVisible();
    await this.newVersion.click();
    await this.expectNotification('Unreleased version created');
  }

  async openTab(name: 'Files' | 'Properties' | 'Dockerfile' | 'Build'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  async build(label: 'Build' | 'Rebuild' = 'Build'): Promise<void> {
    await this.openTab('Build');
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async buildAndRelease(): Promise<void> {
    await this.openTab('Build');
    await this.page.getByRole('button', { name: 'More build options' }).click();
    await this.page.getByRole('menuitem', { name: 'Build & Release' }).click();
  }

  /** The value beside a label of the resource card. */
  resource(label: 'CPUs' | 'RAM' | 'Disk' | 'GPUs'): Locator {
    return this.page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  /** A build's outcome may take a while on a busy machine: `timeout` gives it room. */
  async expectNotification(text: string, timeout?: number): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible({ timeout });
  }
}
