import { expect as baseExpect } from '@playwright/test';
import { INVALID_DATE_RANGE } from '@asb/contracts';
import { signInDemoMember } from '../support/demo';
import { test } from '../support/fixtures';
import { ExecutePage } from '../support/pages/execute-page';
import { CatalogueBrowser } from '../support/pages/products-page';
import { ReportPage } from '../support/pages/report-page';

// the demo scenes are read, tiled and staged for real: more room than the default
const expect = baseExpect.configure({ timeout: 30_000 });
const PRODUCT_WORKFLOW = 'Product NDVI demo';
const CHOSEN = 'demo-camargue-2024-05-15';

/**
 * The catalogue (spec 1 §2 Catalogue browser, §9): a user finds the demo scenes on /products by
 * drawing a box, pages through them and previews one; then picks one as the input of the demo
 * product workflow in its execute form, runs it and finds the product in the report.
 */
test.describe('Catalogue', () => {
  test('a user draws a box on /products, pages through the scenes and previews one on the map', async ({ page, api }) => {
    await signInDemoMember(page, api, 'catalogue-user');
    const browser = new CatalogueBrowser(page);
    await browser.open();
    await expect(page.getByRole('combobox', { name: 'Collection' })).toHaveValue('Demo scenes');
    await expect(browser.searchButton).toBeDisabled();

    // the map opens on Europe at zoom 4: a box over most of it holds Antwerp and the Camargue
    await browser.drawBox([0.15, 0.1], [0.85, 0.95]);
    for (const name of ['West', 'South', 'East', 'North'] as const) await expect(browser.field(name)).toHaveValue(/^-?\d+(\.\d+)?$/);
    await browser.setMaxResults(5);
    // the start date typed as well as picked: a day that does not exist says so, and Search waits
    const start = page.getByRole('textbox', { name: 'Start date' });
    await start.fill('2020-02-30');
    await start.blur();
    await expect(page.getByText('“2020-02-30” is not a date: type it as YYYY-MM-DD.')).toBeVisible();
    await expect(browser.searchButton).toBeDisabled();
    await start.fill('2020-01-01');
    await start.blur();
    await expect(start).toHaveValue('2020-01-01');
    await browser.searchButton.click();
    await expect(browser.summary).toHaveText('Showing 1–5 of 8');
    await expect(browser.results.getByRole('row')).toHaveCount(6);
    await expect(browser.button('Previous')).toBeDisabled();

    await browser.button('Next').click();
    await expect(browser.summary).toHaveText('Showing 6–8 of 8');
    await expect(browser.results.getByRole('row')).toHaveCount(4);
    await expect(browser.button('Next')).toBeDisabled();
    await browser.button('Previous').click();
    await expect(browser.summary).toHaveText('Showing 1–5 of 8');

    const first = browser.results.getByRole('row').nth(1);
    const itemId = (await first.locator('td').nth(1).locator('p').first().textContent())!.trim();
    await first.click();
    const panel = page.getByRole('region', { name: `Product ${itemId}` });
    await expect(panel.getByRole('link', { name: /STAC item/ })).toHaveAttribute('href', `/resource-catalogue/stac/collections/demo-scenes/items/${itemId}`);
    await browser.button('Preview on a map').click();
    const preview = panel.getByTestId('map-preview');
    await expect(preview).toHaveAttribute('data-state', 'ready');
    await expect(preview).not.toHaveAttribute('data-tiles-loaded', '0');

    await panel.getByRole('combobox', { name: 'Band' }).click();
    await page.getByRole('option', { name: 'nir reflectance' }).click();
    await panel.getByText('Percentiles 2 to 98').click();
    await expect(panel.getByText(/^Stretched: band 1 from/)).toBeVisible();
    await expect(preview).toHaveAttribute('data-state', 'ready');
    await expect(preview).not.toHaveAttribute('data-tiles-loaded', '0');
  });

  test("a user selects a scene as the input of the product workflow with 'Select as input', runs it and sees the product in the report", async ({
    page,
    api,
  }) => {
    test.setTimeout(180_000);
    await signInDemoMember(page, api, 'catalogue-runner', '/asb/workflows');
    await page.getByRole('link', { name: PRODUCT_WORKFLOW }).click();
    await page.getByRole('link', { name: 'Execute' }).first().click();
    const form = new ExecutePage(page);
    // the workflow's default product shows as a product, not as its link
    await expect(page.getByTestId('chosen-product')).toContainText('demo-antwerp-2024-07-15');

    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a product from the catalogue' });
    const browser = new CatalogueBrowser(page, dialog);
    await browser.drawBox([0.15, 0.1], [0.85, 0.95]);
    await browser.searchButton.click();
    await expect(browser.summary).toHaveText('Showing 1–8 of 8');
    await browser.row(CHOSEN).getByRole('button', { name: 'Select as input' }).click();
    await expect(dialog).toBeHidden();
    const chosen = page.getByTestId('chosen-product');
    await expect(chosen.getByRole('link', { name: CHOSEN })).toBeVisible();
    await expect(chosen).toContainText('2024-05-15 10:30 · demo-scenes');

    await expect(form.executeButton).toBeEnabled();
    await form.executeButton.click();
    await expect(page).toHaveURL(/\/asb\/monitoring$/);
    const row = page.locator('tr[data-execution-id]').filter({ hasText: PRODUCT_WORKFLOW }).first();
    await row.getByRole('link', { name: 'Execution Report' }).click();

    const report = new ReportPage(page);
    await expect(report.heading).toBeVisible();
    for (const task of ['ndvi', 'threshold', 'summary']) await expect(report.graphNode(task)).toHaveAttribute('data-state', 'success', { timeout: 120_000 });
    const inputs = report.table('Inputs');
    await expect(inputs.getByRole('link', { name: CHOSEN })).toHaveAttribute('href', `/resource-catalogue/stac/collections/demo-scenes/items/${CHOSEN}`);
    await expect(inputs.getByTestId('footprint-map').locator('canvas').first()).toBeVisible();
  });

  test("a user finds scenes in the Search products tab ('Found N products') and selects one as the input", async ({ page, api }) => {
    await signInDemoMember(page, api, 'catalogue-searcher', '/asb/workflows');
    await page.getByRole('link', { name: PRODUCT_WORKFLOW }).click();
    await page.getByRole('link', { name: 'Execute' }).first().click();
    await expect(page.getByTestId('chosen-product')).toContainText('demo-antwerp-2024-07-15');

    await page.getByRole('tab', { name: 'Search products' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Search products' });
    await expect(panel.getByRole('combobox', { name: 'Collection' })).toHaveValue('Demo scenes');
    for (const [name, value] of [
      ['West', '0'],
      ['South', '40'],
      ['East', '10'],
      ['North', '52'],
    ] as const)
      await panel.getByRole('textbox', { name, exact: true }).fill(value);
    // May 2024 typed rather than walked back to in the calendar; a day that does not exist says so
    const dates = panel.getByRole('textbox', { name: 'Date range' });
    await dates.fill('2024-05-01 / 2024-05-32');
    await dates.blur();
    await expect(panel.getByText(INVALID_DATE_RANGE)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Search for products' })).toBeDisabled();
    await dates.fill('2024-05-01 / 2024-05-31');
    await dates.blur();
    await expect(panel.getByText(INVALID_DATE_RANGE)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Search for products' }).click();
    await expect(panel.getByText('Found 2 products')).toBeVisible();
    await panel.getByRole('row').filter({ hasText: CHOSEN }).getByRole('button', { name: 'Select as input' }).click();

    await expect(page.getByRole('tab', { name: 'Execute' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('chosen-product').getByRole('link', { name: CHOSEN })).toBeVisible();
  });
});
