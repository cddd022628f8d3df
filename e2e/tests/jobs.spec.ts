import { PASSWORD } from '../support/constants';
import { expect as baseExpect } from '@playwright/test';
import { signIn, test, unique } from '../support/fixtures';
import { ExecutionSeeds } from '../support/pages/monitoring-page';
import { ResourceListPage } from '../support/resource-list-page';

// processes are built and run for real: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Jobs (spec 3 "Jobs"): the tasks of the executions a user may see. An owner runs a
 * two-step workflow and shares the execution with a workspace; a member of it runs the
 * shared workflow too, then lists the jobs of both and narrows them with the filters.
 */
test.describe('Jobs', () => {
  test('the jobs of executions are listed with status and owner; Owned by me and In my workspace filter them', async ({ page, api, request }) => {
    test.setTimeout(180_000);
    const owner = unique('owner');
    const member = unique('member');
    const workspace = unique('team');
    await api.createUser(owner);
    await api.createUser(member);
    const workspaceId = await api.createWorkspace(workspace);
    await api.setRoles(owner, { [workspace]: ['developer'] });
    await api.setRoles(member, { [workspace]: ['user'] });

    const asOwner = await ExecutionSeeds.signIn(request, owner);
    // shared too: a run hands its inputs only to code its runner may read
    const step = await asOwner.releaseSharedStep(`Step ${unique('p')}`, [workspaceId]);
    const workflowId = await asOwner.twoStepWorkflow(`Two steps ${unique('wf')}`, step);
    await asOwner.share('workflows', workflowId, [workspaceId]);
    const owned = await asOwner.create(workflowId);
    await asOwner.execute(owned.id);
    await asOwner.waitForStatus(owned.id, 'success');
    await asOwner.share('executions', owned.id, [workspaceId]);

    const asMember = await ExecutionSeeds.signIn(request, member);
    const mine = await asMember.create(workflowId);
    await asMember.execute(mine.id);
    await asMember.waitForStatus(mine.id, 'success');

    await signIn(page, member, PASSWORD, '/asb/jobs');
    const list = new ResourceListPage(page, 'jobs');
    await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    const job = (execution: { identifier: string }, taskId: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: `${execution.identifier}.${taskId}`, exact: true }) });

    for (const [execution, username] of [
      [owned, owner],
      [mine, member],
    ] as const) {
      for (const taskId of ['first', 'second']) {
        const row = job(execution, taskId);
        await expect(row).toBeVisible();
        await expect(row.locator('[data-status-group]')).toHaveText('Success');
        await expect(row.getByRole('cell', { name: username, exact: true })).toBeVisible();
        await expect(row.getByRole('cell', { name: /^\d+\.\d s$/ })).toBeVisible();
        await expect(row.getByRole('link', { name: `${execution.identifier}.${taskId}` })).toHaveAttribute('href', `/asb/executions/${execution.id}/report`);
      }
    }
    // newest first: the member's execution ran last
    await expect(page.getByRole('row').nth(1)).toContainText(mine.identifier);
    // read-only
    await expect(page.getByRole('button', { name: /^New/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

    await list.chooseFilter('Owned by me');
    await expect(list.searchBox).toHaveValue(`ownerId:${member}`);
    await expect(job(owned, 'first')).toHaveCount(0);
    await expect(job(mine, 'first')).toBeVisible();
    await expect(job(mine, 'second')).toBeVisible();
    await expect(page.getByText('2 jobs')).toBeVisible();

    await list.chooseFilter('Owned by me');
    await list.chooseFilter('In my workspace');
    await expect(list.searchBox).toHaveValue('inWorkspace:true');
    await expect(job(mine, 'first')).toHaveCount(0);
    await expect(job(owned, 'first')).toBeVisible();
    await expect(job(owned, 'second')).toBeVisible();
  });

  test("a task that did not run because the one above it failed shows 'Upstream failed', not 'Failed'", async ({ page, api, request }) => {
    test.setTimeout(120_000);
    const owner = unique('owner');
    const workspace = unique('team');
    await api.createUser(owner);
    await api.createWorkspace(workspace);
    await api.setRoles(owner, { [workspace]: ['developer'] });
    const seeds = await ExecutionSeeds.signIn(request, owner);
    const step = await seeds.releaseStep(`Step ${unique('p')}`);
    const workflowId = await seeds.twoStepWorkflow(`Two steps ${unique('wf')}`, step);
    const execution = await seeds.create(workflowId, { mode: 'fail' });
    await seeds.execute(execution.id);
    await seeds.waitForStatus(execution.id, 'failed');

    await signIn(page, owner, PASSWORD, '/asb/jobs');
    const badge = (taskId: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `${execution.identifier}.${taskId}`, exact: true }) })
        .locator('[data-status-group]');
    await expect(badge('first')).toHaveText('Failed');
    await expect(badge('second')).toHaveText('Upstream failed');
    await expect(badge('second')).toHaveAttribute('data-status-group', 'upstream-failed');
  });
});
