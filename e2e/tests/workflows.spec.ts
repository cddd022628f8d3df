import { PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { WorkflowPage } from '../support/pages/workflow-page';
import { ResourceListPage } from '../support/resource-list-page';

// the workflow page loads the editor and several calls at once: more room on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

const ARCHIVE_TEXT = 'The workflow will be hidden from the workflow listing only. Executions associated to this workflow are still accessible.';

test.describe('Workflows', () => {
  test('an owner creates, shares, publishes and archives a workflow; the published item is public', async ({ page, api, browser }) => {
    test.setTimeout(120_000);
    const owner = unique('owner');
    const team = unique('team');
    const label = `NDVI chain ${unique('wf')}`;
    await api.createUser(owner);
    await api.createWorkspace(team);
    await api.setRoles(owner, { [team]: ['developer'] });
    await signIn(page, owner);

    // New workflow from the list: name and derived slug, then its page
    await page.goto('/asb/workflows');
    const list = new ResourceListPage(page, 'workflows');
    await expect(page.getByRole('heading', { name: 'Workflows' })).toBeVisible();
    await expect(list.searchBox).toHaveValue('isArchived:false');
    await page.getByRole('button', { name: 'New workflow' }).click();
    const create = page.getByRole('dialog', { name: 'New workflow' });
    await create.getByLabel('Name').fill(label);
    const slug = await create.getByLabel('Slug').inputValue();
    baseExpect(slug).toMatch(/^ndvi-chain-wf-/);
    await create.getByRole('button', { name: 'Create' }).click();
    await list.expectNotification('successfully created');
    const workflow = new WorkflowPage(page);
    await expect(workflow.heading(`${owner} / ${label}`)).toBeVisible();
    const id = workflow.idFromUrl();
    await expect(page.getByText(slug, { exact: true })).toBeVisible();

    // listed with its Execute and Schedule buttons; the row opens the page
    await page.goto('/asb/workflows');
    await list.search(label);
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: `Execute ${slug}` })).toHaveAttribute('href', `/asb/workflows/${id}/execute`);
    await expect(row.getByRole('link', { name: `Schedule ${slug}` })).toHaveAttribute('href', `/asb/workflows/${id}/schedule`);
    await row.getByRole('link', { name: label }).click();
    await expect(workflow.heading(`${owner} / ${label}`)).toBeVisible();
    await expect(workflow.detachedEditor).toHaveAttribute('href', `/asb/knowledge/processorEditor/${id}`);
    await expect(workflow.detachedEditor).toHaveAttribute('target', '_blank');
    await expect(workflow.execute).toHaveAttribute('href', `/asb/workflows/${id}/execute`);

    // sharing puts the workspace badge on the page
    await workflow.shareWith(team);
    await expect(page.getByRole('list', { name: 'Workspaces' }).getByText(team, { exact: true })).toBeVisible();

    // publishing takes a description and a thumbnail URL; the page then offers Unpublish
    await workflow.publishWith('Computes NDVI from red and near-infrared bands.', 'https://example.org/ndvi.png');
    await expect(workflow.unpublish).toBeVisible();
    await page.reload();
    await expect(workflow.unpublish).toBeVisible();

    // the catalogue item of a published workflow is public
    const visitor = await browser.newContext();
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/asb/workflows/${id}/detail/asb:workflows:${id}`);
      await expect(anonymous.getByRole('heading', { name: label })).toBeVisible();
      for (const tab of ['Properties', 'Geometry', 'Links', 'Raw JSON']) {
        await expect(anonymous.getByRole('tab', { name: tab, exact: true })).toBeVisible();
      }
      await expect(anonymous.getByText('Computes NDVI from red and near-infrared bands.').first()).toBeVisible();
      await expect(anonymous.getByRole('link', { name: 'Execute' })).toHaveCount(0);
      await anonymous.getByRole('tab', { name: 'Raw JSON' }).click();
      await expect(anonymous.getByLabel('Item JSON')).toContainText(`"id": "asb:workflows:${id}"`);
    } finally {
      await visitor.close();
    }

    // archived from the list: the page shows the banner and sharing is disabled
    await page.goto('/asb/workflows');
    await list.search(label);
    await list.rowAction(slug, 'Archive');
    const archive = page.getByRole('dialog', { name: 'Archive workflow' });
    await expect(archive).toContainText(ARCHIVE_TEXT);
    await archive.getByRole('button', { name: 'Archive' }).click();
    await list.expectNotification('archived');
    // the search replaced the default filter: the row stays, styled as archived, without Execute and Schedule
    await expect(row.getByText('Archived', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /^(Execute|Schedule) / })).toHaveCount(0);

    await workflow.open(id);
    await expect(page.getByText('Archived workflow! Modifications are disabled')).toBeVisible();
    await expect(workflow.share).toBeDisabled();
    // a disabled button gets no pointer events: the tooltip listens on its wrapper
    await workflow.share.locator('xpath=..').hover();
    await expect(page.getByText('Sharing is disabled for archived workflows')).toBeVisible();
    await expect(workflow.execute).toHaveCount(0);
  });

  test("a missing workflow says so, and another user's that is not shared says that, not that something went wrong", async ({ page, api }) => {
    const user = unique('user');
    await api.createUser(user);
    await signIn(page, user, PASSWORD, '/asb/workflows/999999');
    await expect(page.getByText('Workflow not found')).toBeVisible();

    // the demo's workflow and its first process are shared with the demo workspace only, which this user is not in
    const workflows = (await (await api.get('/knowledge/v1/workflows?filter[identifier]=ndvi-vegetation-demo')).json()) as { data: { id: string }[] };
    const processes = (await (await api.get('/knowledge/v1/processes?filter[identifier]=ndvi')).json()) as { data: { id: string }[] };
    for (const [path, noun] of [
      [`/asb/workflows/${workflows.data[0]!.id}`, 'workflow'],
      [`/asb/knowledge/processorEditor/${workflows.data[0]!.id}`, 'workflow'],
      [`/asb/processes/${processes.data[0]!.id}`, 'process'],
    ]) {
      await page.goto(path!);
      await expect(page.getByText(`This ${noun} is not yours, and not shared with you.`)).toBeVisible();
      await expect(page.getByText(/Something went wrong|You do not have permission/)).toHaveCount(0);
    }
  });
});
