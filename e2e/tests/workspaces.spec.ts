import { ADMIN } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';
import { ResourceListPage } from '../support/resource-list-page';

test.describe('Administration > Workspaces', () => {
  test('an admin creates, filters, archives, unarchives, shares and deletes a workspace', async ({ page, api }) => {
    const identifier = unique('ws');
    const team = unique('team');
    await api.createWorkspace(team);
    await signIn(page, ADMIN.username, ADMIN.password, '/asb/admin/workspaces');
    const list = new ResourceListPage(page, 'workspaces');

    // created through the New workspace modal; the identifier is lowercased on creation
    await page.getByRole('button', { name: 'New workspace' }).click();
    const create = page.getByRole('dialog', { name: 'New workspace' });
    await create.getByLabel('Identifier').fill(identifier.toUpperCase());
    await create.getByLabel('Label').fill('Sea ice team');
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await list.expectNotification(`Workspace ${identifier} successfully created`);
    await expect(create).toBeHidden();

    // its role group exists too: the members select offers it
    await page.getByRole('combobox', { name: 'Workspace', exact: true }).click();
    await expect(page.getByRole('option', { name: identifier })).toBeVisible();
    await page.keyboard.press('Escape');

    // free-text filter
    await list.search(identifier);
    await expect(list.row(identifier)).toBeVisible();
    await expect(list.row(team)).toHaveCount(0);

    // archive asks first, then the row is styled as archived
    await list.rowAction(identifier, 'Archive');
    const archive = page.getByRole('dialog', { name: 'Archive workspace' });
    await expect(archive).toContainText('Its members keep their roles');
    await archive.getByRole('button', { name: 'Archive' }).click();
    await list.expectNotification('archived');
    await expect(list.row(identifier).getByText('Archived', { exact: true })).toBeVisible();

    // with 'Show archived only' the row leaves the list once unarchived (no dialog)
    await list.chooseFilter('Show archived only');
    await expect(list.searchBox).toHaveValue(`isArchived:true ${identifier}`);
    await expect(list.row(identifier)).toBeVisible();
    await list.rowAction(identifier, 'Unarchive');
    await list.expectNotification('unarchived');
    await expect(list.row(identifier)).toHaveCount(0);
    await expect(page.getByText('No workspaces matching your search')).toBeVisible();

    // back to the plain search: shared with the team, the row shows its badge
    await list.search(identifier);
    await expect(list.row(identifier).getByText('Archived', { exact: true })).toHaveCount(0);
    await list.rowAction(identifier, 'Share');
    const share = page.getByRole('dialog', { name: 'Share workspace' });
    await share.getByRole('combobox', { name: 'Workspaces' }).click();
    await page.getByRole('option', { name: team }).click();
    // the options stay open for more picks; a click elsewhere closes them
    await share.getByRole('heading', { name: 'Share workspace' }).click();
    await share.getByRole('button', { name: 'Share' }).click();
    await expect(share).toBeHidden();
    await expect(list.row(identifier).getByText(team, { exact: true })).toBeVisible();

    // delete enables only after the identifier is typed
    await list.rowAction(identifier, 'Delete');
    const remove = page.getByRole('dialog', { name: 'Delete workspace' });
    const confirm = remove.getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeDisabled();
    await remove.getByRole('textbox').fill(identifier.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await remove.getByRole('textbox').fill(` ${identifier} `);
    await confirm.click();
    await list.expectNotification(`Workspace ${identifier} Deleted`);
    await expect(list.row(identifier)).toHaveCount(0);
  });
});
