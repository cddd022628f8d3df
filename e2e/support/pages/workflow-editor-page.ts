import { expect, type Download, type Locator, type Page } from '@playwright/test';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The Detached Editor (/knowledge/processorEditor/{id}): palette, canvas, toolbar and node settings. */
export class WorkflowEditorPage {
  constructor(readonly page: Page) {}

  async open(workflowId: string): Promise<void> {
    await this.page.goto(`/asb/knowledge/processorEditor/${workflowId}`);
  }

  get palette(): Locator {
    return this.page.getByRole('region', { name: 'Node palette' });
  }

  get nodes(): Locator {
    return this.page.locator('.react-flow__node');
  }

  get edges(): Locator {
    return this.page.locator('.react-flow__edge');
  }

  get settings(): Locator {
    return this.page.getByRole('region', { name: 'Node settings' });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Searches the palette for a process by its label and adds its version as a node. */
  async addProcess(label: string, version = '1'): Promise<void> {
    await this.palette.getByRole('textbox', { name: 'Search processes' }).fill(label);
    await this.palette.getByRole('button', { name: `Add ${label} version ${version}`, exact: true }).click();
  }

  /** The handle of one port of a node: `{nodeId} input|output {port} ({data type})`. */
  handle(nodeId: string, side: 'input' | 'output', port: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escapeRegExp(`${nodeId} ${side} ${port}`)} \\(`));
  }

  node(nodeId: string): Locator {
    return this.page.locator(`.react-flow__node[data-id="${nodeId}"]`);
  }

  /** Drags from one handle to another, as a user connects ports. */
  async connect(from: Locator, to: Locator): Promise<void> {
    const start = await from.boundingBox();
    const end = await to.boundingBox();
    if (!start || !end) throw new Error('A handle to connect is not visible');
    await this.page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
    await this.page.mouse.up();
  }

  async save(): Promise<void> {
    await this.button('Save').click();
  }

  async exportDocument(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.button('Export').click()]);
    return download;
  }

  async importDocument(path: string): Promise<void> {
    await this.page.getByLabel('Import file').setInputFiles(path);
  }

  async expectNotification(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  }

  async expectGraph(nodes: number, edges: number): Promise<void> {
    await expect(this.nodes).toHaveCount(nodes);
    await expect(this.edges).toHaveCount(edges);
  }
}
