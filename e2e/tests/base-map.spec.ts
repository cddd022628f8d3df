import { expect } from '@playwright/test';
import { signInDemoMember } from '../support/demo';
import { landShare } from '../support/base-map';
import { test } from '../support/fixtures';
import { CatalogueBrowser } from '../support/pages/products-page';

/**
 * The base map (issue 34 §1, docs/architecture.md "The base map"): the maps draw Natural Earth's
 * land, coasts, borders and place names under their footprints, from data shipped with the app.
 */
test.describe('Base map', () => {
  test('/products opens on Europe drawn on land, its sources named', async ({ page, api }, testInfo) => {
    await signInDemoMember(page, api, 'base-map-user');
    const browser = new CatalogueBrowser(page);
    await browser.open();
    await expect(browser.map.getByText('Made with Natural Earth · places: GeoNames (CC BY 4.0)')).toBeVisible();
    // Europe at zoom 4: a good part of the view is land
    await expect.poll(() => landShare(browser.map)).toBeGreaterThan(0.2);
    await browser.map.screenshot({ path: testInfo.outputPath('products-map.png') });
  });

  test("a scene's preview lies on the land, and asks for no tile outside the scene", async ({ page, api }, testInfo) => {
    await signInDemoMember(page, api, 'base-map-preview');
    const asked = new Set<string>();
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cog/tiles/')) asked.add(request.url());
    });
    page.on('response', (response) => {
      if (!response.url().includes('/cog/tiles/')) return;
      asked.delete(response.url());
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    const browser = new CatalogueBrowser(page);
    await browser.open();
    await browser.drawBox([0.15, 0.1], [0.85, 0.95]);
    await browser.searchButton.click();
    await browser.results.getByRole('row').nth(1).click();
    await browser.button('Preview on a map').click();
    const preview = page.getByTestId('map-preview');
    await expect(preview).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(preview).not.toHaveAttribute('data-tiles-loaded', '0', { timeout: 30_000 });
    await expect(preview.getByText('Made with Natural Earth · places: GeoNames (CC BY 4.0)')).toBeVisible();
    // the scene fills most of the view; the land shows in the margin around it
    await expect.poll(() => landShare(preview)).toBeGreaterThan(0.01);
    await preview.screenshot({ path: testInfo.outputPath('preview-map.png') });
    // every tile the map asked for has answered, and none was refused
    await expect.poll(() => asked.size).toBe(0);
    expect(refused).toEqual([]);
  });

  test("the home dashboard's executions map shows the world's land", async ({ page, api }, testInfo) => {
    await signInDemoMember(page, api, 'base-map-home', '/asb/dashboards/home');
    const map = page.getByTestId('executions-map');
    await expect(map.getByText('Made with Natural Earth · places: GeoNames (CC BY 4.0)')).toBeVisible();
    await expect.poll(() => landShare(map)).toBeGreaterThan(0.05);
    await map.screenshot({ path: testInfo.outputPath('home-map.png') });
  });
});
