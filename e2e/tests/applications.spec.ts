import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { ADMIN, PASSWORD } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';
import { CollectionPage, VALIDATION_LIMIT_MS } from '../support/pages/collection-page';
import { ResourceListPage } from '../support/resource-list-page';
import { testdata } from '../../apps/server/test/helpers/testdata';

/** The water-bodies application package of the shared test data, read in place. */
const WATER_BODIES = testdata('cwl', 'eoap-water-bodies', 'cwl-workflow', 'app-water-body.cwl');
const APP = 'water-bodies';
const TITLE = 'Water body detection based on NDWI and the otsu threshold';

/** A screenshot of the page for a person to look at: into ASB_E2E_SHOTS_DIR when set, else the test's output. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.ASB_E2E_SHOTS_DIR;
  await page.screenshot({ path: dir ? path.join(dir, `applications-${name}.png`) : testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A new user, signed in, with a collection created on /collections (its page open); answers the collection's id. */
async function newCollection(page: Page, api: { createUser(username: string): Promise<void> }, prefix: string) {
  const username = unique(prefix);
  await api.createUser(username);
  await signIn(page, username, PASSWORD, '/asb/collections');
  await expect(page.getByRole('heading', { name: 'Catalogue Collections' })).toBeVisible();
  await page.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New catalogue collection' });
  await dialog.getByLabel('Name').fill('Water apps');
  await dialog.getByLabel('Description').fill('Applications that find water');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const id = `${username}:water-apps`;
  await expect(page).toHaveURL(new RegExp(`/asb/collections/${encodeURIComponent(id)}$`));
  await expect(page.getByRole('heading', { name: `${username} / Water apps` })).toBeVisible();
  await expect(page.getByText('Applications that find water')).toBeVisible();
  return { username, id };
}

/**
 * Catalogue collections and applications (spec 3 §2 Catalogue collection list and detail,
 * Application detail; §4 upload steps and publication): in real Chromium against the built portal.
 */
test.describe('Applications', () => {
  test('create a collection, register the water-bodies application by upload, read, edit, publish, unpublish, download and delete it', async ({
    page,
    api,
  }, testInfo) => {
    // the upload's validation by cwltool (VALIDATION_LIMIT_MS) and some thirty steps through the pages
    test.setTimeout(VALIDATION_LIMIT_MS + 90_000);
    const { username, id } = await newCollection(page, api, 'apps');
    const collection = new CollectionPage(page);
    await expect(page.getByText('There are no applications registered in this collection yet')).toBeVisible();

    // the upload's steps reach registered
    await collection.upload(WATER_BODIES);
    await collection.expectRegistered();
    await expect(collection.progressBar).toHaveAttribute('data-phase', 'registered');
    await shot(page, testInfo, 'upload-registered');
    await collection.closeDialog();
    await expect(collection.row(APP)).toContainText(TITLE);
    await expect(collection.row(APP)).toContainText('1.0.0');
    await expect(collection.row(APP)).toContainText('private');
    await collection
      .row(APP)
      .getByRole('button', { name: `Info on ${APP}` })
      .click();
    await expect(page.getByText('Water bodies detection based on NDWI and otsu threshold applied')).toBeVisible();
    await shot(page, testInfo, 'collection');

    // the detail page: inputs and outputs
    await collection
      .row(APP)
      .getByRole('link', { name: `Details of ${APP}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/asb/collections/${encodeURIComponent(id)}/detail/${APP}$`));
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    const inputs = page.getByRole('table', { name: 'Inputs' });
    await expect(inputs.locator('tr[data-input="aoi"]')).toContainText('area of interest');
    await expect(inputs.locator('tr[data-input="epsg"]')).toContainText('EPSG:4326');
    await expect(inputs.locator('tr[data-input="bands"]')).toContainText('string[]');
    await expect(inputs.locator('tr[data-input="item"]')).toContainText('Directory');
    await expect(page.getByRole('table', { name: 'Outputs' }).locator('tr[data-output="stac_catalog"]')).toContainText('Directory');
    await expect(page.getByRole('link', { name: 'Execute' })).toHaveAttribute('href', `/asb/collections/${encodeURIComponent(id)}/execute/${APP}`);
    await shot(page, testInfo, 'detail');

    // Properties: edit and save, then edit and discard
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Author name' }).fill('Jane Doe');
    await page.getByRole('textbox', { name: 'Licence URL' }).fill('not a licence');
    await expect(page.getByText('You have not specified Terms & Conditions (licence) for this application.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'Licence URL' }).fill('https://spdx.org/licenses/CC-BY-4.0.html');
    await page.getByPlaceholder('Add keywords').fill('water; ndwi, otsu,');
    await shot(page, testInfo, 'properties-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Application info updated' })).toBeVisible();
    const properties = page.getByRole('table', { name: 'Properties' });
    await expect(properties).toContainText('Jane Doe');
    for (const keyword of ['water', 'ndwi', 'otsu']) await expect(properties.getByText(keyword, { exact: true })).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Properties' }).click();
    await expect(page.getByRole('table', { name: 'Properties' })).toContainText('Jane Doe');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Author name' }).fill('Somebody else');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('table', { name: 'Properties' })).toContainText('Jane Doe');
    await expect(page.getByRole('table', { name: 'Properties' })).not.toContainText('Somebody else');

    // the CWL tab: highlighted, downloadable
    await page.getByRole('tab', { name: 'CWL' }).click();
    await expect(page.getByLabel('CWL document')).toContainText('cwlVersion: v1.2');
    await shot(page, testInfo, 'cwl');
    const [cwlFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(cwlFile.suggestedFilename()).toBe(`${APP}.cwl`);
    expect(readFileSync(await cwlFile.path(), 'utf8')).toBe(readFileSync(WATER_BODIES, 'utf8'));

    // publish: into {username}:published, public; then cancel publishing back into the collection
    await page.getByRole('button', { name: 'Publish to Marketplace' }).click();
    const published = `${username}:published`;
    await expect(page).toHaveURL(new RegExp(`/asb/collections/${encodeURIComponent(published)}/detail/${APP}$`));
    await expect(page.locator('[data-publication="published"]')).toBeVisible();
    await shot(page, testInfo, 'published');
    await page.getByRole('button', { name: 'Cancel publishing' }).click();
    const move = page.getByRole('dialog', { name: 'Cancel publishing' });
    await move.getByRole('combobox', { name: 'Target collection' }).click();
    await page.getByRole('option', { name: `${username} / Water apps` }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(page).toHaveURL(new RegExp(`/asb/collections/${encodeURIComponent(id)}/detail/${APP}$`));
    await expect(page.locator('[data-publication="private"]')).toBeVisible();

    // back on the collection: Download CWL from the menu, then Delete
    await page.goto(`/asb/collections/${encodeURIComponent(id)}`);
    const [menuFile] = await Promise.all([page.waitForEvent('download'), collection.rowAction(APP, 'Download CWL')]);
    expect(menuFile.suggestedFilename()).toBe(`${APP}.cwl`);
    await collection.rowAction(APP, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete application' });
    await confirm.getByRole('textbox').fill(APP);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Successfully deleted application' })).toBeVisible();
    await expect(page.getByText('There are no applications registered in this collection yet')).toBeVisible();
  });

  test("a signed-out reader of the demo's public collection sees its application without a 'private' badge; its owner sees it", async ({ page, request }) => {
    // the demo registers it after the start, through cwltool: wait for it as a reader would by reloading
    const listing = '/backend/v1/catalogue-collections/admin%3Ademo-applications/applications';
    await expect.poll(async () => (await request.get(listing)).text(), { timeout: 60_000 }).toContain('"identifier":"water-bodies-demo"');
    const detail = '/asb/collections/admin%3Ademo-applications/detail/water-bodies-demo';
    await page.goto(detail);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Properties' })).toBeVisible();
    await expect(page.locator('[data-publication]')).toHaveCount(0);
    await expect(page.getByText('private', { exact: true })).toHaveCount(0);

    await signIn(page, ADMIN.username, ADMIN.password, detail);
    await expect(page.locator('[data-publication="private"]')).toBeVisible();
  });

  test('a refused upload shows a full red bar with the reason; a file that is not CWL is refused before sending', async ({ page, api }, testInfo) => {
    await newCollection(page, api, 'refused');
    const collection = new CollectionPage(page);
    await collection.upload({ name: 'notes.yaml', mimeType: 'application/yaml', buffer: Buffer.from('title: shopping list\nitems: [milk, bread]\n') });
    await expect(collection.progressBar).toHaveAttribute('data-phase', 'failed');
    await expect(collection.registerDialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const reason = collection.registerDialog.getByRole('alert').filter({ hasText: 'The application was not registered' });
    await expect(reason).toBeVisible();
    expect((await reason.textContent())!.replace('The application was not registered', '').trim()).not.toBe('');
    await shot(page, testInfo, 'upload-refused');

    await collection.registerDialog.getByLabel('CWL file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(collection.registerDialog.getByText('photo.png is not a CWL file')).toBeVisible();
    await expect(collection.registerDialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await collection.closeDialog();
    await expect(page.getByText('There are no applications registered in this collection yet')).toBeVisible();
  });

  test('the collection list: filters, the application search grouped by collection, the delete dialog counting applications', async ({
    page,
    api,
  }, testInfo) => {
    // the upload's validation by cwltool (VALIDATION_LIMIT_MS), then the list and the search
    test.setTimeout(VALIDATION_LIMIT_MS + 60_000);
    const { username, id } = await newCollection(page, api, 'search');
    const collection = new CollectionPage(page);
    await collection.upload(WATER_BODIES);
    await collection.expectRegistered();
    await collection.closeDialog();

    const list = new ResourceListPage(page, 'catalogue collections');
    await page.goto('/asb/collections');
    await list.chooseFilter('Owned by me');
    await expect(page.getByRole('link', { name: `${username} / Water apps` })).toBeVisible();
    await shot(page, testInfo, 'collections');

    await page.getByRole('button', { name: 'Search for Applications' }).click();
    const search = page.getByRole('dialog', { name: 'Search for Applications' });
    await expect(search.getByText('Please enter a search query and press search.')).toBeVisible();
    await search.getByLabel('Query').fill('no such application anywhere');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('No applications matching query found.')).toBeVisible();
    await search.getByLabel('Query').fill('otsu');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByRole('link', { name: `${username} / Water apps` })).toBeVisible();
    await expect(search.getByRole('link', { name: TITLE })).toBeVisible();
    await shot(page, testInfo, 'search');
    await page.keyboard.press('Escape');

    await list.rowAction(id, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete catalogue collection' });
    await expect(confirm).toContainText('It holds 1 application, deleted with it.');
    await confirm.getByRole('textbox').fill(id);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: `${username} / Water apps` })).toHaveCount(0);
  });
});
