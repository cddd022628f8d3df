import { expect as baseExpect } from '@playwright/test';
import { executeDemo, signInDemoMember } from '../support/demo';
import { test, unique } from '../support/fixtures';

// the demo's processes make real GeoTIFFs and the map reads them through the tile service
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * Dashboards (spec 2 §2 "Dashboards", §5, §8, §9; docs/dashboards.md): a user creates a dashboard,
 * adds a COG map of a demo output and an executions chart in edit mode, saves, reloads and sees it
 * as saved; a change discarded after the spec's question is gone.
 */
test.describe('Dashboards', () => {
  test('build a dashboard with a COG map of a demo output and an executions chart, reload and see it as saved', async ({ page, api, browser }) => {
    test.setTimeout(240_000);
    await signInDemoMember(page, api, 'board');
    await executeDemo(page);
    const row = page.locator('tr[data-execution-id]').filter({ hasText: 'NDVI vegetation demo' }).first();
    await expect(row.locator('[data-status-group]')).toHaveText('Success', { timeout: 150_000 });

    // their home shows this run, their latest, with a way to its report
    const executionId = await row.getAttribute('data-execution-id');
    await page.goto('/asb/home');
    const latest = page.getByRole('region', { name: 'Your latest execution' });
    await expect(latest).toContainText('NDVI vegetation demo');
    await expect(latest.locator('[data-status-group]')).toHaveText('Success');
    await expect(latest.getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', `/asb/executions/${executionId}/report`);

    // create it from the list: the notice, the form closed, the new row
    const name = `Vegetation watch ${unique('d')}`;
    await page.goto('/asb/dashboards');
    await page.getByRole('button', { name: 'New dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('NDVI of the demo scene');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Dashboard ${name} successfully created`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('This dashboard has no components yet.')).toBeVisible();

    // edit mode: a COG map of the demo's NDVI output, and an executions chart
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.getByRole('menuitem', { name: 'COG map' }).click();
    await page.getByRole('button', { name: 'Settings of COG map' }).click();
    const settings = page.getByRole('dialog', { name: 'COG map settings' });
    await settings.getByRole('combobox', { name: 'GeoTIFF output' }).click();
    await page
      .getByRole('option', { name: /ndvi\.ndvi$/ })
      .first()
      .click();
    await settings.getByRole('textbox', { name: 'Title' }).fill('NDVI map');
    await settings.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.getByRole('menuitem', { name: 'Executions chart' }).click();
    await page.screenshot({ path: '/tmp/shots/dashboard-editing.png', fullPage: true });
    await page.getByRole('button', { name: 'Save dashboard' }).click();
    await expect(page.getByText(`Dashboard ${name} saved`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit dashboard' })).toBeVisible();

    // as saved, after a reload: the map drew the raster's tiles, the chart counts the run
    await page.reload();
    const map = page.locator('[data-component="cog-map"]');
    await expect(map.getByText('NDVI map')).toBeVisible();
    await expect(map.getByTestId('map-preview')).toHaveAttribute('data-state', 'ready');
    await expect.poll(async () => Number(await map.getByTestId('map-preview').getAttribute('data-tiles-loaded'))).toBeGreaterThan(0);
    await expect(map.getByText(/Stretched: band 1 from/)).toBeVisible();
    const chart = page.getByTestId('executions-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-total'))).toBeGreaterThanOrEqual(1);
    await expect(chart.locator('svg')).toContainText('Success');
    await page.screenshot({ path: '/tmp/shots/dashboard.png', fullPage: true });

    // a change discarded after the question is gone
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.getByRole('menuitem', { name: 'Description' }).click();
    await expect(page.locator('[data-component="description"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Are you sure ? This will discard any changes you made to this dashboard')).toBeVisible();
    await page.getByRole('dialog', { name: 'Discard changes' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page.locator('[data-component="description"]')).toHaveCount(0);
    await expect(page.locator('[data-component]')).toHaveCount(2);

    // made public by its owner: readable signed out, read-only, the executions left to their owner
    await page.getByRole('switch', { name: /Public/ }).click();
    await expect(page.getByRole('switch', { name: /Public/ })).toBeChecked();
    const visitor = await browser.newPage();
    await visitor.goto(page.url());
    await expect(visitor.getByRole('heading', { name })).toBeVisible();
    await expect(visitor.getByText('Sign in to see your executions.')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Edit dashboard' })).toHaveCount(0);
    await visitor.close();
  });

  test("the home dashboard keeps every page's centred layout, and its welcome says what runs, what failed and what is new", async ({ page, api }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInDemoMember(page, api, 'home-board', '/asb/dashboards');
    const listLeft = (await page.getByRole('heading', { name: 'Dashboards', level: 2 }).boundingBox())!.x;

    await page.goto('/asb/dashboards/home');
    const welcome = page.getByTestId('information-panel');
    await expect(welcome.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect((await page.getByRole('heading', { name: 'Home', level: 2 }).boundingBox())!.x).toBeCloseTo(listLeft, 0);

    // read from the API: a new member has run nothing; the demo has published its workflows
    await expect(welcome.getByRole('group', { name: 'Running now' })).toContainText(/Nothing|\d+ executions?/);
    await expect(welcome.getByRole('group', { name: 'Failed in the last 14 days' })).toContainText(/None|\d+ executions?/);
    const newest = welcome.getByRole('group', { name: 'Newest on the Marketplace' });
    await expect(newest.getByRole('link', { name: /^By .+ · \d+ resources? published$/ })).toBeVisible();
  });
});
