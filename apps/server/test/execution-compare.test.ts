import type { ExecutionComparison } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderApi } from './helpers/builder.js';
import { engineSeeds, waitForStatus } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Writes an 8 × 8 GeoTIFF of 0..63 + level, and the sum of its pixels. */
const GRID = `
import os
INPUTS = [{"name": "level", "data_type": "float"}, {"name": "note", "data_type": "string", "default": "first"}]
OUTPUTS = [{"name": "grid", "data_type": "geotiff"}, {"name": "total", "data_type": "float"}]

def execute(out_dir, **inputs):
    import numpy as np
    import rasterio
    from rasterio.transform import from_origin
    data = np.arange(64, dtype="float32").reshape(8, 8) + float(inputs["level"])
    path = os.path.join(out_dir, "grid.tif")
    profile = dict(driver="GTiff", width=8, height=8, count=1, dtype="float32", crs="EPSG:4326", transform=from_origin(4.3, 51.3, 0.001, 0.001))
    with rasterio.open(path, "w", **profile) as dst:
        dst.write(data, 1)
    return {"grid": path, "total": float(data.sum())}
`;

/**
 * GET /builder/v1/executions/compare (issue 35 §3, docs/compare.md): two real runs of a
 * one-task workflow with different inputs, compared by their owner; and what another user
 * gets for executions they may not read.
 */
describe('comparing two executions', () => {
  let app: TestApp;
  let first = '';
  let second = '';
  const users = {} as Record<'uma' | 'nils', Headers>;

  const compare = (ids: string, headers: Headers | Record<string, never> = app.adminHeader) =>
    app.server.inject({ method: 'GET', url: `/builder/v1/executions/compare?${ids}`, headers });

  beforeAll(async () => {
    app = await createTestApp({ engine: { localCpus: 1, sweepIntervalMs: 200 } });
    const seeds = engineSeeds(app);
    const knowledge = knowledgeApi(app);
    const lab = await knowledge.workspace('lab');
    users.uma = await knowledge.member('uma', { [lab]: 'user' });
    users.nils = await knowledge.member('nils');
    await seeds.runnable('grid', GRID, {
      inputs: [
        { name: 'level', dataType: 'float' },
        { name: 'note', dataType: 'string', default: 'first' },
      ],
      outputs: [
        { name: 'grid', dataType: 'geotiff' },
        { name: 'total', dataType: 'float' },
      ],
    });
    const workflow = await seeds.workflow('grid-flow', [seeds.graph([{ id: 'grid', version: 'grid:1' }], [])]);
    first = await seeds.run(workflow, [{ node_id: 'grid', items: [{ identifier: 'level', value: '1' }] }]);
    second = await seeds.run(workflow, [{ node_id: 'grid', items: [{ identifier: 'level', value: '2' }] }]);
    for (const id of [first, second]) expect((await waitForStatus(app, id, ['success', 'failed'], 60_000)).status).toBe('success');
    // uma may read the second run only
    expect((await builderApi(app).share(second, [lab])).statusCode).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers the changed input, the outputs by value and by raster statistics, and each task in both', async () => {
    const response = await compare(`ids=${first},${second}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: ExecutionComparison }>();
    expect([data.left.id, data.right.id]).toEqual([first, second]);
    expect([data.left.status, data.right.status]).toEqual(['success', 'success']);
    expect([data.left.kind, data.right.kind]).toEqual(['workflow', 'workflow']);

    expect(data.inputs.map(({ identifier, change, left, right }) => [identifier, change, left, right])).toEqual([
      ['level', 'changed', '1', '2'],
      ['note', 'same', 'first', 'first'],
    ]);

    const total = data.outputs.find((output) => output.key === 'total');
    // 0 + … + 63 = 2016, plus 64 × level
    expect(total).toMatchObject({ change: 'changed', comparedBy: 'value', left: 2080, right: 2144 });
    const grid = data.outputs.find((output) => output.key === 'grid');
    expect(grid).toMatchObject({ change: 'changed', comparedBy: 'raster', left: `/builder/v1/executions/${first}/files/grid/grid.tif` });
    expect(grid?.raster?.error).toBeUndefined();
    expect(grid?.raster?.bands).toEqual([
      {
        band: 'b1',
        left: expect.objectContaining({ min: 1, max: 64, mean: 32.5 }),
        right: expect.objectContaining({ min: 2, max: 65, mean: 33.5 }),
        meanDifference: 1,
      },
    ]);

    expect(data.tasks).toHaveLength(1);
    const [task] = data.tasks;
    expect(task).toMatchObject({ task_id: 'grid', change: 'same', left: { state: 'success' }, right: { state: 'success' } });
    expect(task!.left!.duration).toBeGreaterThanOrEqual(0);
    expect(task!.durationDifference).toBeCloseTo(task!.right!.duration! - task!.left!.duration!, 5);
  });

  it('takes the two ids repeated as well, in the order given', async () => {
    const response = await compare(`ids=${second}&ids=${first}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: ExecutionComparison }>();
    expect([data.left.id, data.right.id]).toEqual([second, first]);
    expect(data.inputs[0]).toMatchObject({ identifier: 'level', left: '2', right: '1' });
  });

  it('answers 404 for an execution the caller may not read, worded as for one that does not exist', async () => {
    // uma reads the second run (shared with her workspace), not the first
    expect((await app.server.inject({ method: 'GET', url: `/builder/v1/executions/${second}`, headers: users.uma })).statusCode).toBe(200);
    const hidden = await compare(`ids=${second},${first}`, users.uma);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: `No execution #${first} found.` });
    const missing = await compare(`ids=${second},987654`, users.uma);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'No execution #987654 found.' });

    const stranger = await compare(`ids=${first},${second}`, users.nils);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('level');
    expect((await compare(`ids=${first},${second}`, {})).statusCode).toBe(401);
  });

  it('answers 400 with the rule for anything but two different ids', async () => {
    for (const [query, got] of [
      [`ids=${first}`, 'Got 1.'],
      [`ids=${first},${second},${first}`, 'Got 3.'],
      ['ids=', 'Got none.'],
      [`ids=${first},${first}`, `Both are ${first}: choose two different executions.`],
    ]) {
      const response = await compare(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain('Compare takes exactly two execution ids: ids=12,13.');
      expect(response.json<{ detail: string }>().detail).toContain(got);
    }
    const without = await compare('');
    expect(without.statusCode).toBe(400);
    expect(without.body).toContain('ids');
  });
});
