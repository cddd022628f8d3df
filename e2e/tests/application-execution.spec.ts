import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect as baseExpect, request as requestFactory, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { productInputUrl } from '@asb/contracts';
import { ADMIN, EOPEN_URL, PASSWORD } from '../support/constants';
import { Api, signIn, test, unique } from '../support/fixtures';

// a real cwltool run of the demo application: more room than the default
const expect = baseExpect.configure({ timeout: 30_000 });

/** The demo's runnable application package (python3, numpy and rasterio of the machine; no container). */
const DEMO_CWL = path.resolve(import.meta.dirname, '../../apps/server/src/modules/demo/applications/water-bodies-demo.cwl');
const APP = 'water-bodies-demo';
const DEMO_SCENES = 'demo-scenes';
/** the demo application's s:license */
const LICENCE = 'https://spdx.org/licenses/CC-BY-4.0';

/** A screenshot of the page for a person to look at: into ASB_E2E_SHOTS_DIR when set, else the test's output. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.ASB_E2E_SHOTS_DIR;
  await page.screenshot({ path: dir ? path.join(dir, `application-execution-${name}.png`) : testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** As `username` through the real API: a collection of their own with the demo application registered by upload; answers the collection's id. */
async function registerDemoApplication(request: APIRequestContext, username: string): Promise<string> {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  const created = await request.post('/backend/v1/catalogue-collections', {
    headers,
    data: { data: { type: 'catalogue-collections', attributes: { verboseName: 'Demo apps', abstract: 'The demo application' } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const collection = ((await created.json()) as { data: { id: string } }).data.id;
  const upload = await request.post(`/backend/v1/catalogue-collections/${encodeURIComponent(collection)}/upload_cwl`, {
    headers,
    multipart: { file: { name: 'water-bodies-demo.cwl', mimeType: 'application/cwl+yaml', buffer: readFileSync(DEMO_CWL) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return collection;
}

/** The link of the first scene of the demo's catalogue collection, as the product widget's 'Select as input' fills it. */
async function demoSceneLink(request: APIRequestContext): Promise<string> {
  const items = await request.get(`/backend/catalogue/stac/collections/${DEMO_SCENES}/items?limit=1`);
  expect(items.status(), await items.text()).toBe(200);
  const [item] = ((await items.json()) as { features: { id: string }[] }).features;
  expect(item, 'the demo scenes are seeded').toBeDefined();
  return productInputUrl(DEMO_SCENES, item!.id);
}

async function newUser(api: Api, prefix: string): Promise<string> {
  const username = unique(prefix);
  await api.createUser(username);
  return username;
}

/**
 * Running an application (spec 3 §2 Execute application, Executions lists and reports; §5):
 * the demo application on the Default target with real cwltool, followed on
 * /monitoring/applications and read in its report, in real Chromium against the built portal.
 */
test.describe('Application execution', () => {
  test('execute the demo application on Default, follow it to success and read its report with the .png preview', async ({ page, api, request }, testInfo) => {
    test.setTimeout(240_000);
    const username = await newUser(api, 'runner');
    const collection = await registerDemoApplication(request, username);
    const scene = await demoSceneLink(request);
    await signIn(page, username, PASSWORD, `/asb/collections/${encodeURIComponent(collection)}/execute/${APP}`);
    await expect(page.getByRole('heading', { name: 'Execute Water bodies (demo)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /NDWI threshold/ })).toHaveValue('0');
    await expect(page.getByRole('combobox', { name: /Target Platform/ })).toHaveValue('Default');
    const execute = page.getByRole('button', { name: 'Execute' });
    // the scene is required: Execute waits for it
    await expect(execute).toBeDisabled();
    await page.getByRole('textbox', { name: 'Product link' }).fill(scene);
    await page.getByRole('textbox', { name: /NDWI threshold/ }).fill('0.1');
    await expect(execute).toBeEnabled();
    await shot(page, testInfo, 'execute');
    await execute.click();

    await expect(page).toHaveURL(/\/asb\/monitoring\/applications$/);
    await expect(page.getByRole('heading', { name: 'Application executions' })).toBeVisible();
    const row = page.locator('tr[data-execution-id]').first();
    await expect(row).toContainText('Water bodies (demo)');
    await expect(row).toContainText('Default');
    // live: the badge reaches success without a reload
    await expect(row.locator('[data-status-group]')).toHaveAttribute('data-status-group', 'success', { timeout: 180_000 });
    await expect(row.locator('[data-status-group]')).toHaveText('Success');
    await row.getByRole('button', { name: /Show inputs/ }).click();
    await expect(page.getByRole('table', { name: /^Inputs of / })).toContainText('threshold');
    await shot(page, testInfo, 'list');

    const executionId = (await row.getAttribute('data-execution-id'))!;
    await row.getByRole('link', { name: 'Execution Report' }).click();
    await expect(page).toHaveURL(new RegExp(`/asb/monitoring/applications/${executionId}/report$`));
    await expect(page.getByRole('heading', { name: 'Execution Report' })).toBeVisible();
    await expect(page.getByText('Target platform')).toBeVisible();
    const inputs = page.getByRole('table', { name: 'Inputs', exact: true });
    await expect(inputs).toContainText('threshold');
    await expect(inputs).toContainText('0.1');
    await expect(inputs).toContainText(`${DEMO_SCENES} / `);
    const outputs = page.getByRole('table', { name: 'Outputs' });
    await expect(outputs.locator('tr[data-output="water_mask"]')).toContainText('.tif');
    await expect(outputs.locator('tr[data-output="stac_catalog"]')).toBeVisible();
    // the .png output is previewed: an image that loaded
    const preview = outputs.locator('tr[data-output="preview"]').getByRole('img', { name: /^Preview of preview/ });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await shot(page, testInfo, 'report');

    // the full report of the same execution holds the task log
    await page.getByRole('link', { name: 'Full report and task log' }).click();
    await expect(page).toHaveURL(new RegExp(`/asb/executions/${executionId}/report$`));
  });

  test.describe('with the terms feature (eoepca-tcs)', () => {
    test.use({ baseURL: EOPEN_URL });

    test('Execute waits until the terms of the licence are accepted; an administrator declines them on the user page; revoking turns Execute off again', async ({
      page,
      browser,
    }, testInfo) => {
      const request = await requestFactory.newContext({ baseURL: EOPEN_URL });
      const api = await Api.signIn(request);
      const username = await newUser(api, 'terms');
      const collection = await registerDemoApplication(request, username);
      const scene = await demoSceneLink(request);
      await signIn(page, username, PASSWORD, `/asb/collections/${encodeURIComponent(collection)}/execute/${APP}`);
      await page.getByRole('textbox', { name: 'Product link' }).fill(scene);
      const terms = page.getByRole('checkbox', { name: /Terms and Conditions/ });
      const execute = page.getByRole('button', { name: 'Execute' });
      await expect(terms).not.toBeChecked();
      await expect(execute).toBeDisabled();
      await shot(page, testInfo, 'terms');

      // the box follows the server's list: it turns checked once the acceptance is saved and read again
      await terms.click();
      await expect(terms).toBeChecked();
      await expect(execute).toBeEnabled();
      // the acceptance is the server's: a reload still has it
      await page.reload();
      await expect(page.getByRole('checkbox', { name: /Terms and Conditions/ })).toBeChecked();

      // the administrator's edit-user page lists the accepted licence; Decline withdraws it
      const admin = await browser.newPage({ baseURL: EOPEN_URL });
      await signIn(admin, ADMIN.username, ADMIN.password, `/asb/admin/users/${username}`);
      const licences = admin.getByRole('table', { name: 'Accepted licences' });
      await expect(licences).toContainText(LICENCE);
      await shot(admin, testInfo, 'admin-licences');
      await licences.getByRole('button', { name: `Decline ${LICENCE}` }).click();
      await expect(admin.getByText('No licences accepted')).toBeVisible();
      await admin.close();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeChecked();

      // accepted again, then revoked by the user
      await page.getByRole('checkbox', { name: /Terms and Conditions/ }).click();
      await expect(page.getByRole('checkbox', { name: /Terms and Conditions/ })).toBeChecked();
      await page.getByRole('checkbox', { name: /Terms and Conditions/ }).click();
      await expect(page.getByRole('checkbox', { name: /Terms and Conditions/ })).not.toBeChecked();
      await page.getByRole('textbox', { name: 'Product link' }).fill(scene);
      await expect(page.getByRole('button', { name: 'Execute' })).toBeDisabled();
      await request.dispose();
    });
  });
});
