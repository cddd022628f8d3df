import type { Download, Locator, Page } from '@playwright/test';

/** The Wrapper Generator (/processes/wrapper/generator). */
export class WrapperGeneratorPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/asb/processes/wrapper/generator');
  }

  inputName(index: number): Locator {
    return this.page.getByRole('textbox', { name: `Name of input ${index}` });
  }

  inputDefault(index: number): Locator {
    return this.page.getByRole('textbox', { name: `Default value of input ${index}` });
  }

  inputDataType(index: number): Locator {
    return this.page.getByRole('combobox', { name: `Data type of input ${index}` });
  }

  /** 'Minimum', 'Maximum', 'Pattern' or 'Allowed values' of an input */
  inputConstraint(index: number, field: string): Locator {
    return this.page.getByRole('textbox', { name: `${field} of input ${index}` });
  }

  outputName(index: number): Locator {
    return this.page.getByRole('textbox', { name: `Name of output ${index}` });
  }

  get preview(): Locator {
    return this.page.getByLabel('Preview of process_wrapper.py');
  }

  async addInput(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add input' }).click();
  }

  async addOutput(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add output' }).click();
  }

  async chooseDataType(index: number, label: string): Promise<void> {
    await this.inputDataType(index).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async chooseMainDependency(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Main dependency' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** 'Write to a new version' of the chosen process: the page then opens that version. */
  async writeToProcess(processLabel: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Process' }).click();
    await this.page.getByRole('option', { name: processLabel }).click();
    await this.page.getByRole('button', { name: 'Write to a new version' }).click();
  }

  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download wrapper' }).click();
    return download;
  }
}
