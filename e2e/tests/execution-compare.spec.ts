import { expect as baseExpect, type APIRequestContext, type Locator } from '@playwright/test';
import { PASSWORD } from '../support/constants';
import { signIn, test, unique } from '../support/fixtures';
import { MonitoringPage } from '../support/pages/monitoring-page';
import { ProcessApi } from '../support/process-api';

// a process is built and run twice for real: more room than the default on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

/** A 64 × 64 GeoTIFF near Antwerp of 0..4095 + level: the two runs' rasters differ by their level. */
const GRID_SIGNATURE = {
  inputs: [
    { name: 'level', data_type: 'float', default: 0 },
    { name: 'note', data_type: 'string', default: 'unchanged' },
  ],
  outputs: [{ name: 'grid', data_type: 'geotiff' }],
};
const GRID_BODY = [
  'import numpy as np',
  'import rasterio',
  'from rasterio.transform import from_origin',
  'data = np.arange(4096, dtype="float32").reshape(64, 64) + float(inputs["level"])',
  'profile = dict(driver="GTiff", width=64, height=64, count=1, dtype="float32", crs="EPSG:4326", transform=from_origin(4.3, 51.3, 0.005, 0.005))',
  'with rasterio.open(out_dir + "/grid.tif", "w", **profile) as dst:',
  '    dst.write(data, 1)',
  'return {"grid": "grid.tif"}',
].join('\n');

interface Created {
  data: { id: string; attributes: { identifier: string; status: string } };
}

/** The grid process released, a one-node workflow of it and two runs at levels 1 and 2, ended, as one user through the API. */
async function seedTwoRuns(request: APIRequestContext, username: string) {
  const token = await request.post('/usermgr/v1/token/', { data: { username, password: PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  const processes = await ProcessApi.signIn(request, username, PASSWORD);
  const { identifier } = await processes.releaseProcess(`Grid ${unique('p')}`, GRID_SIGNATURE, GRID_BODY);
  const graph = { nodes: [{ id: 'grid', kind: 'process', processVersion: identifier, position: { x: 0, y: 0 }, inputs: {} }], edges: [] };
  const workflow = await request.post('/knowledge/v1/workflows', {
    headers,
    data: { data: { type: 'workflows', attributes: { label: `Grid ${unique('wf')}`, graph } } },
  });
  expect(workflow.status(), await workflow.text()).toBe(201);
  const workflowId = ((await workflow.json()) as Created).data.id;
  const run = async (level: string) => {
    const created = await request.post('/builder/v1/executions', {
      headers,
      data: { processor_id: workflowId, inputs: [{ node_id: 'grid', items: [{ identifier: 'level', value: level }] }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, attributes } = ((await created.json()) as Created).data;
    const submitted = await request.patch(`/builder/v1/executions/${id}/execute`, { headers });
    expect(submitted.status(), await submitted.text()).toBe(200);
    return { id, identifier: attributes.identifier };
  };
  const runs = [await run('1'), await run('2')] as const;
  for (const { id } of runs) {
    await expect
      .poll(async () => ((await (await request.get(`/builder/v1/executions/${id}`, { headers })).json()) as Created).data.attributes.status, {
        timeout: 120_000,
      })
      .toBe('success');
  }
  return runs;
}

const background = (row: Locator) => row.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Drawn (not transparent) pixels of the layer's canvas left of 45 % and right of 55 % of its width. */
function drawnHalves(map: Locator, layerClass: string): Promise<{ left: number; right: number }> {
  return map.evaluate((element, className) => {
    const halves = { left: 0, right: 0 };
    for (const canvas of element.querySelectorAll<HTMLCanvasElement>(`.${className} canvas`)) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 3; index < data.length; index += 4) {
        if (data[index] === 0) continue;
        const x = ((index - 3) / 4) % canvas.width;
        if (x < canvas.width * 0.45) halves.left++;
        else if (x > canvas.width * 0.55) halves.right++;
      }
    }
    return halves;
  }, layerClass);
}

/** Two runs side by side (issue 35 §3, docs/compare.md), chosen in the executions list. */
test.describe('Compare executions', () => {
  test('a user selects two executions in the list, presses Compare and reads the changed input highlighted', async ({ page, api, request }) => {
    test.setTimeout(240_000);
    const developer = unique('dev');
    const workspace = unique('ops');
    await api.createUser(developer);
    await api.createWorkspace(workspace);
    await api.setRoles(developer, { [workspace]: ['developer'] });
    const [left, right] = await seedTwoRuns(request, developer);

    await signIn(page, developer);
    const monitoring = new MonitoringPage(page);
    await monitoring.goto();
    const compare = page.getByRole('button', { name: 'Compare' });
    await expect(compare).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${left.identifier} to compare` }).check();
    await expect(compare).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${right.identifier} to compare` }).check();
    await compare.click();

    await expect(page).toHaveURL(new RegExp(`/asb/monitoring/compare\\?ids=${left.id},${right.id}$`));
    await expect(page.getByRole('heading', { name: 'Compare executions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Left execution' })).toContainText(left.identifier);
    await expect(page.getByRole('region', { name: 'Right execution' })).toContainText(right.identifier);

    const inputs = page.getByRole('table', { name: 'Input differences' });
    const changed = inputs.locator('tr[data-node="grid"][data-input="level"]');
    await expect(changed).toHaveAttribute('data-change', 'changed');
    await expect(changed.getByRole('cell')).toHaveText([/level/, '1', '2', 'Changed']);
    const same = inputs.locator('tr[data-node="grid"][data-input="note"]');
    await expect(same).toHaveAttribute('data-change', 'same');
    await expect(same.getByRole('cell')).toHaveText([/note/, 'unchanged', 'unchanged', 'Same']);
    // highlighted: the changed row stands out from the unchanged one
    expect(await background(changed)).not.toBe(await background(same));

    const tasks = page.getByRole('table', { name: 'Task differences' });
    await expect(tasks.locator('tr[data-task-id="grid"] [data-task-state="success"]')).toHaveCount(2);

    // the raster by its statistics: every pixel one higher on the right
    const grid = page.getByRole('table', { name: 'Output differences' }).locator('tr[data-output="grid"]');
    await expect(grid).toHaveAttribute('data-change', 'changed');
    await expect(grid).toContainText('b1 mean +1');

    // both rasters on one map: the right one only right of the swipe line, everywhere once it is swiped to the left
    await grid.getByRole('button', { name: 'Swipe on one map' }).click();
    const map = page.getByTestId('swipe-map');
    await expect(map).toHaveAttribute('data-state', 'ready');
    await expect.poll(async () => (await drawnHalves(map, 'raster-left')).left).toBeGreaterThan(0);
    await expect.poll(async () => (await drawnHalves(map, 'raster-right')).right).toBeGreaterThan(0);
    expect((await drawnHalves(map, 'raster-right')).left).toBe(0);
    await page.getByRole('slider', { name: 'Swipe between the left and the right raster' }).press('Home');
    await expect.poll(async () => (await drawnHalves(map, 'raster-right')).left).toBeGreaterThan(0);
  });
});
