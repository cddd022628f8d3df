import { expect as baseExpect, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from '../support/constants';
import { signIn, test, unique } from '../support/fixtures';
import { ProcessApi } from '../support/process-api';

// releasing the process builds it: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 20_000 });

interface Created {
  data: { id: string; attributes: { identifier: string; status: string } };
}

/** Seeds a workflow and an execution of it through the real API, as one user. */
async function seedExecution(request: APIRequestContext, username: string, label: string) {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  const processes = await ProcessApi.signIn(request, username, PASSWORD);
  const { identifier } = await processes.releaseProcess(`Threshold ${unique('p')}`, {
    inputs: [{ name: 'threshold', data_type: 'float', default: 0.5 }],
    outputs: [{ name: 'mask', data_type: 'string' }],
  });

  // one node whose only input has a default: nothing to fill in to execute it
  const graph = { nodes: [{ id: 'mask', kind: 'process', processVersion: identifier, position: { x: 0, y: 0 }, inputs: {} }], edges: [] };
  const workflow = await request.post('/knowledge/v1/workflows', { headers, data: { data: { type: 'workflows', attributes: { label, graph } } } });
  expect(workflow.status(), await workflow.text()).toBe(201);
  const workflowId = ((await workflow.json()) as Created).data.id;

  const created = await request.post('/builder/v1/executions', { headers, data: { processor_id: workflowId, inputs: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const execution = ((await created.json()) as Created).data;
  baseExpect(execution.attributes.status).toBe('created');
  const submitted = await request.patch(`/builder/v1/executions/${execution.id}/execute`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { workflowId, executionId: execution.id, identifier: execution.attributes.identifier };
}

test.describe('Executions', () => {
  test('an execution shows in the list with its status; search filters it and a row expands to its inputs', async ({ page, api, request }) => {
    test.setTimeout(120_000);
    const owner = unique('runner');
    const label = `Water mask ${unique('wf')}`;
    await api.createUser(owner);
    const { workflowId, executionId, identifier } = await seedExecution(request, owner, label);

    await signIn(page, owner, PASSWORD, '/asb/monitoring');
    await expect(page.getByRole('heading', { name: 'Executions' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: identifier });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: label })).toHaveAttribute('href', `/asb/workflows/${workflowId}`);
    await expect(row.getByRole('cell', { name: owner, exact: true })).toBeVisible();
    await expect(row.locator('[data-status-group]')).toHaveText(/^(Pending|Running|\d+%|Success|Failed)$/);
    await expect(row.getByRole('link', { name: 'Execution Report' })).toHaveAttribute('href', `/asb/executions/${executionId}/report`);
    await expect(page.getByTestId('active-counts')).toHaveText(/^\d+ pending · \d+ running$/);

    // search: a text matching nothing empties the list; the workflow's name finds it again
    const search = page.getByRole('textbox', { name: 'Search executions' });
    await search.fill(unique('nothing'));
    await search.press('Enter');
    await expect(page.getByText('No executions found')).toBeVisible();
    await search.fill(label);
    await search.press('Enter');
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ has: page.locator('[data-status-group]') })).toHaveCount(1);

    // the expanded row lists the input parameters: the default the workflow ran with
    await row.getByRole('button', { name: `Show input parameters of ${identifier}` }).click();
    const inputs = page.getByRole('table', { name: `Inputs of ${identifier}` });
    await expect(inputs).toBeVisible();
    await expect(inputs.getByRole('row').filter({ hasText: 'threshold' })).toContainText('0.5');
    await row.getByRole('button', { name: `Hide input parameters of ${identifier}` }).click();
    await expect(inputs).toBeHidden();
  });
});
