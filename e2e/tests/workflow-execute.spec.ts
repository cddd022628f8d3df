import type { APIRequestContext } from '@playwright/test';
import { PASSWORD } from '../support/constants';
import { signInDemoMember } from '../support/demo';
import { expect as baseExpect, signIn, test, unique } from '../support/fixtures';
import { ExecutePage } from '../support/pages/execute-page';
import { ProcessApi } from '../support/process-api';

// a process build runs python and the form waits on several calls: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

const INVALID_COORDINATE = 'Please define a valid coordinate value.';
const NOT_ALLOWED = 'You are not allowed to execute this workflow. Please check your credit score on the Marketplace.';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function headersOf(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  return { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
}

/** POST knowledge/v1/workflows with a first graph (docs/workflows.md). */
async function createWorkflow(request: APIRequestContext, username: string, label: string, graph?: unknown): Promise<string> {
  const response = await request.post('/knowledge/v1/workflows', {
    headers: await headersOf(request, username),
    data: { data: { type: 'workflows', attributes: { label, ...(graph ? { graph } : {}) } } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** 'D MMMM YYYY' (the calendar's day label) and 'YYYY-MM-DD' of a day of the current month. */
function dayOfThisMonth(day: number): { label: string; iso: string } {
  const now = new Date();
  const month = now.getMonth();
  return {
    label: `${day} ${MONTHS[month]} ${now.getFullYear()}`,
    iso: `${now.getFullYear()}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

test.describe('Execute workflow', () => {
  test('invalid inputs block Execute; valid values and an encrypted password execute the workflow', async ({ page, api, request }) => {
    test.setTimeout(180_000);
    const developer = unique('dev');
    const workspace = unique('team');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });

    // a released process taking one input of each kind the form knows
    const asDeveloper = await ProcessApi.signIn(request, developer, PASSWORD);
    const suffix = unique('e2e');
    const process = await asDeveloper.releaseProcess(`Locate ${suffix}`, {
      inputs: [
        { name: 'lat', data_type: 'latitude' },
        { name: 'lon', data_type: 'longitude' },
        { name: 'count', data_type: 'integer' },
        { name: 'ratio', data_type: 'float' },
        { name: 'band', data_type: 'string' },
        { name: 'period', data_type: 'date-range' },
        { name: 'token', data_type: 'password' },
        { name: 'mode', data_type: 'string' },
        { name: 'level', data_type: 'integer' },
      ],
      outputs: [{ name: 'result', data_type: 'string' }],
    });
    const label = `Locate flow ${suffix}`;
    const workflowId = await createWorkflow(request, developer, label, {
      nodes: [
        {
          id: 'n1',
          kind: 'process',
          label: 'Locate step',
          processVersion: process.identifier,
          position: { x: 0, y: 0 },
          inputs: {
            lat: { label: 'Latitude' },
            lon: { label: 'Longitude' },
            count: { label: 'Count' },
            ratio: { label: 'Ratio' },
            band: { label: 'Band', constraints: { enum: ['a', 'b'], enum_labels: ['Alpha', 'Beta'] } },
            period: { label: 'Period' },
            token: { label: 'API token' },
            mode: { label: 'Mode', userVisible: false, defaultValue: 'fast' },
            level: { label: 'Level', userEditable: false, defaultValue: '3' },
          },
        },
      ],
      edges: [],
    });

    await signIn(page, developer);
    const form = new ExecutePage(page);
    await form.open(workflowId);
    await expect(page.getByRole('heading', { name: `${developer} / ${label}` })).toBeVisible();
    await expect(page.getByText('Locate step')).toBeVisible();
    // the hidden input is not shown; the read-only one shows the workflow's value
    await expect(page.getByText('Mode', { exact: true })).toHaveCount(0);
    await expect(form.input('Level')).toBeDisabled();
    await expect(form.input('Level')).toHaveValue('3');

    // every fillable input starts empty: Execute waits for valid values
    await expect(form.invalidHint).toHaveText('7 inputs need a valid value.');
    await expect(form.executeButton).toBeDisabled();

    // each invalid value shows its message and keeps Execute disabled
    await form.input('Latitude').fill('91');
    await expect(form.error(INVALID_COORDINATE)).toBeVisible();
    await form.input('Longitude').fill('east');
    await expect(form.error(INVALID_COORDINATE)).toHaveCount(2);
    await form.input('Count').fill('4.5');
    await expect(form.error('Please enter a whole number, for example 42 or -7.')).toBeVisible();
    await form.input('Ratio').fill('0,5');
    await expect(form.error('Please enter a decimal number, for example 3.14 or -2.')).toBeVisible();
    await expect(form.executeButton).toBeDisabled();

    // valid values
    await form.input('Latitude').fill('51.2194');
    await form.input('Longitude').fill('4.4025');
    await form.input('Count').fill('12');
    await form.input('Ratio').fill('0.5');
    await expect(form.error(INVALID_COORDINATE)).toHaveCount(0);
    await form.choose('Band', 'Beta');
    const start = dayOfThisMonth(1);
    const end = dayOfThisMonth(2);
    await form.pickRange('Period', start.label, end.label);
    await expect(page.getByRole('textbox', { name: 'Period' })).toHaveValue(`${start.iso} / ${end.iso}`);
    await expect(form.invalidHint).toHaveText('1 input needs a valid value.');
    await expect(form.executeButton).toBeDisabled();

    // the password is encrypted in the browser: the preview shows the ciphertext's first 75 characters
    await form.input('API token').fill('hunter2-secret');
    await expect(form.encryptedPreview).toBeVisible();
    const preview = (await form.encryptedPreview.locator('code').textContent()) ?? '';
    expect(preview).toMatch(/^[A-Za-z0-9+/=]{75}$/);
    await expect(form.invalidHint).toHaveCount(0);
    await expect(form.executeButton).toBeEnabled();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/shots/execute.png', fullPage: true });

    const created = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/builder/v1/executions');
    await form.executeButton.click();
    const payload = (await created).postDataJSON() as { processor_id: string; inputs: { node_id: string; items: { identifier: string; value: string }[] }[] };
    expect(payload.processor_id).toBe(workflowId);
    const values = Object.fromEntries(payload.inputs[0]!.items.map((item) => [item.identifier, item.value]));
    expect(values).toMatchObject({ lat: '51.2194', lon: '4.4025', count: '12', ratio: '0.5', band: 'b', period: `${start.iso} / ${end.iso}`, level: '3' });
    expect(values).not.toHaveProperty('mode');
    expect(values.token).not.toContain('hunter2');
    expect(JSON.stringify(payload)).not.toContain('hunter2-secret');

    const notice = await form.expectNotification('successfully created or updated');
    const identifier = /(\S+) successfully created or updated/.exec((await notice.textContent()) ?? '')?.[1];
    expect(identifier).toBeTruthy();
    await expect(page).toHaveURL(/\/asb\/monitoring$/);
    await expect(page.getByText(label).first()).toBeVisible();
    await expect(page.getByText(identifier!).first()).toBeVisible();
  });

  test('an archived workflow shows the not-allowed warning and Execute stays disabled', async ({ page, api, request }) => {
    const owner = unique('owner');
    await api.createUser(owner);
    const label = `Archived flow ${unique('e2e')}`;
    const workflowId = await createWorkflow(request, owner, label);
    const archived = await request.patch(`/knowledge/v1/workflows/${workflowId}/archive`, { headers: await headersOf(request, owner) });
    expect(archived.status(), await archived.text()).toBeLessThan(300);

    await signIn(page, owner);
    const form = new ExecutePage(page);
    await form.open(workflowId);
    await expect(page.getByRole('heading', { name: `${owner} / ${label}` })).toBeVisible();
    await expect(page.getByText(NOT_ALLOWED)).toBeVisible();
    await expect(form.executeButton).toBeDisabled();
  });

  test("an unknown workflow shows 'Workflow not found'", async ({ page, api }) => {
    const user = unique('user');
    await api.createUser(user);
    await signIn(page, user);
    await new ExecutePage(page).open('999999');
    await expect(page.getByRole('heading', { name: 'Workflow not found' })).toBeVisible();
    // said in place, not reported again as a failure (docs/decisions.md: a 404 or 403 is a state of the page)
    await expect(page.getByRole('alert').filter({ hasText: 'knowledge' })).toHaveCount(0);
  });

  test('a workflow someone else saved says so on the form, linking to who changed what and when', async ({ page, api }) => {
    // the demo is the admin's, shared with the demo workspace: its member did not save it
    await signInDemoMember(page, api, 'reviewer', '/asb/workflows');
    await page.getByRole('link', { name: 'NDVI vegetation demo' }).click();
    await page.getByRole('link', { name: 'Execute' }).first().click();
    await expect(page.getByText(/^Changed by admin on \d{4}-\d{2}-\d{2} \d{2}:\d{2}: review before running$/)).toBeVisible();

    await page.getByRole('link', { name: 'See the version history' }).click();
    await expect(page).toHaveURL(/\/asb\/workflows\/\d+#versions$/);
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'admin' }).last()).toContainText('First version');
  });
});
