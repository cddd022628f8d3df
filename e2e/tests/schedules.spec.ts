import { MIN_INTERVAL_MESSAGE, SCHEDULE_ARCHIVE_TEXT } from '@asb/contracts';
import { signInDemoMember } from '../support/demo';
import { expect, signIn, test, unique } from '../support/fixtures';
import { EOPEN_URL, PASSWORD } from '../support/constants';
import { ResourceListPage } from '../support/resource-list-page';

const DEMO = 'ndvi-vegetation-demo';

/**
 * Schedules (spec 1 §2 Execute / Schedule form, spec 3 Schedules list): a member of the
 * demo workspace schedules the demo from the workflow list, finds it Enabled in the list,
 * edits it, archives it (Disabled); on the asb theme the eopen strategies are neither offered
 * nor accepted, and on an eopen portal an external trigger starts an execution.
 */
test.describe('Schedules', () => {
  test('schedule a workflow every 2 hours, see it enabled, edit it, archive it and see it disabled', async ({ page, api }) => {
    // the wait for the first run below may take up to 60 s + a tick on its own
    test.setTimeout(240_000);
    await signInDemoMember(page, api, 'scheduler');

    const workflows = new ResourceListPage(page, 'workflows');
    await page.goto('/asb/workflows');
    await workflows.search(DEMO);
    await page.getByRole('link', { name: `Schedule ${DEMO}` }).click();
    await expect(page).toHaveURL(/\/asb\/workflows\/\d+\/schedule$/);
    await expect(page.getByRole('switch', { name: 'Schedule' })).toBeChecked();

    const title = unique('Every two hours');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('combobox', { name: 'Strategy' }).click();
    await page.getByRole('option', { name: 'Interval execution' }).click();
    await page.getByLabel('Every').fill('5');
    await page.getByRole('combobox', { name: 'Interval period' }).click();
    await page.getByRole('option', { name: 'minutes' }).click();
    // under 10 minutes: refused before anything is sent
    await expect(page.getByText(MIN_INTERVAL_MESSAGE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toBeDisabled();
    await page.getByLabel('Every').fill('2');
    await page.getByRole('combobox', { name: 'Interval period' }).click();
    await page.getByRole('option', { name: 'hours' }).click();
    await expect(page.getByText(MIN_INTERVAL_MESSAGE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();

    await expect(page).toHaveURL(/\/asb\/schedules\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Schedule / });
    await expect(heading).toBeVisible();
    const identifier = (await heading.textContent())!.replace(/^Schedule /, '').trim();
    await expect(page.getByText('Next run')).toBeVisible();
    // the form prefills the start with the next whole minute (up to 60 s away): the first run comes at that
    // start, at the scheduler's next tick after it (every 15 s), not 2 hours later
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Last run', { exact: true }).locator('xpath=..')).not.toContainText('never', { timeout: 1000 });
    }).toPass({ timeout: 150_000 });

    const schedules = new ResourceListPage(page, 'schedules');
    await page.goto('/asb/schedules');
    await schedules.search(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(row).toContainText('Every 2 hours from');
    await expect(row).toContainText('NDVI vegetation demo');

    // edited on its page: every 3 hours
    await row.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Schedule ${identifier}` })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Every').fill('3');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await schedules.expectNotification('successfully updated');
    await page.goto('/asb/schedules');
    await schedules.search(title);
    await expect(row).toContainText('Every 3 hours from');

    // archived: it leaves the default list, and under Show archived only it reads Disabled
    await schedules.rowAction(identifier, 'Archive');
    const dialog = page.getByRole('dialog', { name: 'Archive schedule' });
    await expect(dialog).toContainText(SCHEDULE_ARCHIVE_TEXT);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await schedules.expectNotification('archived');
    await page.goto('/asb/schedules');
    await schedules.chooseFilter('Show archived only');
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('Disabled', { exact: true })).toBeVisible();
  });

  test('the asb theme offers three strategies, and the server refuses the eopen ones', async ({ page, api, request }) => {
    const username = await signInDemoMember(page, api, 'asb-theme');
    const token = ((await (await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } })).json()) as { token: string }).token;
    const workflows = (await (await api.get(`/knowledge/v1/workflows?filter[identifier]=${DEMO}`)).json()) as { data: { id: string }[] };
    const id = workflows.data[0]!.id;
    await page.goto(`/asb/workflows/${id}/schedule`);
    await page.getByRole('combobox', { name: 'Strategy' }).click();
    await expect(page.getByRole('option')).toHaveText(['Single execution', 'Interval execution', 'Crontab execution']);

    // spec 1 §4: 'external-trigger and on-new-data only when the theme equals eopen', on the server too
    const refused = await request.post('/builder/v1/schedules', {
      headers: { Authorization: `Bearer ${token}` },
      data: { processor_id: id, title: unique('Refused'), strategy: 'external-trigger' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toBe("External trigger is offered only with the eopen theme; this instance's theme is asb.");
  });

  test("another user's schedule and a workflow not shared with the reader say so, without a permission warning", async ({ page, api }) => {
    const workflows = (await (await api.get(`/knowledge/v1/workflows?filter[identifier]=${DEMO}`)).json()) as { data: { id: string }[] };
    const workflowId = workflows.data[0]!.id;
    const created = await api.post('/builder/v1/schedules', {
      processor_id: workflowId,
      title: unique('Admin nightly'),
      strategy: 'single-execution',
      start_time: '2099-06-01T06:00:00Z',
    });
    const scheduleId = ((await created.json()) as { data: { id: string } }).data.id;
    // a user outside the demo workspace: neither the admin's schedule nor the demo's workflow is shared with them
    const reader = unique('outsider');
    await api.createUser(reader);
    await signIn(page, reader, PASSWORD, `/asb/schedules/${scheduleId}`);
    await expect(page.getByRole('heading', { name: 'This schedule is not yours, and not shared with you.' })).toBeVisible();
    await page.goto(`/asb/workflows/${workflowId}/execute`);
    await expect(page.getByRole('heading', { name: 'This workflow is not yours, and not shared with you.' })).toBeVisible();
    await expect(page.getByText('You do not have permission to perform this action.')).toHaveCount(0);
  });
});

test.describe('Schedules on an eopen portal', () => {
  test.use({ baseURL: EOPEN_URL });

  test('an external trigger URL starts an execution that links back to its schedule', async ({ page, api, request }) => {
    const username = unique('trigger');
    await api.createUser(username);
    await api.setRoles(username, { demo: ['user'] });
    const token = ((await (await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } })).json()) as { token: string }).token;
    const headers = { Authorization: `Bearer ${token}` };
    const workflows = (await (await request.get(`/knowledge/v1/workflows?filter[identifier]=${DEMO}`, { headers })).json()) as { data: { id: string }[] };
    const title = unique('On call');
    // external-trigger: offered (and accepted) with the eopen theme only (spec 1 §4)
    const created = await request.post('/builder/v1/schedules', {
      headers,
      data: { processor_id: workflows.data[0]!.id, title, strategy: 'external-trigger' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const schedule = ((await created.json()) as { data: { id: string; attributes: { identifier: string } } }).data;

    await signIn(page, username, PASSWORD, `/asb/schedules/${schedule.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Schedule ${schedule.attributes.identifier}` })).toBeVisible();
    const triggerUrl = (await page.getByTestId('trigger-url').textContent())!.trim();
    expect(triggerUrl).toMatch(new RegExp(`/builder/v1/schedules/${schedule.id}/trigger/`));

    // whoever holds the URL starts the workflow, without signing in
    const fired = await request.post(new URL(triggerUrl).pathname);
    expect(fired.status(), await fired.text()).toBe(201);

    await page.goto('/asb/monitoring');
    const link = page.getByRole('link', { name: schedule.attributes.identifier });
    await expect(link.first()).toBeVisible();
    await expect(link.first()).toHaveAttribute('href', `/asb/schedules/${schedule.id}`);
    await link.first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Schedule ${schedule.attributes.identifier}` })).toBeVisible();
  });
});
