import { ADMIN, PASSWORD } from '../support/constants';
import { Api, expect, signIn, test, unique } from '../support/fixtures';

/**
 * The embedded admin (spec 2 "Database & Airflow"; docs/admin.md): staff open a service's admin
 * by its path, find another user's resource, edit it (the type's validation applies) and delete
 * it, and read both in the audit log; the engine tab shows the executor; the edit-user page's
 * advanced administration link lands on that user; a user who is not staff is refused.
 */
test.describe('Database & Airflow', () => {
  test('staff edit and delete another user’s dashboard in the Knowledge Base admin and read the audit log', async ({ page, api, request }) => {
    const owner = unique('owner');
    const staff = unique('staff');
    await api.createUser(owner);
    await api.createUser(staff, { is_staff: true });
    // not page.request: a sign-in sets the session cookies of the context it is made from
    const ownerApi = await Api.signIn(request, owner, PASSWORD);
    const name = `Board ${unique('b')}`;
    await ownerApi.post('/knowledge/v1/dashboards', { data: { type: 'dashboards', attributes: { verboseName: name, description: 'Before' } } });

    await signIn(page, staff);
    await page.goto('/knowledge/admin');
    await expect(page).toHaveURL(/\/asb\/admin\/database\?tab=knowledge$/);
    await expect(page.getByRole('tab', { name: 'Knowledge Base', selected: true })).toBeVisible();
    await page.getByText('dashboards', { exact: true }).click();
    await page.getByRole('textbox', { name: /search/i }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(owner);

    // an edit the type refuses shows its field's error; a valid one is saved
    await row.getByRole('button', { name: /^Edit dashboards/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit dashboards/ });
    const attributes = dialog.getByRole('textbox', { name: 'Attributes' });
    await attributes.fill(JSON.stringify({ verboseName: '' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('verboseName: Give the dashboard a name.')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-edit.png' });
    await attributes.fill(JSON.stringify({ description: 'Checked by staff' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const log = page.getByTestId('audit-log');
    await expect(log.getByRole('row').filter({ hasText: 'update' }).first()).toContainText(staff);
    await expect(log).toContainText('Checked by staff');

    // delete, with the identifier typed to confirm
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete/ });
    const identifier = (await confirm.locator('code').first().textContent())!;
    await confirm.getByRole('textbox').fill(identifier);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect(log.getByRole('row').filter({ hasText: 'delete' }).first()).toContainText(identifier);
    expect(await (await ownerApi.get('/knowledge/v1/dashboards?page[size]=100')).text()).not.toContain(name);

    // the engine's tab, and the advanced administration link of the edit-user page
    await page.getByRole('tab', { name: 'Airflow' }).click();
    await expect(page.getByTestId('engine-admin').locator('[data-figure="Executor"]')).toHaveText('local');
    await page.goto(`/asb/admin/users/${owner}`);
    const advanced = page.getByRole('link', { name: /advanced administration/i });
    await expect(advanced).toHaveAttribute('href', `/usermgr/admin/auth/user/?q=${owner}`);
    await advanced.click();
    await expect(page).toHaveURL(new RegExp(`/asb/admin/database\\?tab=usermgr&q=${owner}$`));
    await expect(page.getByRole('row').filter({ hasText: owner })).toHaveCount(1);
    await page.screenshot({ path: '/tmp/shots/admin-usermgr.png', fullPage: true });
  });

  test('staff find a model execution in the Service Builder admin, with its kind', async ({ page, api }) => {
    // a run of the demo model on its example scene, as the model execute form sends it
    const models = `${ADMIN.username}:demo-models`;
    const scene = `/resource-catalogue/assets/${encodeURIComponent(models)}/demo-land-cover/example-scene.tif`;
    await expect.poll(async () => (await api.get(scene)).status(), { timeout: 90_000 }).toBe(200);
    const bytes = await (await api.get(scene)).body();
    const created = await api.post(`/backend/v1/catalogue-collections/${encodeURIComponent(models)}/execute_model`, {
      identifier: 'demo-land-cover',
      collection: models,
      inputs: {
        parameters: { content_type: 'pd' },
        inputs: [{ name: 'bands', datatype: 'FP32', data: bytes.toString('base64'), file_type: 'image/tiff', file_name: 'scene.tif' }],
      },
    });
    const identifier = ((await created.json()) as { data: { attributes: { identifier: string } } }).data.attributes.identifier;
    const staff = unique('staff');
    await api.createUser(staff, { is_staff: true });
    await signIn(page, staff, PASSWORD, '/builder/admin');
    await expect(page.getByRole('tab', { name: 'Service Builder', selected: true })).toBeVisible();
    // the type chooser's entry (the list below is titled 'executions' too)
    await page
      .locator('label')
      .filter({ hasText: /^executions$/ })
      .click();
    await page.getByRole('textbox', { name: /search/i }).fill(identifier);
    const row = page.getByRole('row').filter({ hasText: identifier });
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Kind' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'model', exact: true })).toBeVisible();
  });

  test('a user who is not staff is refused the admin', async ({ page, api }) => {
    const user = unique('plain');
    await api.createUser(user);
    await signIn(page, user);
    const answer = await (await Api.signIn(page.request, user, PASSWORD)).get('/admin/v1/models');
    expect(answer.status()).toBe(403);
    await page.goto('/asb/admin/database');
    await expect(page.getByRole('heading', { name: 'Database & Airflow' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Knowledge Base' })).toHaveCount(0);
  });
});
