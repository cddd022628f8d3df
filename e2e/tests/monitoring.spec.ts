import { expect as baseExpect, request as requestFactory } from '@playwright/test';
import { E2E_PORT } from '../support/constants';
import { Api, signIn, test, unique } from '../support/fixtures';
import { ExecutionSeeds, MonitoringPage } from '../support/pages/monitoring-page';

// processes are built and run for real: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The execution list follows real executions live (spec 1 §2 Execution list, §4): one
 * developer, one released 'step' process and a two-node workflow first → second, built
 * once for the file; each test runs it with other values for the first node.
 */
test.describe('Monitoring executions', () => {
  const developer = unique('dev');
  let workflowId = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const request = await requestFactory.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    const api = await Api.signIn(request);
    const workspace = unique('ops');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });
    const seeds = await ExecutionSeeds.signIn(request, developer);
    const step = await seeds.releaseStep(`Step ${unique('p')}`);
    workflowId = await seeds.twoStepWorkflow(`Two steps ${unique('wf')}`, step);
    await request.dispose();
  });

  test('a running execution goes from pending to running to Success without a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();

    const execution = await seeds.create(workflowId, { seconds: '3' });
    await monitoring.recordBadge(execution.id);
    await seeds.execute(execution.id);

    // the row arrives by the live update of the submission, then follows the engine
    await expect(monitoring.badge(execution.id)).toHaveText(/^(Pending|\d+%)$/);
    await expect(monitoring.badge(execution.id)).toHaveText(/^\d+%$/);
    await expect(page.getByTestId('active-counts')).toHaveText(/^\d+ pending · [1-9]\d* running$/);
    await expect(monitoring.badge(execution.id)).toHaveText('Success');
    await expect(page.getByTestId('active-counts')).toHaveText('0 pending · 0 running');

    // the same document all along, and what it showed in order
    const history = await monitoring.badgeHistory(execution.id);
    baseExpect(history, 'the page was reloaded').toBeDefined();
    baseExpect(history!.at(-1)).toBe('Success');
    baseExpect(history!.some((text) => /^\d+%$/.test(text))).toBe(true);
    for (const text of history!) baseExpect(text).toMatch(/^(Not submitted|Pending|\d+%|Success)$/);
    baseExpect(history!.findIndex((text) => /%$/.test(text))).toBeLessThan(history!.indexOf('Success'));

    // the expanded row lists both tasks, succeeded
    await monitoring.expand(execution.identifier);
    await expect(monitoring.taskState(execution.identifier, 'first')).toHaveText('Success');
    await expect(monitoring.taskState(execution.identifier, 'second')).toHaveText('Success');
  });

  test('a failing task fails the execution: the tasks show failed and upstream failed, the log the python error', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();

    const execution = await seeds.create(workflowId, { mode: 'fail', text: 'broken input' });
    await seeds.execute(execution.id);
    await expect(monitoring.badge(execution.id)).toHaveText('Failed');
    await expect(monitoring.badge(execution.id)).toHaveAttribute('data-status-group', 'failed');

    await monitoring.expand(execution.identifier);
    await expect(monitoring.taskState(execution.identifier, 'first')).toHaveText('Failed');
    await expect(monitoring.taskState(execution.identifier, 'second')).toHaveText('Upstream failed');
    await expect(monitoring.taskState(execution.identifier, 'second')).toHaveAttribute('data-task-state', 'upstream_failed');
    // a task that never ran has no log
    await expect(monitoring.tasks(execution.identifier).getByRole('button', { name: 'Log of task second' })).toHaveCount(0);
    const log = await monitoring.openLog(execution.identifier, 'first');
    await expect(log).toContainText('ValueError: step failed on purpose: broken input');
    await expect(log).toContainText('Traceback');
  });

  test('a failed execution says why on a line below its row, without opening its log', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();

    const execution = await seeds.create(workflowId, { mode: 'fail', text: 'west after east' });
    await seeds.execute(execution.id);
    await expect(monitoring.badge(execution.id)).toHaveText('Failed');
    await expect(monitoring.failure(execution.id)).toHaveText(/^Task first \(.+\) failed: ValueError: step failed on purpose: west after east$/);
  });

  test("an execution never submitted shows 'Not submitted' and can be submitted or deleted", async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    const waiting = await seeds.create(workflowId, { seconds: '1' });
    const abandoned = await seeds.create(workflowId, { seconds: '1' });
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();

    await expect(monitoring.badge(waiting.id)).toHaveText('Not submitted');
    await monitoring
      .row(waiting.id)
      .getByRole('button', { name: `Submit ${waiting.identifier}` })
      .click();
    await expect(monitoring.badge(waiting.id)).toHaveText('Success');
    await expect(monitoring.row(waiting.id).getByRole('button', { name: `Submit ${waiting.identifier}` })).toHaveCount(0);

    await expect(monitoring.badge(abandoned.id)).toHaveText('Not submitted');
    await monitoring
      .row(abandoned.id)
      .getByRole('button', { name: `Delete ${abandoned.identifier}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete execution' });
    await dialog.getByRole('textbox').fill(abandoned.identifier);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(monitoring.row(abandoned.id)).toHaveCount(0);
    await expect(page.getByText(`Execution ${abandoned.identifier} Deleted`)).toBeVisible();
  });

  test("the search matches who ran an execution ('Executed by')", async ({ page, request }) => {
    const seeds = await ExecutionSeeds.signIn(request, developer);
    const execution = await seeds.create(workflowId, { seconds: '1' });
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();
    await page.getByRole('textbox', { name: 'Search executions' }).fill(developer);
    await expect(monitoring.row(execution.id)).toBeVisible();
    await expect(page.locator('tr[data-execution-id]').filter({ hasNotText: developer })).toHaveCount(0);
  });

  test('Stop on a running execution turns it stopped', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();

    const execution = await seeds.create(workflowId, { seconds: '120' });
    await seeds.execute(execution.id);
    await expect(monitoring.badge(execution.id)).toHaveText(/^\d+%$/);
    await monitoring.stop(execution.identifier);
    await expect(monitoring.badge(execution.id)).toHaveText('Stopped');
    await expect(monitoring.row(execution.id).getByRole('button', { name: `Stop ${execution.identifier}` })).toHaveCount(0);
    await seeds.waitForStatus(execution.id, 'stopped');

    // the running task was stopped; the one after it never ran
    await monitoring.expand(execution.identifier);
    await expect(monitoring.taskState(execution.identifier, 'first')).toHaveText('Failed');
    await expect(monitoring.taskState(execution.identifier, 'second')).toHaveText('No status');
  });
});
