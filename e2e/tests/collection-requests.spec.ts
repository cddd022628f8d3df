import { PASSWORD } from '../support/constants';
import { expect, signIn, test, unique } from '../support/fixtures';

/**
 * Collection requests (spec 3 §2 "Collection requests", §5, §8): a user requests a collection —
 * the identifier normalised as they leave the field — and finds it in the list; staff move its
 * status, which the requester's open page shows without a reload.
 */
test.describe('Collection requests', () => {
  test('request a collection, then see staff move its status live', async ({ page, api, browser }) => {
    const requester = unique('rita');
    const operator = unique('stella');
    await api.createUser(requester);
    await api.createUser(operator, { is_staff: true });
    await signIn(page, requester, PASSWORD, '/asb/mep/collections');
    await page.getByRole('link', { name: 'Request a collection' }).click();
    await expect(page).toHaveURL(/\/asb\/mep\/collections\/new$/);
    // nothing yet: the mandatory fields say so
    await page.getByRole('button', { name: 'Request collection' }).click();
    await expect(page.getByText('Identifier and title are mandatory fields').first()).toBeVisible();

    const name = unique('Évapotranspiration Île');
    const identifier = page.getByRole('textbox', { name: 'Identifier' });
    await identifier.fill(`  ${name}  `);
    await page.getByRole('textbox', { name: 'Title' }).click();
    const normalised = `urn:eop:MEPWPS:${name.toLowerCase().replace('é', 'e').replace('î', 'i').replace(/\s+/g, '-')}`;
    await expect(identifier).toHaveValue(normalised);
    await page.getByRole('textbox', { name: 'Title' }).fill('Evapotranspiration over Île-de-France');
    await page.getByRole('textbox', { name: 'Keywords' }).fill('evapotranspiration paris');
    const geometry = page.getByRole('textbox', { name: 'Geometry' });
    await geometry.fill('[2.2, 48.8]');
    await geometry.blur();
    await expect(page.getByText('Please insert a valid geometry in double square brackets JSON format.')).toBeVisible();
    await geometry.fill('[[2.2, 48.8], [2.5, 48.8], [2.5, 48.9], [2.2, 48.8]]');
    await page.getByRole('button', { name: 'Add an author' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Rita');
    await page.getByRole('textbox', { name: 'Email' }).fill('rita@example.org');
    await page.getByRole('button', { name: 'Request collection' }).click();

    await expect(page.getByText('Your collection request has been sent')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${requester} / Evapotranspiration over Île-de-France` })).toBeVisible();
    await expect(page.getByText(normalised, { exact: true })).toBeVisible();
    await expect(page.getByText('evapotranspiration paris MEP-WPS')).toBeVisible();
    await expect(page.getByTestId('request-payload')).toContainText('"rita@example.org"');
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    const requestUrl = page.url();

    // staff, in a browser of their own, move it on
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, operator, PASSWORD, '/asb/mep/collections');
    await staffPage.getByRole('link', { name: 'Evapotranspiration over Île-de-France' }).first().click();
    await staffPage.getByRole('combobox', { name: 'Status' }).click();
    await staffPage.getByRole('option', { name: 'Running' }).click();
    await expect(staffPage.getByText('Running', { exact: true }).first()).toBeVisible();
    await staffContext.close();

    // the requester's page, never reloaded, shows it
    expect(page.url()).toBe(requestUrl);
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
    await page.goto('/asb/mep/collections');
    const row = page.getByRole('row', { name: /Evapotranspiration over Île-de-France/ });
    await expect(row).toContainText(`request by ${requester}`);
    await expect(row).toContainText('Running');
  });

  test('a request the server refuses shows the Bad request warning for 20 s and the field it names', async ({ page, api }) => {
    const requester = unique('rhea');
    await api.createUser(requester);
    await signIn(page, requester, PASSWORD, '/asb/mep/collections/new');
    await page.getByRole('textbox', { name: 'Identifier' }).fill('long-title');
    // the form checks what the spec asks of it; a title past the server's 10 000 characters only the server refuses
    await page.getByRole('textbox', { name: 'Title' }).fill('t'.repeat(10_001));
    // the page's clock, stopped, so that the warning's 20 s pass without waiting for them
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Request collection' }).click();

    const warning = page.getByRole('alert').filter({ hasText: 'Bad request' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/title/i);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(/10.?000/);
    await expect(page).toHaveURL(/\/mep\/collections\/new$/);
    await page.clock.runFor(19_000);
    await expect(warning).toBeVisible();
    await page.clock.runFor(1_500);
    // past its 20 s: let the clock run again for the closing transition
    await page.clock.resume();
    await expect(warning).toHaveCount(0);
  });

  test("another user's request is said to be theirs, not to have gone wrong", async ({ page, api }) => {
    const created = await api.post('/knowledge/v1/collections', {
      data: { type: 'collections', attributes: { identifier: unique('staff-only'), title: 'Requested by the admin' } },
    });
    const requestId = ((await created.json()) as { data: { id: string } }).data.id;
    const reader = unique('rory');
    await api.createUser(reader);
    await signIn(page, reader);
    await page.goto(`/asb/mep/collections/${requestId}`);
    await expect(page.getByText(`Collection request #${requestId} is not yours: only its requester and staff see it.`)).toBeVisible();
    await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
  });
});
