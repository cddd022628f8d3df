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
    await signIn(page, owner);

    await page.goto('/asb/workflows');
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
