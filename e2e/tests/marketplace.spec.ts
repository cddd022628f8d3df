import { ADMIN, PASSWORD } from '../support/constants';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { WorkflowPage } from '../support/pages/workflow-page';
import { ResourceListPage } from '../support/resource-list-page';

// the workflow page loads the editor and several calls at once: more room on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });
const DEMO_WORKFLOW = 'NDVI vegetation demo';

/**
 * The marketplace (spec 3 §2 Marketplace, §5 Marketplace search, §7 forceUpdate): signed out, a
 * visitor finds the demo's published workflows, searches and opens one; signed in, a user
 * publishes a workflow and sees its card appear on an open marketplace page without reloading
 * it, then executes it from its card.
 */
test.describe('Marketplace', () => {
  test('signed out: the published demo workflows as cards, a search narrowing them, Details but no Execute', async ({ page }) => {
    await page.goto('/asb/marketplace');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    const card = page.getByRole('article', { name: `Workflow: ${DEMO_WORKFLOW}` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Execute' })).toHaveCount(0);

    const search = page.getByRole('search');
    await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await search.getByRole('textbox', { name: 'Search' }).fill('synthetic landscape');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('marketplace-summary')).toContainText('matching “synthetic landscape”');
    await expect(card).toBeVisible();
    await expect(page.getByRole('article', { name: 'Workflow: Product NDVI demo' })).toHaveCount(0);

    await search.getByRole('textbox', { name: 'Search' }).fill('no-such-resource-anywhere');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No resources found')).toBeVisible();
    await search.getByRole('button', { name: 'Clear the search' }).click();
    await expect(page.getByRole('article', { name: 'Workflow: Product NDVI demo' })).toBeVisible();

    await card.getByRole('link', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\/asb\/workflows\/\d+\/detail\/asb(:|%3A)workflows(:|%3A)\d+$/);
    await expect(page.getByRole('heading', { name: DEMO_WORKFLOW })).toBeVisible();
  });

  test('at 1440 px every card shows its title and publisher line whole', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/asb/marketplace');
    await expect(page.getByRole('article', { name: `Workflow: ${DEMO_WORKFLOW}` })).toBeVisible();
    const cut = await page
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.flatMap((card) =>
          [...card.querySelectorAll<HTMLElement>('[data-card-part]')]
            .filter(
              (part) =>
                part.scrollWidth > part.clientWidth ||
                part.scrollHeight > part.clientHeight ||
                part.getBoundingClientRect().right > card.getBoundingClientRect().right,
            )
            .map((part) => `${card.getAttribute('aria-label')}: ${part.dataset.cardPart}`),
        ),
      );
    expect(await page.getByRole('article').count()).toBeGreaterThan(1);
    expect(cut).toEqual([]);
  });

  test('signed in: a workflow published on its page appears on an open marketplace without reload, and Execute on its card opens its form', async ({
    page,
    api,
    context,
  }) => {
    test.setTimeout(120_000);
    const owner = unique('publisher');
    const team = unique('team');
    const label = `Flood extent ${unique('mk')}`;
    await api.createUser(owner);
    await api.createWorkspace(team);
    await api.setRoles(owner, { [team]: ['developer'] });
    await signIn(page, owner, PASSWORD, '/asb/workflows');
    await page.getByRole('button', { name: 'New workflow' }).click();
    const create = page.getByRole('dialog', { name: 'New workflow' });
    await create.getByLabel('Name').fill(label);
    await create.getByRole('button', { name: 'Create' }).click();
    await new ResourceListPage(page, 'workflows').expectNotification('successfully created');
    const workflow = new WorkflowPage(page);
    await expect(workflow.heading(`${owner} / ${label}`)).toBeVisible();
    const id = workflow.idFromUrl();

    // the marketplace, open in another tab, searching for it: nothing yet
    const marketplace = await context.newPage();
    await marketplace.goto('/asb/marketplace');
    const search = marketplace.getByRole('search');
    await search.getByRole('textbox', { name: 'Search' }).fill(label);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(marketplace.getByText('No resources found')).toBeVisible();

    await workflow.publishWith('Maps flooded areas from radar scenes.', 'https://example.org/flood.png');
    await expect(workflow.unpublish).toBeVisible();

    // forceUpdate: the open page reads again by itself
    const card = marketplace.getByRole('article', { name: `Workflow: ${label}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Maps flooded areas from radar scenes.')).toBeVisible();
    await card.getByRole('link', { name: 'Execute' }).click();
    await expect(marketplace).toHaveURL(new RegExp(`/asb/workflows/${id}/execute$`));
  });
});

/** A public STAC collection, as its owner writes it through the STAC transactions. */
const publicCollection = (id: string, title: string) => ({
  type: 'Collection',
  stac_version: '1.0.0',
  id,
  title,
  description: `${title} of an e2e publisher`,
  license: 'CC-BY-4.0',
  extent: { spatial: { bbox: [[-180, -90, 180, 90]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
  links: [],
  'asb:public': true,
});

test.describe('Marketplace models and datasets', () => {
  test('signed out: filter the marketplace to models, open a model, read its public tabs; a signed-in developer sees more', async ({ page, api }) => {
    // a publisher's public collection with a model and a dataset, written through the STAC transactions
    const collection = `${unique('esa')}:models`;
    const title = `Land cover classifier ${unique('m')}`;
    await api.post('/backend/catalogue/stac/collections', publicCollection(collection, 'Published models'));
    const item = (id: string, properties: Record<string, unknown>) => ({
      type: 'Feature',
      stac_version: '1.0.0',
      id,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [4, 51],
            [5, 51],
            [5, 52],
            [4, 52],
            [4, 51],
          ],
        ],
      },
      bbox: [4, 51, 5, 52],
      properties: { datetime: '2025-03-01T00:00:00Z', ...properties },
      links: [],
      assets: {},
    });
    await api.post(
      `/backend/catalogue/stac/collections/${encodeURIComponent(collection)}/items`,
      item('landcover', {
        type: 'model',
        // published as the owner's Publish to Marketplace leaves it (the next test clicks it)
        'asb:published': true,
        name: title,
        description: 'Classifies each pixel as water, vegetation or bare soil.',
        keywords: ['land cover', 'softwareVersion:2.1', 'FILTER:input-type:image'],
        provenance: { level: 'L2A', software: 'sen2cor' },
        'mlm:architecture': 'Thresholds',
        'dlm:inputs': [{ name: 'scene', label: 'Scene', type: 'tensor', 'tensor-spec': { dtype: 'float32', shape: [-1, 4, 64, 64] } }],
        'dlm:outputs': [{ id: 'classes', label: 'Classes', type: 'tensor', 'tensor-spec': { dtype: 'uint8', shape: [-1, 64, 64] } }],
        contacts: [{ name: 'Ada Lovelace', organization: 'ESA', emails: [{ value: 'ada@example.org' }] }],
      }),
    );
    await api.post(
      `/backend/catalogue/stac/collections/${encodeURIComponent(collection)}/items`,
      item('chips', { type: 'dataset', 'asb:published': true, title: `Training chips ${unique('d')}` }),
    );

    await page.goto('/asb/marketplace');
    await page.getByRole('checkbox', { name: 'Model', exact: true }).check();
    const card = page.getByRole('article', { name: `Model: ${title}` });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article', { name: /^Workflow: / })).toHaveCount(0);
    await expect(page.getByRole('article', { name: /^Dataset: / })).toHaveCount(0);
    await expect(card.getByText('v 2.1')).toBeVisible();

    await card.getByRole('link', { name: 'Details' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Properties', 'Signature', 'Themes', 'Contacts', 'Links', 'Assets']);
    // fields as a table, a nested object as one of its own; the keywords as tags without the marketplace's conventions
    const properties = page.getByRole('table', { name: 'Properties' });
    await expect(properties.getByRole('row', { name: /^keywords/ })).toHaveText('keywordsland cover');
    await expect(properties.getByRole('table', { name: 'provenance' }).getByRole('row', { name: /^level/ })).toHaveText('levelL2A');
    await expect(properties).not.toContainText('{');
    await page.getByRole('tab', { name: 'Signature' }).click();
    await expect(page.getByRole('table', { name: 'Inputs' })).toContainText('[-1, 4, 64, 64]');
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expect(page.getByRole('link', { name: 'ada@example.org' })).toBeVisible();
    const url = page.url();

    // a developer of a workspace: the developer tabs too
    const developer = unique('dev');
    const team = unique('team');
    await api.createUser(developer);
    await api.createWorkspace(team);
    await api.setRoles(developer, { [team]: ['developer'] });
    await signIn(page, developer, PASSWORD, url);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Properties',
      'Signature',
      'Training Details',
      'Themes',
      'Contacts',
      'Links',
      'Assets',
      'Extensions',
      'Model as a Service',
      'Raw JSON',
    ]);
    await page.getByRole('tab', { name: 'Extensions' }).click();
    await expect(page.getByRole('region', { name: 'Extension mlm' })).toContainText('Thresholds');
    await page.getByRole('tab', { name: 'Model as a Service' }).click();
    await expect(page.getByText('This model cannot be deployed as a service.').first()).toBeVisible();
  });

  test('the owner publishes a model from its page: its card appears on an open marketplace without reload, and goes when withdrawn', async ({
    page,
    api,
    context,
  }) => {
    test.setTimeout(120_000);
    const collection = `${unique('owner')}:models`;
    const title = `Glacier outline model ${unique('g')}`;
    await api.post('/backend/catalogue/stac/collections', publicCollection(collection, 'My models'));
    await api.post(`/backend/catalogue/stac/collections/${encodeURIComponent(collection)}/items`, {
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'glaciers',
      geometry: null,
      properties: { datetime: '2025-03-01T00:00:00Z', type: 'model', title, description: 'Outlines glaciers in optical scenes.' },
      links: [],
      assets: {},
    });
    // the collection's owner (the admin wrote it)
    await signIn(page, ADMIN.username, ADMIN.password);
    const marketplace = await context.newPage();
    await marketplace.goto('/asb/marketplace');
    const search = marketplace.getByRole('search');
    await search.getByRole('textbox', { name: 'Search' }).fill(title);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(marketplace.getByText('No resources found')).toBeVisible();

    await page.goto(`/asb/collections/${encodeURIComponent(collection)}/model_detail/glaciers`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Publish to Marketplace' }).click();
    await expect(page.getByText('On the Marketplace')).toBeVisible();
    const card = marketplace.getByRole('article', { name: `Model: ${title}` });
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByRole('button', { name: 'Publish to Marketplace' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(marketplace.getByText('No resources found')).toBeVisible();
  });

  test('signed in: a model card offers Execute only when the model has an ONNX file to run, as its page does', async ({ page, api }) => {
    const demoModels = `${ADMIN.username}:demo-models`;
    // the demo trains its model at the first start: its ONNX file exists once it did
    const onnx = `/resource-catalogue/assets/${encodeURIComponent(demoModels)}/demo-land-cover/model.onnx`;
    await expect.poll(async () => (await api.get(onnx)).status(), { timeout: 90_000 }).toBe(200);
    const collection = `${unique('sketcher')}:models`;
    const title = `Moraine sketch ${unique('s')}`;
    await api.post('/backend/catalogue/stac/collections', publicCollection(collection, 'Sketches'));
    await api.post(`/backend/catalogue/stac/collections/${encodeURIComponent(collection)}/items`, {
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'sketch',
      geometry: null,
      properties: { datetime: '2025-03-01T00:00:00Z', type: 'model', 'asb:published': true, title },
      links: [],
      assets: {},
    });
    const shopper = unique('shopper');
    await api.createUser(shopper);
    await signIn(page, shopper, PASSWORD, '/asb/marketplace');
    const search = page.getByRole('search');
    const find = async (words: string) => {
      await search.getByRole('textbox', { name: 'Search' }).fill(words);
      await search.getByRole('button', { name: 'Search', exact: true }).click();
    };

    await find(title);
    const sketch = page.getByRole('article', { name: `Model: ${title}` });
    await expect(sketch.getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(sketch.getByRole('link', { name: 'Execute' })).toHaveCount(0);

    await find('land cover classifier demo');
    const demo = page.getByRole('article', { name: 'Model: Land cover classifier (demo)' });
    await expect(demo.getByRole('link', { name: 'Execute' })).toHaveAttribute(
      'href',
      `/asb/collections/${encodeURIComponent(demoModels)}/model_execute/demo-land-cover`,
    );
    // its publisher is the admin, whose name prefixes the collection
    await expect(demo.locator('[data-card-part="publisher"]')).toHaveText(new RegExp(`^${ADMIN.username} · `));
  });
});
