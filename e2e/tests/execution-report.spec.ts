import { execFileSync } from 'node:child_process';
import { expect as baseExpect } from '@playwright/test';
import { executeDemo, signInDemoMember } from '../support/demo';
import { request as requestFactory } from '@playwright/test';
import { E2E_PORT, PASSWORD } from '../support/constants';
import { Api, signIn, test, unique } from '../support/fixtures';
import { ExecutionSeeds } from '../support/pages/monitoring-page';
import { ReportPage } from '../support/pages/report-page';

// the demo's processes make and read real GeoTIFFs: more room than the default
const expect = baseExpect.configure({ timeout: 60_000 });
const DEMO_TASKS = ['scene', 'ndvi', 'threshold', 'summary'];

/**
 * The execution report (spec 1 §2) of a real run of the demo workflow: live graph and
 * timeline, the tables, a layout switch, a GeoTIFF output on the map, the PDF.
 */
test.describe('Execution report', () => {
  test('a user runs the demo, reads its report, previews the NDVI on the map and downloads the PDF', async ({ page, api }, testInfo) => {
    test.setTimeout(180_000);
    await signInDemoMember(page, api, 'report-user');
    await executeDemo(page);
    const row = page.locator('tr[data-execution-id]').filter({ hasText: 'NDVI vegetation demo' }).first();
    const executionId = (await row.getAttribute('data-execution-id'))!;
    await row.getByRole('link', { name: 'Execution Report' }).click();
    await expect(page).toHaveURL(new RegExp(`/asb/executions/${executionId}/report$`));

    const report = new ReportPage(page);
    await expect(report.heading).toBeVisible();
    const identifier = (await report.identifier.textContent())!.trim();
    expect(identifier).toMatch(/^ndvi-vegetation-demo-/);
    // the graph follows the run live: every task ends green without a reload
    for (const task of DEMO_TASKS) await expect(report.graphNode(task)).toHaveAttribute('data-state', 'success', { timeout: 120_000 });
    await expect(page.getByText('Success', { exact: true }).first()).toBeVisible();
    await expect(report.timeline).toHaveAttribute('data-bars', DEMO_TASKS.join(','));
    await expect(report.timeline.locator('svg')).toContainText('threshold');

    await expect(report.table('Summary')).toContainText(identifier);
    await expect(report.table('Summary')).toContainText('NDVI vegetation demo');
    await expect(report.table('Inputs')).toContainText('NDVI threshold');
    await expect(report.output('ndvi', 'ndvi')).toContainText('ndvi.tif');
    await expect(report.output('ndvi', 'mean_ndvi')).toContainText(/0\.\d+/);
    for (const task of DEMO_TASKS) await expect(report.table('Tasks').locator(`tr[data-task-id="${task}"]`)).toContainText('Success');

    // the log of a task, from the stored logs
    await report.table('Tasks').getByRole('button', { name: 'Log of ndvi' }).click();
    await expect(page.getByTestId('task-log')).toContainText('attempt 1 ended: succeeded');
    await page.keyboard.press('Escape');

    await expect(report.graph).toHaveAttribute('data-layout', 'LR');
    const leftToRight = await report.graphNode('ndvi').boundingBox();
    // ndvi feeds summary past threshold: that edge goes round threshold, not along its border
    await expect(report.graph.locator('.react-flow__edge')).toHaveCount(4);
    await expect.poll(() => report.edgesTouchingOtherTasks()).toEqual([]);
    await report.chooseLayout('Top to Bottom');
    await expect(report.graph).toHaveAttribute('data-layout', 'TB');
    await expect
      .poll(async () => {
        const [scene, ndvi] = [await report.graphNode('scene').boundingBox(), await report.graphNode('ndvi').boundingBox()];
        return scene && ndvi ? ndvi.y - scene.y : 0;
      })
      .toBeGreaterThan(20);
    expect(leftToRight).not.toBeNull();
    await expect.poll(() => report.edgesTouchingOtherTasks()).toEqual([]);

    // the NDVI GeoTIFF on the map: statistics, tilejson, then tiles drawn from the tile service
    await report.output('ndvi', 'ndvi').getByRole('button', { name: 'Preview' }).click();
    await expect(report.map).toHaveAttribute('data-state', 'ready');
    await expect.poll(async () => Number(await report.map.getAttribute('data-tiles-loaded'))).toBeGreaterThan(0);
    await expect.poll(() => report.mapCoverage(), { timeout: 30_000 }).toBeGreaterThan(0.05);
    await report.map.screenshot({ path: testInfo.outputPath('ndvi-map.png') });
    await page.keyboard.press('Escape');

    // the PDF, made on the server, carries the identifier and the task names
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`ExecutionReport${executionId}.pdf`);
    const pdfPath = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Execution Report');
    expect(text.replace(/\s+/g, '')).toContain(identifier.replace(/\s+/g, ''));
    for (const task of DEMO_TASKS) expect(text).toContain(task);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  test('an ended execution runs again from its report, and an unknown one is not found', async ({ page, api }) => {
    test.setTimeout(120_000);
    await signInDemoMember(page, api, 'rerun-user');
    await executeDemo(page);
    await page.locator('tr[data-execution-id]').first().getByRole('link', { name: 'Execution Report' }).click();
    const report = new ReportPage(page);
    const first = page.url();
    await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(page).not.toHaveURL(first);
    await expect(page).toHaveURL(/\/asb\/executions\/\d+\/report$/);
    for (const task of DEMO_TASKS) await expect(report.graphNode(task)).toHaveAttribute('data-state', 'success', { timeout: 120_000 });

    await page.goto('/asb/executions/987654321/report');
    await expect(page.getByText('Execution not found')).toBeVisible();
  });

  test("another user's execution, not shared, is said to be so rather than to have gone wrong", async ({ page, api }) => {
    // the admin's execution of the demo, created and never run: nothing of it is shared with a new user
    const workflows = (await (await api.get('/knowledge/v1/workflows?filter[identifier]=ndvi-vegetation-demo')).json()) as { data: { id: string }[] };
    const created = await api.post('/builder/v1/executions', { processor_id: workflows.data[0]!.id, inputs: [] });
    const executionId = ((await created.json()) as { data: { id: string } }).data.id;
    const reader = unique('report-reader');
    await api.createUser(reader);
    await signIn(page, reader, PASSWORD, `/asb/executions/${executionId}/report`);
    await expect(page.getByText('This execution is not yours, and not shared with you.')).toBeVisible();
    await expect(page.getByText('Something went wrong while fetching the execution')).toHaveCount(0);
    await expect(page.getByText('You do not have permission to perform this action.')).toHaveCount(0);
  });

  test.describe('a failed execution', () => {
    const developer = unique('fail-dev');
    let workflowId = '';

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const request = await requestFactory.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
      const api = await Api.signIn(request);
      const workspace = unique('fails');
      await api.createUser(developer);
      await api.createWorkspace(workspace);
      await api.setRoles(developer, { [workspace]: ['developer'] });
      const seeds = await ExecutionSeeds.signIn(request, developer);
      const step = await seeds.releaseStep(`Step ${unique('p')}`);
      // the mode is chosen from a list: the report shows the label chosen, not the raw value
      workflowId = await seeds.twoStepWorkflow(`Failing ${unique('wf')}`, step, {
        mode: { label: 'Mode', constraints: { enum: ['ok', 'fail'], enum_labels: ['Succeed', 'Fail on purpose'] } },
      });
      await request.dispose();
    });

    test('says on its report which task failed and why, with the end of its log, and so does the PDF', async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const seeds = await ExecutionSeeds.signIn(request, developer);
      const execution = await seeds.create(workflowId, { mode: 'fail', text: 'west (4.5) must be less than east' });
      await seeds.execute(execution.id);
      await signIn(page, developer, PASSWORD, `/asb/executions/${execution.id}/report`);
      const report = new ReportPage(page);
      await expect(report.heading).toBeVisible();

      const alert = page.getByRole('alert', { name: 'Execution failed' });
      await expect(alert).toContainText(/Task first \(.+\) failed: ValueError: step failed on purpose: west \(4\.5\) must be less than east/);
      const tail = alert.getByLabel('Failing task log');
      await expect(tail).toContainText('Traceback (most recent call last):');
      await expect(tail).toContainText('File "process_wrapper.py"');
      await expect(tail).not.toContainText('/task/');

      // the datastore as the user knows it, never a server folder
      await expect(report.table('Summary')).toContainText(`Local datastore: ${developer}/executions/${execution.identifier}/`);
      await expect(report.table('Inputs')).toContainText('Fail on purpose');
      await expect(report.table('Inputs')).not.toContainText(/\bfail\b/);
      // the task below the failed one did not run: upstream failed, in the tasks and in Related Jobs
      await expect(report.table('Tasks').locator('tr[data-task-id="second"]')).toContainText('Upstream failed');
      const jobs = page.getByRole('table', { name: 'Related Jobs' });
      await expect(jobs.getByRole('row').filter({ hasText: `${execution.identifier}.second` })).toContainText('Upstream failed');
      await expect(jobs.getByRole('row').filter({ hasText: `${execution.identifier}.first` })).toContainText('Failed');
      await page.screenshot({ path: testInfo.outputPath('failed-report.png'), fullPage: true });

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const pdfPath = testInfo.outputPath('failed.pdf');
      await (await downloading).saveAs(pdfPath);
      const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('ValueError: step failed on purpose: west (4.5) must be less than east');
      // pdftotext joins a name broken at a hyphen without it: compare without spaces and hyphens
      const bare = (value: string) => value.replace(/[\s-]+/g, '');
      expect(bare(text)).toContain(bare(`Local datastore: ${developer}/executions/${execution.identifier}/`));
      expect(text).not.toContain('/task/');
    });

    test('an execution never submitted says so on its report and is submitted from there', async ({ page, request }) => {
      test.setTimeout(120_000);
      const seeds = await ExecutionSeeds.signIn(request, developer);
      const execution = await seeds.create(workflowId, { mode: 'ok' });
      await signIn(page, developer, PASSWORD, `/asb/executions/${execution.id}/report`);
      await expect(page.getByText('This execution was created but never submitted')).toBeVisible();
      await expect(page.locator('[data-status-group]').first()).toHaveText('Not submitted');
      await page.getByRole('button', { name: `Submit ${execution.identifier}` }).click();
      await expect(page.getByText('Success', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('This execution was created but never submitted')).toHaveCount(0);
    });
  });
});
