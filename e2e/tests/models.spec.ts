import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';

// a model execution starts a sandboxed Node process: room for a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });
const MODEL_PAGE = '/asb/collections/demo-models/model_detail/demo-land-cover';
const EXAMPLE_SCENE = '/resource-catalogue/assets/demo-models/demo-land-cover/example-scene.tif';

/**
 * Models (spec 3 §2 Model execute, Executions lists and reports; docs/models.md): a user runs the
 * demo's land-cover classifier on a scene they upload, follows it on /monitoring/models and reads
 * its report with the class map.
 */
test.describe('Models', () => {
  test('execute the demo model on an uploaded scene and read its report', async ({ page, api }) => {
    // the demo trains its model at the first start: the scene it offers exists once it did
    await expect.poll(async () => (await api.get(EXAMPLE_SCENE)).status(), { timeout: 90_000 }).toBe(200);
    const scene = await (await api.get(EXAMPLE_SCENE)).body();
    const username = unique('modeller');
    await api.createUser(username);
    await signIn(page, username);

    await page.goto(MODEL_PAGE);
    await page.getByRole('link', { name: 'Execute' }).click();
    await expect(page.getByRole('heading', { name: 'Execute Land cover classifier (demo)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Input Form' })).toBeVisible();
    await expect(page.getByText('a 4-band GeoTIFF such as its asset example-scene.tif')).toBeVisible();
    // nothing chosen yet: the form says what is missing
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.getByText('Choose a GeoTIFF or PNG file')).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'nile-delta.tif', mimeType: 'image/tiff', buffer: scene });
    await expect(page.getByText('Choose a GeoTIFF or PNG file')).toHaveCount(0);
    await page.getByRole('button', { name: 'Execute' }).click();

    await expect(page).toHaveURL(/\/asb\/monitoring\/models$/);
    await expect(page.getByRole('heading', { name: 'Model executions' })).toBeVisible();
    const row = page.getByRole('row', { name: /Land cover classifier \(demo\)/ }).first();
    await expect(row.getByText('Success')).toBeVisible({ timeout: 90_000 });
    await row.getByRole('button', { name: /Show inputs of/ }).click();
    await expect(page.getByText('nile-delta.tif')).toBeVisible();
    await row.getByRole('link', { name: 'Execution Report' }).click();

    await expect(page.getByRole('heading', { name: 'Execution Report' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Land cover classifier (demo)' })).toBeVisible();
    await expect(page.locator('[data-output="classes_share"]')).toContainText(/bare \d+\.\d %, vegetation \d+\.\d %, water \d+\.\d %/);
    // the class map with its legend, previewed; the GeoTIFF on a map
    await expect(page.getByRole('img', { name: /Preview of classes_png/ })).toBeVisible();
    await expect(page.locator('[data-output="classes_geotiff"]').getByRole('button', { name: 'Preview' })).toBeVisible();
    await expect(page.locator('[data-output="probabilities"]')).toContainText('probabilities.npy');
  });
});
