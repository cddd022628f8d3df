import { ADMIN, PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique, type Api } from '../support/fixtures';

// a model execution starts a sandboxed Node process: room for a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });
// the demo's collections are named after their publisher, the admin (spec 3 §3; docs/seed-data.md)
const DEMO_MODELS = `${ADMIN.username}:demo-models`;
const DEMO_DATASETS = `${ADMIN.username}:demo-training-data`;
const MODEL_PAGE = `/asb/collections/${encodeURIComponent(DEMO_MODELS)}/model_detail/demo-land-cover`;
const EXAMPLE_SCENE = `/resource-catalogue/assets/${encodeURIComponent(DEMO_MODELS)}/demo-land-cover/example-scene.tif`;
const DATASET_PAGE = `/asb/collections/${encodeURIComponent(DEMO_DATASETS)}/dataset_detail/demo-antwerp-chips`;

/** A model item of the admin's collection `collection`, with `assets`, written through the STAC transactions. */
async function writeModel(api: Api, collection: string, id: string, title: string, assets: Record<string, unknown>): Promise<void> {
  await api.post(`/backend/catalogue/stac/collections/${encodeURIComponent(collection)}/items`, {
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: null,
    properties: { datetime: '2025-03-01T00:00:00Z', type: 'model', title },
    links: [],
    assets,
  });
}

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
    await signIn(page, username, PASSWORD, MODEL_PAGE);
    // the publisher, then the collection: not the collection's id twice
    await expect(page.getByText(`${ADMIN.username} · ${DEMO_MODELS}`, { exact: true })).toBeVisible();
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

  test('start the demo model as a service, see it available on /resources, stop it there', async ({ page, api }) => {
    await expect.poll(async () => (await api.get(EXAMPLE_SCENE)).status(), { timeout: 90_000 }).toBe(200);
    const username = unique('servant');
    await api.createUser(username);
    await signIn(page, username, PASSWORD, MODEL_PAGE);
    await page.getByRole('button', { name: 'Service not started' }).click();
    // deploying, polled every 5 s, until it runs
    await expect(page.getByRole('button', { name: 'Model is running as a Service' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Model as a Service' }).click();
    const inferUrl = page.getByRole('tabpanel').getByText(/\/backend\/catalogue\/stac\/maas\/\d+\/v2\/models\/land-cover-classifier\/infer$/);
    await expect(inferUrl).toBeVisible();

    await page.goto('/asb/resources');
    await expect(page.getByRole('heading', { name: 'Resources Usage' })).toBeVisible();
    await page.getByRole('tab', { name: 'Models as Services' }).click();
    const running = page.getByRole('table', { name: 'Running services' });
    const row = running.getByRole('row', { name: /Land cover classifier \(demo\)/ });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^maas-\d+$/)).toBeVisible();
    await expect(row.getByRole('link', { name: /Open endpoint/ })).toHaveAttribute('target', '_blank');
    await row.getByRole('button', { name: 'Stop the Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop Land cover classifier (demo) Service?' });
    await expect(dialog).toContainText('Please confirm (or click outside this dialog to cancel)');
    await dialog.getByRole('button', { name: 'Stop the Service' }).click();
    await expect(running.getByText('No model runs as a service.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Services history' }).getByRole('row', { name: /Land cover classifier \(demo\)/ })).toBeVisible();

    // the model page says so too
    await page.goto(MODEL_PAGE);
    await expect(page.getByRole('button', { name: 'Service not started' })).toBeVisible();
  });

  test('a developer orders the demo training dataset: its files land in their datastore, listed on the page and on /resources', async ({ page, api }) => {
    await expect.poll(async () => (await api.get(EXAMPLE_SCENE)).status(), { timeout: 90_000 }).toBe(200);
    const username = unique('trainer');
    await api.createUser(username);
    await api.setRoles(username, { demo: ['developer'] });
    await signIn(page, username, PASSWORD, DATASET_PAGE);
    await page.getByRole('tab', { name: 'Dataset Usage' }).click();
    await expect(page.getByText('You have not ordered this dataset yet.')).toBeVisible();
    // while the order is on its way the button says so, its label whole (held here until looked at)
    let release!: () => void;
    const looked = new Promise<void>((resolve) => (release = resolve));
    const order = (url: URL) => url.pathname.endsWith('/datasets/demo-antwerp-chips/order');
    await page.route(order, async (route) => {
      await looked;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Order this dataset' }).click();
    const ordering = page.getByRole('button', { name: 'Ordering this dataset…' });
    await expect(ordering).toBeDisabled();
    const fits = await ordering.evaluate((button) => {
      const label = button.querySelector<HTMLElement>('.mantine-Button-label')!;
      const [outer, inner] = [button.getBoundingClientRect(), label.getBoundingClientRect()];
      return label.scrollWidth <= label.clientWidth && inner.top >= outer.top && inner.bottom <= outer.bottom && getComputedStyle(label).opacity === '1';
    });
    expect(fits).toBe(true);
    release();
    await expect(page.getByText(/its files go to \/ordered_datasets\/admin\/demo-antwerp-chips\/2024\//)).toBeVisible();
    const files = page.getByRole('table', { name: /Files of the order of/ });
    await expect(files.getByRole('link', { name: '2024-07-15-nir.tif' })).toBeVisible();
    await expect(files.getByRole('row')).toHaveCount(16);
    await expect(page.getByText(/\/ordered_datasets\/admin\/demo-antwerp-chips\/2024\//).first()).toBeVisible();

    await page.goto('/asb/resources');
    await page.getByRole('tab', { name: 'Ordered Datasets' }).click();
    const row = page.getByRole('table', { name: 'Ordered datasets' }).getByRole('row', { name: /Antwerp scenes through a season \(demo\)/ });
    await expect(row).toContainText('CC0-1.0');
    await row.getByRole('link', { name: 'Dataset Details' }).click();
    await expect(page).toHaveURL(/\/asb\/collections\/admin(:|%3A)demo-training-data\/dataset_detail\/demo-antwerp-chips$/);
  });

  test('a model without an ONNX file offers neither a service nor Execute; a service in error is history on /resources, not running', async ({ page, api }) => {
    const collection = `${ADMIN.username}:${unique('models')}`;
    await api.post('/backend/catalogue/stac/collections', {
      type: 'Collection',
      stac_version: '1.0.0',
      id: collection,
      description: 'Models of the admin',
      license: 'CC0-1.0',
      extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
      links: [],
    });
    await writeModel(api, collection, 'idea', 'Model idea', {});
    // its ONNX asset names a file that is not there: the service ends in error
    const file = `/resource-catalogue/assets/${encodeURIComponent(collection)}/torn/model.onnx`;
    await writeModel(api, collection, 'torn', 'Torn model', { model: { href: file, roles: ['mlm:model'] } });
    await signIn(page, ADMIN.username, ADMIN.password, `/asb/collections/${encodeURIComponent(collection)}/model_detail/idea`);
    await expect(page.getByRole('heading', { name: 'Model idea' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Properties' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Service not started' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Execute' })).toHaveCount(0);

    await page.goto(`/asb/collections/${encodeURIComponent(collection)}/model_detail/torn`);
    await page.getByRole('button', { name: 'Service not started' }).click();
    await expect(page.getByRole('button', { name: 'Service error' })).toBeVisible();
    await page.goto('/asb/resources');
    await page.getByRole('tab', { name: 'Models as Services' }).click();
    const history = page.getByRole('table', { name: 'Services history' }).getByRole('row', { name: /Torn model/ });
    await expect(history).toBeVisible();
    await expect(history.getByText('Error', { exact: true })).toBeVisible();
    // red as every failed state, not a grey badge
    await expect(history.locator('[data-status-group]')).toHaveAttribute('data-status-group', 'failed');
    await expect(page.getByRole('table', { name: 'Running services' }).getByRole('row', { name: /Torn model/ })).toHaveCount(0);
  });
});
