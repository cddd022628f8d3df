import fs from 'node:fs/promises';
import { ADMIN, PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { ProcessPage } from '../support/pages/process-page';
import { WrapperGeneratorPage } from '../support/pages/wrapper-generator-page';
import { ProcessApi } from '../support/process-api';
import { ResourceListPage } from '../support/resource-list-page';

// builds run python and the pages wait on several calls: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('Processes', () => {
  test('an owner generates a wrapper, builds and releases a version, and an archived process turns read-only', async ({ page, api }, testInfo) => {
    test.setTimeout(240_000);
    const owner = unique('owner');
    const label = `NDVI ${unique('e2e')}`;
    await api.createUser(owner);
    await signIn(page, owner);

    // the generator: one input with a default, one output, a main dependency; downloaded as process_wrapper.py
    const generator = new WrapperGeneratorPage(page);
    await generator.open();
    await expect(page.getByText('Create a wrapper to import a new process version')).toBeVisible();
    await generator.addInput();
    await expect(generator.inputName(1)).toHaveValue('Input 1');
    await expect(generator.inputDataType(1)).toHaveValue('String');
    await generator.inputName(1).fill('Cloud cover');
    await generator.chooseDataType(1, 'Float');
    await generator.inputDefault(1).fill('0.3');
    await generator.addOutput();
    await expect(generator.outputName(1)).toHaveValue('Output 1');
    await generator.chooseMainDependency('GDAL (Python bindings)');
    await expect(generator.preview).toContainText('{"name": "cloud_cover", "data_type": "float", "default": 0.3}');
    await expect(generator.preview).toContainText('DEPENDENCIES = ["gdal", "numpy"]');
    const download = await generator.download();
    expect(download.suggestedFilename()).toBe('process_wrapper.py');
    const wrapperPath = testInfo.outputPath('process_wrapper.py');
    await download.saveAs(wrapperPath);
    expect(await fs.readFile(wrapperPath, 'utf8')).toContain('def execute(out_dir, **inputs):');

    // a process from the list's create form (type wps), then its page
    await page.goto('/asb/processes');
    const list = new ResourceListPage(page, 'processes');
    await expect(list.searchBox).toHaveValue('type:wps isArchived:false');
    await page.getByRole('button', { name: 'New process' }).click();
    const create = page.getByRole('dialog', { name: 'New process' });
    await create.getByLabel('Name').fill(label);
    await create.getByRole('button', { name: 'Create' }).click();
    await list.expectNotification('successfully created');
    const process = new ProcessPage(page);
    await expect(page.getByRole('heading', { name: `${owner} / ${label}` })).toBeVisible();
    await expect(page.getByText('No description')).toBeVisible();

    // New version takes two clicks; its bucket panel opens on Files
    await process.createVersion();
    await expect(process.versionSwitcher).toHaveValue('Version 1');
    await expect(page.getByText('Unreleased', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('No files found')).toBeVisible();
    await expect(page.getByText('Folders bundled in tar archives are decompressed during the build.')).toBeVisible();

    await process.uploadInput.setInputFiles(wrapperPath);
    await expect(process.fileTree.getByText('process_wrapper.py')).toBeVisible();
    await expect(page.getByText('Wrapper detected')).toBeVisible();

    // a dry run streams its log until 'Import succeeded'; the button then offers a rebuild
    await process.openTab('Build');
    await expect(process.buildStatus).toHaveText('Build not started');
    await process.build();
    await expect(process.buildStatus).toHaveText('Import succeeded', { timeout: 60_000 });
    await expect(process.buildLog).toContainText('Wrapper found: inputs cloud_cover; outputs output_1');
    await expect(process.buildLog).toContainText('Build passed');
    await expect(page.getByRole('button', { name: 'Rebuild', exact: true })).toBeVisible();

    // Build & Release: the version becomes released and shows its allocated resources
    await process.buildAndRelease();
    await process.expectNotification(`${label} released`, 60_000);
    await expect(process.versionSwitcher).toHaveValue('Version 1');
    await expect(page.getByText('Released', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Allocated resources' })).toBeVisible();
    await expect(process.resource('CPUs')).toHaveText('1');
    await expect(process.resource('RAM')).toHaveText('1024 MB');
    await expect(process.resource('Disk')).toHaveText('1024 MB');
    await expect(process.resource('GPUs')).toHaveText('No GPU');

    // the version lists open filtered on this process
    await page.getByRole('link', { name: 'All released versions' }).click();
    const versions = new ResourceListPage(page, 'process versions');
    await expect(page.getByRole('heading', { name: 'Released process versions' })).toBeVisible();
    await expect(versions.searchBox).toHaveValue(new RegExp(`^process__identifier:\\S+ isArchived:false$`));
    await expect(page.getByRole('link', { name: `${owner} / ${label}` })).toBeVisible();
    await page.goBack();

    // a second version to work on, then the process is archived from the list
    await process.createVersion();
    await expect(process.versionSwitcher).toHaveValue('Version 2');
    await expect(process.uploadInput).toBeAttached();
    const url = page.url();
    await page.goto('/asb/processes');
    await list.search(label);
    await page
      .getByRole('row')
      .filter({ hasText: label })
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const archive = page.getByRole('dialog', { name: 'Archive process' });
    await expect(archive).toContainText('The process versions will be hidden in the workflow editor');
    await archive.getByRole('button', { name: 'Archive' }).click();
    await list.expectNotification('archived');

    // read-only: banner, no sharing, no new version, no upload, no build
    await page.goto(url);
    await expect(page.getByText('Archived process! Existing versions are read-only and modifications are disabled')).toBeVisible();
    await expect(process.share).toBeDisabled();
    // a disabled button gets no pointer events: the tooltip listens on its wrapper
    await process.share.locator('xpath=..').hover();
    await expect(page.getByText('Sharing is disabled for archived processes')).toBeVisible();
    await expect(process.versionSwitcher).toHaveValue('Version 2');
    await expect(process.newVersion).toHaveCount(0);
    await expect(process.uploadInput).toHaveCount(0);
    await process.openTab('Build');
    await expect(page.getByRole('button', { name: 'Build', exact: true })).toHaveCount(0);
  });

  test('the Wrapper Generator writes a wrapper with input constraints into a new version, whose files and build log stay reachable once released', async ({
    page,
    api,
    request,
  }) => {
    test.setTimeout(240_000);
    const owner = unique('writer');
    await api.createUser(owner);
    const label = `Tiles ${unique('e2e')}`;
    const created = await (await ProcessApi.signIn(request, owner, PASSWORD)).createProcess(label);
    await signIn(page, owner);

    const generator = new WrapperGeneratorPage(page);
    await generator.open();
    await generator.addInput();
    await generator.inputName(1).fill('Size');
    await generator.chooseDataType(1, 'Integer');
    await generator.inputDefault(1).fill('256');
    await generator.inputConstraint(1, 'Minimum').fill('16');
    await generator.inputConstraint(1, 'Maximum').fill('x');
    await expect(page.getByText('Enter a number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write to a new version' })).toBeDisabled();
    await generator.inputConstraint(1, 'Maximum').fill('2048');
    await generator.addOutput();
    await expect(generator.preview).toContainText('{"name": "size", "data_type": "integer", "default": 256, "minimum": 16, "maximum": 2048}');

    await generator.writeToProcess(`${owner} / ${label}`);
    await expect(page).toHaveURL(new RegExp(`/asb/processes/${created.id}\\?bucket=\\d+$`));
    const process = new ProcessPage(page);
    await expect(process.versionSwitcher).toHaveValue('Version 1');
    await expect(process.fileTree.getByText('process_wrapper.py')).toBeVisible();
    await expect(page.getByText('Wrapper detected')).toBeVisible();

    await process.buildAndRelease();
    await process.expectNotification(`${label} released`, 60_000);
    await expect(page.getByRole('table', { name: 'Signature' }).getByRole('row').filter({ hasText: 'size' })).toContainText('16 to 2048');
    await page.getByRole('link', { name: 'Files and build log of version 1' }).click();
    await expect(page).toHaveURL(/\/asb\/buckets\/\d+$/);
    await expect(process.fileTree.getByText('process_wrapper.py')).toBeVisible();
    await process.openTab('Build');
    await expect(process.buildLog).toContainText(`${label} released`);
  });

  test('a workspace member with the user role can open a shared process but not change it', async ({ page, api, request }) => {
    const viewer = unique('viewer');
    const workspace = unique('team');
    const workspaceId = await api.createWorkspace(workspace);
    await api.createUser(viewer);
    await api.setRoles(viewer, { [workspace]: ['user'] });
    const admin = await ProcessApi.signIn(request, ADMIN.username, ADMIN.password);
    const label = `Shared ${unique('process')}`;
    const { id } = await admin.createProcess(label);
    const bucketId = await admin.createBucketId(id);
    await admin.share(id, [workspaceId]);

    await signIn(page, viewer);
    const process = new ProcessPage(page);
    await process.open(id);
    await expect(page.getByRole('heading', { name: `${ADMIN.username} / ${label}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Workspaces' }).getByText(workspace, { exact: true })).toBeVisible();
    await expect(process.versionSwitcher).toHaveValue('Version 1');
    await expect(page.getByText('No files found')).toBeVisible();
    await expect(process.newVersion).toHaveCount(0);
    await expect(process.share).toHaveCount(0);
    await expect(process.uploadInput).toHaveCount(0);
    await process.openTab('Build');
    await expect(process.buildStatus).toHaveText('Build not started');
    await expect(page.getByRole('button', { name: 'Build', exact: true })).toHaveCount(0);

    // hiding the buttons is not the protection: the server refuses too
    const asViewer = await ProcessApi.signIn(request, viewer, PASSWORD);
    expect((await asViewer.createBucket(id)).status()).toBe(403);
    expect((await asViewer.uploadFile(bucketId, 'process_wrapper.py', 'INPUTS = []\n')).status()).toBe(403);
  });

  test('the repository browser says when no repository is configured', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password, '/asb/processes/search/repos');
    await expect(page.getByRole('heading', { name: 'Repository browser' })).toBeVisible();
    await expect(page.getByText('No repository configured')).toBeVisible();
  });
});
