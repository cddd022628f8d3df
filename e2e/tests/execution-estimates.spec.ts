import { expect as baseExpect, request as requestFactory, type APIRequestContext } from '@playwright/test';
import { E2E_PORT, PASSWORD } from '../support/constants';
import { Api, signIn, test, unique } from '../support/fixtures';
import { ExecutionSeeds, MonitoringPage } from '../support/pages/monitoring-page';
import { ReportPage } from '../support/pages/report-page';

// a release builds the step in the sandbox and the history run waits for the engine: more room than the default
const expect = baseExpect.configure({ timeout: 60_000 });
/** The first step of the run read while it runs sleeps this long: it is stopped long before. */
const LONG_SECONDS = '900';

/** PATCH stop as the developer, whatever the test got to: the long step must not outlive it. */
async function stopExecution(request: APIRequestContext, username: string, id: string): Promise<void> {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  // 409 once it has ended (stopped from the page): nothing left to do
  await request.patch(`/builder/v1/executions/${id}/stop`, { headers });
}

/**
 * A running execution's estimated end (issue 35 §4, docs/estimates.md): after one successful run
 * of a two-step workflow, a second run, whose first step waits until it is stopped, says on the
 * list when it should end, and its report draws the step not started as a planned bar on the
 * critical path.
 */
test.describe('Execution estimates', () => {
  const developer = unique('eta-dev');
  let workflowId = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const request = await requestFactory.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    const api = await Api.signIn(request);
    const workspace = unique('eta');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });
    const seeds = await ExecutionSeeds.signIn(request, developer);
    const step = await seeds.releaseStep(`Step ${unique('p')}`);
    workflowId = await seeds.twoStepWorkflow(`Estimated ${unique('wf')}`, step);
    // the history the estimate reads: one successful run
    const first = await seeds.create(workflowId, { seconds: '0' });
    await seeds.execute(first.id);
    await seeds.waitForStatus(first.id, 'success', 120_000);
    await request.dispose();
  });

  test('a running execution says on the list when it ends; its report plans the step not started, on the critical path', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const seeds = await ExecutionSeeds.signIn(request, developer);
    const execution = await seeds.create(workflowId, { seconds: LONG_SECONDS });
    await seeds.execute(execution.id);
    try {
      await seeds.waitForStatus(execution.id, 'running');
      await signIn(page, developer);
      const monitoring = new MonitoringPage(page);
      await monitoring.goto();
      await expect(monitoring.row(execution.id)).toContainText(/ends in (~\d+ (min|h)|< 1 min)/);

      await monitoring.row(execution.id).getByRole('link', { name: 'Execution Report' }).click();
      const report = new ReportPage(page);
      await expect(report.heading).toBeVisible();
      // first runs (its bar grows), second waits for it: a planned bar; both decide the end
      await expect(report.timeline).toHaveAttribute('data-bars', 'first');
      await expect(report.timeline).toHaveAttribute('data-planned', 'second');
      await expect(report.timeline).toHaveAttribute('data-critical', 'first,second');
      await expect(report.timeline.locator('svg')).toContainText('second');
      const note = page.getByTestId('estimate-note');
      await expect(note).toContainText(/Estimated end .*, ends in/);
      await expect(note).toContainText('over 1 earlier successful run');
      await expect(note).toContainText('Critical path, outlined: first → second');
      await report.timeline.screenshot({ path: testInfo.outputPath('planned-timeline.png') });

      // once stopped, nothing is estimated any more
      await page.getByRole('button', { name: `Stop ${execution.identifier}` }).click();
      await page.getByRole('dialog', { name: 'Stop execution' }).getByRole('button', { name: 'Stop execution' }).click();
      await expect(page.locator('[data-status-group]').first()).toHaveText(/stopped/i);
      await expect(note).toHaveCount(0);
    } finally {
      await stopExecution(request, developer, execution.id);
    }
  });
});
