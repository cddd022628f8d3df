import { ADMIN, E2E_PORT } from '../support/constants';
import { expect, signIn, test } from '../support/fixtures';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

test.describe('Administration > ADES Instances', () => {
  test('an admin registers the portal’s own OGC API – Processes server, refreshes it and deletes it; a URL that is not one is refused with the reason', async ({
    page,
  }) => {
    await signIn(page, ADMIN.username, ADMIN.password, '/asb/admin/ades');
    await expect(page.getByRole('heading', { name: 'ADES Instances' })).toBeVisible();
    const url = page.getByRole('textbox', { name: /ADES URL/ });
    const register = page.getByRole('button', { name: 'Register' });

    // spec 3 §5: the URL must not be empty
    await expect(register).toBeDisabled();

    // an address the outbound guard refuses (only 127.0.0.1 is allowed here): it says so, and what allows it
    await url.fill('http://127.0.0.2/ogcapi/');
    await register.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Refused by the outbound guard' }).filter({ hasText: 'ASB_OUTBOUND_ALLOW' }).first()).toBeVisible();

    // the portal's web page is not an OGC API – Processes landing page
    await url.fill(`${BASE}/asb/`);
    await register.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not JSON' }).first()).toBeVisible();

    await url.fill(`${BASE}/ogcapi/`);
    await register.click();
    const table = page.getByRole('table', { name: 'ADES instances' });
    const row = table.getByRole('row').filter({ hasText: `${BASE}/ogcapi/` });
    await expect(row).toBeVisible();
    await expect(row.getByText('Reachable', { exact: true })).toBeVisible();
    await expect(row.getByText('OGC API – Processes', { exact: true })).toBeVisible();
    // the field is emptied for the next one
    await expect(url).toHaveValue('');

    // registered once only
    await url.fill(`${BASE}/ogcapi`);
    await register.click();
    await expect(page.getByRole('alert').filter({ hasText: 'registered already' }).first()).toBeVisible();

    await expect(row.locator('td').nth(3)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await row.getByRole('button', { name: /^Refresh / }).click();
    await expect(row.getByText('Reachable', { exact: true })).toBeVisible();

    // deleting asks for the identifier
    await row.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete ADES instance' });
    await dialog.getByRole('textbox').fill(await dialog.locator('code').innerText());
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No ADES instance is registered.')).toBeVisible();
  });
});
