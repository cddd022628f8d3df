import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from '../constants';
import { ProcessApi } from '../process-api';

/**
 * The python of the 'step' process the monitoring and jobs tests run: it sleeps `seconds`,
 * raises when `mode` is 'fail', and otherwise returns its output.
 */
const STEP_BODY = [
  'import time',
  'time.sleep(float(inputs.get("seconds") or 0))',
  'if inputs.get("mode") == "fail":',
  '    raise ValueError("step failed on purpose: " + str(inputs.get("text")))',
].join('\n');

const STEP_SIGNATURE = {
  inputs: [
    { name: 'text', data_type: 'string', default: 'hello' },
    { name: 'seconds', data_type: 'integer', default: 0 },
    { name: 'mode', data_type: 'string', default: 'ok' },
  ],
  outputs: [{ name: 'text', data_type: 'string' }],
};

export interface SeededExecution {
  id: string;
  identifier: string;
}

/** Workflows and executions through the real API, as one user (docs/workflows.md). */
export class ExecutionSeeds {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
    readonly processes: ProcessApi,
  ) {}

  static async signIn(request: APIRequestContext, username: string): Promise<ExecutionSeeds> {
    const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
    expect(token.status(), await token.text()).toBe(200);
    const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
    return new ExecutionSeeds(request, headers, await ProcessApi.signIn(request, username, PASSWORD));
  }

  /** releases the step process; its version identifier */
  async releaseStep(label: string): Promise<string> {
    return (await this.processes.releaseProcess(label, STEP_SIGNATURE, STEP_BODY)).identifier;
  }

  /** releases the step process and shares it with the workspaces, whose members may then run workflows of it; its version identifier */
  async releaseSharedStep(label: string, workspaceIds: string[]): Promise<string> {
    const released = await this.processes.releaseProcess(label, STEP_SIGNATURE, STEP_BODY);
    await this.processes.share(released.processId, workspaceIds);
    return released.identifier;
  }

  /** a workflow of two step nodes, first → second (first.text feeds second.text); `firstInputs`: the first node's input settings */
  async twoStepWorkflow(label: string, step: string, firstInputs: Record<string, object> = {}): Promise<string> {
    const node = (id: string, x: number) => ({ id, kind: 'process', processVersion: step, position: { x, y: 0 }, inputs: id === 'first' ? firstInputs : {} });
    const graph = { nodes: [node('first', 0), node('second', 300)], edges: [{ source: 'first', sourceOutput: 'text', target: 'second', targetInput: 'text' }] };
    const response = await this.request.post('/knowledge/v1/workflows', {
      headers: this.headers,
      data: { data: { type: 'workflows', attributes: { label, graph } } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  async share(type: 'workflows' | 'executions', id: string, workspaceIds: string[]): Promise<void> {
    const prefix = type === 'workflows' ? '/knowledge/v1' : '/builder/v1';
    const response = await this.request.patch(`${prefix}/${type}/${id}`, {
      headers: this.headers,
      data: { data: { type, id, relationships: { workspaces: { data: workspaceIds.map((w) => ({ type: 'workspaces', id: w })) } } } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  /** POST executions with the first node's values (the rest take their defaults); status 'created' */
  async create(workflowId: string, first: Record<string, string> = {}): Promise<SeededExecution> {
    const items = Object.entries(first).map(([identifier, value]) => ({ identifier, value }));
    const response = await this.request.post('/builder/v1/executions', {
      headers: this.headers,
      data: { processor_id: workflowId, inputs: items.length > 0 ? [{ node_id: 'first', items }] : [] },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { data } = (await response.json()) as { data: { id: string; attributes: { identifier: string } } };
    return { id: data.id, identifier: data.attributes.identifier };
  }

  /** PATCH executions/{id}/execute: the engine takes it from there */
  async execute(id: string): Promise<void> {
    const response = await this.request.patch(`/builder/v1/executions/${id}/execute`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
  }

  async waitForStatus(id: string, status: string | RegExp, timeout = 60_000): Promise<void> {
    await expect
      .poll(
        async () => {
          const response = await this.request.get(`/builder/v1/executions/${id}`, { headers: this.headers });
          return ((await response.json()) as { data: { attributes: { status: string } } }).data.attributes.status;
        },
        { timeout },
      )
      .toMatch(status);
  }
}

/** Page object of the execution list (/monitoring, spec 1 §2 Execution list). */
export class MonitoringPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/asb/monitoring');
    await expect(this.page.getByRole('heading', { name: 'Executions' })).toBeVisible();
  }

  row(executionId: string): Locator {
    return this.page.locator(`tr[data-execution-id="${executionId}"]`);
  }

  /** the line below a failed execution's row: why it failed */
  failure(executionId: string): Locator {
    return this.page.locator(`tr[data-failure-of="${executionId}"]`);
  }

  badge(executionId: string): Locator {
    return this.row(executionId).locator('[data-status-group]');
  }

  /**
   * Keeps every text the execution's status badge shows from now on, in the page itself:
   * the history is lost if the page reloads, which is what the live tests rely on.
   */
  async recordBadge(executionId: string): Promise<void> {
    await this.page.evaluate((id) => {
      const history: string[] = [];
      (window as unknown as { badgeHistory: Record<string, string[]> }).badgeHistory ??= {};
      (window as unknown as { badgeHistory: Record<string, string[]> }).badgeHistory[id] = history;
      const read = () => {
        const text = document.querySelector(`tr[data-execution-id="${id}"] [data-status-group]`)?.textContent ?? null;
        if (text && history.at(-1) !== text) history.push(text);
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, executionId);
  }

  /** what recordBadge saw; undefined after a reload */
  badgeHistory(executionId: string): Promise<string[] | undefined> {
    return this.page.evaluate((id) => (window as unknown as { badgeHistory?: Record<string, string[]> }).badgeHistory?.[id], executionId);
  }

  async expand(identifier: string): Promise<void> {
    await this.page.getByRole('button', { name: `Show input parameters of ${identifier}` }).click();
  }

  tasks(identifier: string): Locator {
    return this.page.getByRole('table', { name: `Tasks of ${identifier}` });
  }

  taskState(identifier: string, taskId: string): Locator {
    return this.tasks(identifier).locator(`tr[data-task-id="${taskId}"] [data-task-state]`);
  }

  /** opens the log modal of a task; the modal's log text */
  async openLog(identifier: string, taskId: string): Promise<Locator> {
    await this.tasks(identifier)
      .getByRole('button', { name: `Log of task ${taskId}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Log of task ${taskId}` });
    await expect(dialog).toBeVisible();
    return dialog.getByTestId('task-log');
  }

  async stop(identifier: string): Promise<void> {
    await this.page.getByRole('button', { name: `Stop ${identifier}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Stop execution' });
    await dialog.getByRole('button', { name: 'Stop execution' }).click();
    await expect(dialog).toBeHidden();
  }
}
