import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import { openTreeForTasks } from '../../platform/data-dir.js';
import { demoApplicationFile } from '../../modules/demo/demo-files.js';
import type { ExecutorCallbacks, TaskJob, TaskOutcome } from '../executors/executor.js';
import { LocalExecutor, STOPPED } from '../executors/local-executor.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import { CwlRuntime, DOCKER_WARNING } from './cwl-runtime.js';
import { PythonRuntime } from './python-runtime.js';
import { RuntimeRouter } from './runtime-router.js';

const run = promisify(execFile);

/** A scene folder as the product stager leaves it: item.json and a band file per asset key. */
const MAKE_SCENE = String.raw`
import json, sys, numpy as np, rasterio
from rasterio.transform import from_origin
out = sys.argv[1]
yy, xx = np.mgrid[0:32, 0:32]
green = (1000 + 10 * xx).astype('uint16')
nir = (1200 - 10 * yy).astype('uint16')
for name, data in (("green", green), ("nir", nir)):
    with rasterio.open(f"{out}/{name}.tif", "w", driver="GTiff", width=32, height=32, count=1, dtype="uint16", crs="EPSG:4326", transform=from_origin(4.3, 51.3, 0.001, 0.001)) as dst:
        dst.write(data, 1)
item = {"type": "Feature", "stac_version": "1.0.0", "id": "scene-1", "geometry": None, "bbox": [4.3, 51.268, 4.332, 51.3],
        "properties": {"datetime": "2024-07-15T10:30:00Z"},
        "assets": {"green": {"href": "green.tif", "eo:bands": [{"common_name": "green"}]}, "nir": {"href": "nir.tif", "eo:bands": [{"common_name": "nir"}]}}}
json.dump(item, open(f"{out}/item.json", "w"))
`;

const FAILING = `cwlVersion: v1.2
class: CommandLineTool
id: failing
requirements:
  DockerRequirement:
    dockerPull: docker.io/library/python:3.11
baseCommand: [python3, -c, "import sys; print('the band is missing', file=sys.stderr); sys.exit(3)"]
inputs: []
outputs: []
`;

const SLEEPING = `cwlVersion: v1.2
class: CommandLineTool
id: sleeping
baseCommand: [sleep, "300"]
inputs: []
outputs: []
`;

const FILLING = `cwlVersion: v1.2
class: CommandLineTool
id: filling
baseCommand: [python3, -c, "import os, time; [open(f'part{n}', 'wb').write(os.urandom(600000)) for n in range(4)]; time.sleep(300)"]
inputs: []
outputs: []
`;

function recorder(): { callbacks: ExecutorCallbacks; finished: Promise<TaskOutcome>; started: Promise<void> } {
  let finish!: (outcome: TaskOutcome) => void;
  let start!: () => void;
  const finished = new Promise<TaskOutcome>((resolve) => (finish = resolve));
  const started = new Promise<void>((resolve) => (start = resolve));
  return {
    finished,
    started,
    callbacks: { onStarted: async () => start(), onFinished: async (_job, outcome) => finish(outcome) },
  };
}

describe('CwlRuntime (cwltool --no-container in the task sandbox)', () => {
  let root: string;
  let paths: DatastorePaths;
  let executors: LocalExecutor[];

  const job = async (cwl: string, processId: string, overrides: Partial<TaskJob> = {}): Promise<TaskJob> => {
    const executionDir = paths.executionDir('alice', 'app-1');
    const cwlPath = path.join(executionDir, '.package', 'application.cwl');
    await fs.mkdir(path.dirname(cwlPath), { recursive: true });
    await fs.writeFile(cwlPath, cwl);
    await openTreeForTasks(path.dirname(cwlPath));
    return {
      taskRowId: 1,
      executionId: 1,
      executionIdentifier: 'app-1',
      taskId: 'application',
      tryNumber: 1,
      processVersion: { identifier: `cwl:c/${processId}`, manifest: [] },
      inputs: {},
      outDir: paths.taskOutDir('alice', 'app-1', 'application'),
      logPath: paths.taskLog('alice', 'app-1', 'application', 1),
      cpus: 1,
      memoryMb: 0,
      diskMb: 1024,
      network: false,
      timeoutMs: 600_000,
      application: { cwlPath, processId, target: 'local' },
      ...overrides,
    };
  };
  const start = (taskJob: TaskJob) => {
    const record = recorder();
    const sandbox = testSandbox();
    const runtime = new RuntimeRouter({
      python: new PythonRuntime({ paths, sandbox }),
      cwl: new CwlRuntime({ sandbox, cwltool: '/usr/bin/cwltool', killGraceMs: 500 }),
    });
    const executor = new LocalExecutor({ runtime, totalCpus: 1 }, record.callbacks);
    executors.push(executor);
    executor.submit(taskJob);
    return { executor, ...record };
  };

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-cwl-runtime-'));
    paths = new DatastorePaths(root);
    executors = [];
  });
  afterEach(async () => {
    await Promise.all(executors.map((executor) => executor.shutdown()));
    await fs.rm(root, { recursive: true, force: true });
  });

  it('runs the demo water-bodies application on a staged scene: files in outDir, the STAC catalog as its catalog.json, logs streamed', async () => {
    const scene = path.join(paths.executionDir('alice', 'app-1'), '.inputs', 'application.1', 'item');
    await fs.mkdir(scene, { recursive: true });
    await run('/usr/bin/python3', ['-c', MAKE_SCENE, scene]);
    await openTreeForTasks(path.dirname(scene));
    const staged = { id: 'scene-1', item: path.join(scene, 'item.json'), assets: {} };
    const taskJob = await job(await fs.readFile(demoApplicationFile(), 'utf8'), 'water-bodies-demo', { inputs: { item: staged, threshold: 0.05 } });
    taskJob.application!.staged = { item: 'Directory' };
    const { finished } = start(taskJob);
    const outcome = await finished;
    const log = await fs.readFile(taskJob.logPath, 'utf8');
    expect(outcome, log).toEqual({
      ok: true,
      outputs: {
        water_mask: path.join(taskJob.outDir, 'water_mask.tif'),
        preview: path.join(taskJob.outDir, 'water_mask.png'),
        stac_catalog: path.join(taskJob.outDir, 'catalog', 'catalog.json'),
      },
    });
    expect(log).toContain('NDWI from');
    expect(log).toContain('Final process status is success');
    expect(log).not.toContain(DOCKER_WARNING);
    const catalog = JSON.parse(await fs.readFile(path.join(taskJob.outDir, 'catalog', 'catalog.json'), 'utf8')) as { links: { rel: string; href: string }[] };
    const itemLink = catalog.links.find((link) => link.rel === 'item')!;
    await expect(fs.stat(path.join(taskJob.outDir, 'catalog', itemLink.href))).resolves.toBeTruthy();
    expect((await fs.readFile(path.join(taskJob.outDir, 'water_mask.png'))).subarray(1, 4).toString()).toBe('PNG');
  });

  it('runs a CWL whose DockerRequirement is required without the container (a warning in the log); a failure gives the log’s last lines as its reason', async () => {
    const taskJob = await job(FAILING, 'failing');
    const outcome = await start(taskJob).finished;
    expect(outcome.ok).toBe(false);
    const reason = (outcome as { error: string }).error;
    expect(reason).toMatch(/^cwltool failed \(exit 1\):\n/);
    expect(reason).toContain('the band is missing');
    expect(reason.split('\n').length).toBeGreaterThan(2);
    expect(await fs.readFile(taskJob.logPath, 'utf8')).toContain(DOCKER_WARNING);
  });

  it('runs a single process without id (registered under its file name) as the file alone, without a #fragment', async () => {
    const noId = 'cwlVersion: v1.2\nclass: CommandLineTool\nbaseCommand: [echo, hello]\ninputs: []\noutputs: []\n';
    const taskJob = await job(noId, 'echo-tool');
    const outcome = await start(taskJob).finished;
    expect(outcome, await fs.readFile(taskJob.logPath, 'utf8')).toEqual({ ok: true, outputs: {} });
  });

  it('stops a running cwltool with its whole process group', async () => {
    const taskJob = await job(SLEEPING, 'sleeping');
    const { executor, started, finished } = start(taskJob);
    await started;
    await executor.cancel(taskJob.taskRowId);
    expect(await finished).toEqual({ ok: false, error: STOPPED, interrupted: true });
  });

  it('ends a cwltool task whose folders hold more than its disk allows', async () => {
    const taskJob = await job(FILLING, 'filling', { diskMb: 1 });
    expect(await start(taskJob).finished).toEqual({ ok: false, error: 'Disk limit of 1 MB reached.' });
  });

  it('ends a cwltool task that runs past its time-out', async () => {
    const taskJob = await job(SLEEPING, 'sleeping', { timeoutMs: 1500 });
    expect(await start(taskJob).finished).toEqual({ ok: false, error: 'Timed out after 1.5 s.' });
  });
});
