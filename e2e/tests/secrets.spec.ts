import { PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { ExecutePage } from '../support/pages/execute-page';
import { ReportPage } from '../support/pages/report-page';
import { ProcessApi } from '../support/process-api';

// a process build runs python and the run goes through the engine: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Secrets (spec 3 §2 "Secrets", §5, §8): a user stores a secret and finds its tag in the list,
 * its value never shown; a taken tag is refused under the tag field; the search narrows the list.
 */
test.describe('Secrets', () => {
  test('store a secret: its tag listed, never its value; a second with the same tag refused under the field', async ({ page, api }) => {
    const username = unique('keeper');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, '/asb/secrets');
    await expect(page.getByText('No secrets found')).toBeVisible();

    await page.getByRole('button', { name: 'Store secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Store secret' });
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('copernicus-password');
    const value = dialog.getByLabel('Secret value');
    await expect(value).toHaveAttribute('type', 'password');
    await value.fill('hunter2-the-value');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(page.getByText('copernicus-password successfully created')).toBeVisible();
    await expect(page.getByRole('row', { name: /copernicus-password/ })).toBeVisible();
    await expect(page.getByText('hunter2-the-value')).toHaveCount(0);

    await page.getByRole('button', { name: 'Store secret' }).click();
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('copernicus-password');
    await dialog.getByLabel('Secret value').fill('another');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(dialog.getByText('You already have a secret with this tag.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('github-token');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(page.getByText('github-token successfully created')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search secrets' }).fill('github');
    await expect(page.getByRole('row', { name: /github-token/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /copernicus-password/ })).toHaveCount(0);
  });

  test('store a secret and use it in an execution: the task gets its value, the report shows only its tag', async ({ page, api, request }) => {
    test.setTimeout(180_000);
    const developer = unique('keeper');
    const workspace = unique('vault');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });
    const processes = await ProcessApi.signIn(request, developer, PASSWORD);
    const suffix = unique('login');
    const process = await processes.releaseProcess(
      `Login ${suffix}`,
      { inputs: [{ name: 'token', data_type: 'password' }], outputs: [{ name: 'check', data_type: 'string' }] },
      // fails unless it got the stored value, without showing it
      'if inputs["token"] != "hunter2-the-value":\n    raise ValueError("not the stored secret")',
    );
    const workflowId = await processes.createWorkflow(`Login flow ${suffix}`, {
      nodes: [{ id: 'login', kind: 'process', processVersion: process.identifier, position: { x: 0, y: 0 }, inputs: { token: { label: 'API token' } } }],
      edges: [],
    });

    await signIn(page, developer, PASSWORD, '/asb/secrets');
    await page.getByRole('button', { name: 'Store secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Store secret' });
    await dialog.getByRole('textbox', { name: 'Secret tag' }).fill('service-token');
    await dialog.getByLabel('Secret value').fill('hunter2-the-value');
    await dialog.getByRole('button', { name: 'Store' }).click();
    await expect(page.getByText('service-token successfully created')).toBeVisible();

    const form = new ExecutePage(page);
    await form.open(workflowId);
    await page.getByLabel('Use a stored secret').check();
    await form.choose('API token', 'service-token');
    await expect(form.executeButton).toBeEnabled();
    await page.screenshot({ path: '/tmp/shots/execute-with-secret.png', fullPage: true });
    const created = page.waitForRequest((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/builder/v1/executions');
    await form.executeButton.click();
    const payload = JSON.stringify((await created).postDataJSON());
    expect(payload).toContain('{{secret:service-token}}');
    expect(payload).not.toContain('hunter2');
    await expect(page).toHaveURL(/\/asb\/monitoring$/);

    const row = page
      .locator('tr[data-execution-id]')
      .filter({ hasText: `Login flow ${suffix}` })
      .first();
    await row.getByRole('link', { name: 'Execution Report' }).click();
    const report = new ReportPage(page);
    await expect(report.graphNode('login')).toHaveAttribute('data-state', 'success', { timeout: 120_000 });
    await expect(page.getByText('Success', { exact: true }).first()).toBeVisible();
    await expect(report.table('Inputs')).toContainText('Secret "service-token"');
    await expect(page.getByText('hunter2-the-value')).toHaveCount(0);
  });
});
