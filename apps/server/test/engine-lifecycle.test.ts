import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionResults } from '@asb/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TasksRepository } from '../src/engine/store/tasks.repository.js';
import { executions, processImages, processVersions } from '../src/db-schema.js';
import { builderApi, type ErrorBody } from './helpers/builder.js';
import { isAlive } from './helpers/host-processes.js';
import { afterSweeps, engineSeeds, getExecution, taskLog, taskmgrTasks, taskRows, waitForStatus, waitForTask } from './helpers/engine.js';
import { knowledgeApi, type Headers } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Fails on its first attempt (leaving a marker file in its output folder, which a task's attempts share), succeeds on the next. */
const FLAKY = `
import os

INPUTS = [{"name": "marker", "data_type": "string"}]
OUTPUTS = [{"name": "attempts", "data_type": "integer"}]

def execute(out_dir, **inputs):
    marker = os.path.join(out_dir, inputs["marker"])
    if not os.path.exists(marker):
        with open(marker, "w") as f:
            f.write("failed once")
        raise RuntimeError("first attempt fails on purpose")
    print("second attempt runs")
    return {"attempts": 2}
`;
/** Writes started.txt into its folder, then sleeps. */
const SLEEPY = `
import os
import time

INPUTS = [{"name": "seconds", "data_type": "float", "default": 30}]
OUTPUTS = [{"name": "slept", "data_type": "float"}]

def execute(out_dir, **inputs):
    with open(os.path.join(out_dir, "started.txt"), "w") as f:
        f.write("started")
    print("sleeping", inputs["seconds"], flush=True)
    time.sleep(float(inputs["seconds"]))
    return {"slept": float(inputs["seconds"])}
`;
const QUICK = `
INPUTS = [{"name": "value", "data_type": "float"}]
OUTPUTS = [{"name": "value", "data_type": "float"}]

def execute(out_dir, **inputs):
    return {"value": float(inputs["value"])}
`;
/** The first attempt sleeps 20 s, later ones return at once; every start is counted in the marker (in its output folder). */
const SLOW_ONCE = `
import os
import time

INPUTS = [{"name": "marker", "data_type": "string"}]
OUTPUTS = [{"name": "starts", "data_type": "integer"}]

def execute(out_dir, **inputs):
    marker = os.path.join(out_dir, inputs["marker"])
    with open(marker, "a") as f:
        f.write("start\\n")
    with open(marker) as f:
        starts = len(f.read().splitlines())
    if starts == 1:
        time.sleep(20)
    return {"starts": starts}
`;

const flakySignature = { inputs: [{ name: 'marker', dataType: 'string' }], outputs: [{ name: 'attempts', dataType: 'integer' }] };
const sleepySignature = { inputs: [{ name: 'seconds', dataType: 'float', default: 30 }], outputs: [{ name: 'slept', dataType: 'float' }] };
const quickSignature = { inputs: [{ name: 'value', dataType: 'float' }], outputs: [{ name: 'value', dataType: 'float' }] };

/** "[2024-05-01T10:00:00.000Z] {text}": the time of the first log line containing `text`. */
function stampOf(log: string, text: string): number {
  const line = log.split('\n').find((candidate) => candidate.includes(text));
  if (!line) throw new Error(`no line with '${text}' in:\n${log}`);
  return Date.parse(line.slice(1, line.indexOf(']')));
}

/**
 * What a user sees of a task's life (docs/engine.md): retries with their delay and one log
 * per attempt, time-outs, stop (with its permissions), a version deleted before the run,
 * and a server restart in the middle of a task.
 */
describe('engine: task lifecycle', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let tmp = '';
  let lab = '';
  const users = {} as Record<'olga' | 'uma' | 'nils', Headers>;
  const versions = {} as Record<'flaky' | 'strict' | 'sleepy' | 'short' | 'quick' | 'doomed', string>;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-lifecycle-'));
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    const knowledge = knowledgeApi(app);
    lab = await knowledge.workspace('lab');
    users.olga = await knowledge.member('olga', { [lab]: 'developer' });
    users.uma = await knowledge.member('uma', { [lab]: 'user' });
    users.nils = await knowledge.member('nils');
    versions.flaky = await seeds.runnable('flaky', FLAKY, flakySignature, { retries: 1, retryDelaySeconds: 1 });
    versions.strict = await seeds.runnable('flaky-strict', FLAKY, flakySignature, { retries: 0 });
    versions.sleepy = await seeds.runnable('sleepy', SLEEPY, sleepySignature, { timeoutSeconds: 60 });
    versions.short = await seeds.runnable('sleepy-short', SLEEPY, sleepySignature, { timeoutSeconds: 1 });
    versions.quick = await seeds.runnable('quick', QUICK, quickSignature);
    versions.doomed = await seeds.runnable('doomed', QUICK, quickSignature);
  });
  afterAll(async () => {
    await app?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  describe('retries', () => {
    it('runs a failed attempt again after the delay: try 2 succeeds, each attempt has its log', async () => {
      const marker = 'flaky.marker';
      const workflow = await seeds.workflow('retrying', [seeds.graph([{ id: 'a', version: versions.flaky }], [])]);
      const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'marker', value: marker }] }]);
      // between the attempts the Jobs page shows the task waiting to retry, with the first error
      const waiting = await waitForTask(app, id, 'a', ['retry', 'success', 'failed'], 20_000);
      expect(waiting.state).toBe('retry');
      const retrying = (await taskmgrTasks(app, id)).a!;
      expect(retrying).toMatchObject({ state: 'retry', status: 'retry', tryNumber: 1, maxTries: 2 });
      expect(retrying.error).toContain('first attempt fails on purpose');

      const row = await waitForStatus(app, id, ['success', 'failed']);
      expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
      const results = row.executionResults as ExecutionResults;
      expect(results.tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([['a', 'success', 2]]);
      expect(results.data.find((record) => record.key === 'attempts')?.value).toBe(2);
      const task = (await taskmgrTasks(app, id)).a!;
      expect(task).toMatchObject({ state: 'success', tryNumber: 2, maxTries: 2, error: null });

      const first = await taskLog(app, id, 'a', 1);
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('RuntimeError: first attempt fails on purpose');
      expect(first.body).toMatch(/attempt 1 ended: .*first attempt fails on purpose/);
      const second = await taskLog(app, id, 'a', 2);
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain('second attempt runs');
      expect(second.body).toContain('attempt 2 ended: succeeded');
      expect(second.body).not.toContain('first attempt fails');
      // without ?try the log of the last attempt
      expect((await taskLog(app, id, 'a')).body).toBe(second.body);
      expect((await taskLog(app, id, 'a', 3)).statusCode).toBe(404);

      // retryDelaySeconds 1: attempt 2 began at least a second after attempt 1 ended
      const firstEnded = stampOf(first.body, 'attempt 1 ended');
      const secondBegan = stampOf(second.body, 'attempt 2 of task a');
      expect(secondBegan - firstEnded).toBeGreaterThanOrEqual(1000);
      expect(Date.parse(task.startDate!)).toBeGreaterThanOrEqual(firstEnded + 1000);
    });

    it('fails at once when the image allows no retry', async () => {
      const marker = 'strict.marker';
      const workflow = await seeds.workflow('no-retry', [seeds.graph([{ id: 'a', version: versions.strict }], [])]);
      const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'marker', value: marker }] }]);
      const row = await waitForStatus(app, id, ['success', 'failed']);
      expect(row.status).toBe('failed');
      expect((row.executionResults as ExecutionResults).tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([['a', 'failed', 1]]);
      const task = (await taskmgrTasks(app, id)).a!;
      expect(task).toMatchObject({ state: 'failed', tryNumber: 1, maxTries: 1 });
      expect(task.error).toContain('RuntimeError: first attempt fails on purpose');
      expect((await taskLog(app, id, 'a', 2)).statusCode).toBe(404);
    });
  });

  it('kills an attempt that runs longer than the time-out and fails the task and the execution', async () => {
    const workflow = await seeds.workflow('too-slow', [seeds.graph([{ id: 'a', version: versions.short }], [])]);
    const id = await seeds.run(workflow);
    const row = await waitForStatus(app, id, ['success', 'failed'], 60_000);
    expect(row.status).toBe('failed');
    // the wrapper sleeps 30 s: the time-out of 1 s ended it (the task's own times say so, whatever the machine's load)
    const [ended] = await taskRows(app, id);
    expect(ended!.endDate!.getTime() - ended!.startDate!.getTime()).toBeLessThan(30_000);
    expect((row.executionResults as ExecutionResults).tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([['a', 'failed', 1]]);
    const task = (await taskmgrTasks(app, id)).a!;
    expect(task).toMatchObject({ state: 'failed', error: 'Timed out after 1 s.' });
    expect((await taskLog(app, id, 'a')).body).toContain('attempt 1 ended: Timed out after 1 s.');
    expect((await getExecution(app, id)).status).toBe('failed');
  });

  describe('stop', () => {
    let id = '';
    let pid = 0;
    const stop = (headers: Headers) => app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/stop`, headers });
    const get = (url: string, headers: Headers) => app.server.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      const graph = seeds.graph(
        [
          { id: 'a', version: versions.sleepy },
          { id: 'b', version: versions.quick },
        ],
        [['a', 'slept', 'b', 'value']],
      );
      // shared with lab, its processes too: olga runs only code she may read
      const workflow = await seeds.workflow('stoppable', [graph], { ownerId: 'olga', workspaceIds: [lab] });
      id = await seeds.run(workflow, [], users.olga);
      const running = await waitForTask(app, id, 'a', ['running']);
      pid = running.pid!;
      expect(pid).toBeGreaterThan(0);
      expect(isAlive(pid)).toBe(true);
      // started.txt is written first thing: wait for it, so the file tests below find it
      const file = `/builder/v1/executions/${id}/files/a/started.txt`;
      await vi.waitFor(async () => expect((await get(file, users.olga)).statusCode).toBe(200), { timeout: 20_000, interval: 50 });
    });

    it('is refused to a user who cannot see the execution, who cannot read its log or files either', async () => {
      expect([403, 404]).toContain((await stop(users.nils)).statusCode);
      expect([403, 404]).toContain((await get(`/builder/v1/executions/${id}/tasks/a/log`, users.nils)).statusCode);
      expect([403, 404]).toContain((await get(`/builder/v1/executions/${id}/files/a/started.txt`, users.nils)).statusCode);
      expect((await getExecution(app, id, users.olga)).status).toBe('running');
    });

    it('lets a workspace user of a shared execution watch it, but not stop it', async () => {
      const shared = await builderApi(app).share(id, [lab], users.olga);
      expect(shared.statusCode, shared.body).toBe(200);
      expect((await get(`/builder/v1/executions/${id}`, users.uma)).statusCode).toBe(200);
      const log = await get(`/builder/v1/executions/${id}/tasks/a/log`, users.uma);
      expect(log.statusCode).toBe(200);
      expect(log.body).toContain('attempt 1 of task a');
      const file = await get(`/builder/v1/executions/${id}/files/a/started.txt`, users.uma);
      expect([file.statusCode, file.body]).toEqual([200, 'started']);
      expect((await stop(users.uma)).statusCode).toBe(403);
      expect((await getExecution(app, id, users.olga)).status).toBe('running');
      expect(isAlive(pid)).toBe(true);
    });

    it('stops a running execution: the attempt is killed and failed, the task after it never starts', async () => {
      const response = await stop(users.olga);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: { attributes: { status: string } } }>().data.attributes.status).toBe('stopped');
      // the runner's process group is gone by the time the stop answers
      expect(isAlive(pid)).toBe(false);

      const execution = await getExecution(app, id, users.olga);
      expect(execution.status).toBe('stopped');
      expect((execution.executionResults as ExecutionResults).tasks.map((task) => [task.task_id, task.state])).toEqual([
        ['a', 'failed'],
        ['b', 'no_status'],
      ]);
      const tasks = await taskmgrTasks(app, id, users.olga);
      expect(tasks.a).toMatchObject({ state: 'failed', error: 'Stopped by olga.' });
      expect(tasks.b).toMatchObject({ state: 'no_status', tryNumber: 0 });

      // nothing moves afterwards (several sweeps later)
      await afterSweeps(app, id);
      expect((await taskRows(app, id)).map((task) => [task.taskId, task.state, task.tryNumber])).toEqual([
        ['a', 'failed', 1],
        ['b', 'no_status', 0],
      ]);
      expect((await getExecution(app, id, users.olga)).status).toBe('stopped');
    });

    it('answers 409 to a second stop', async () => {
      const again = await stop(users.olga);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().detail).toMatch(/is not running \(status stopped\)/);
    });
  });

  /**
   * A stop that lands while the execution's advance is between decide() and claim() must
   * keep the next task from starting: the claim is conditional on the execution still
   * running. The stop is placed in that window deterministically by wrapping claim().
   */
  it('does not start a task claimed while its execution is being stopped', async () => {
    const graph = seeds.graph(
      [
        { id: 'a', version: versions.quick },
        { id: 'b', version: versions.sleepy },
      ],
      [['a', 'value', 'b', 'seconds']],
    );
    const workflow = await seeds.workflow('stop-race', [graph]);
    let raceId = '';
    let stopStatus = 0;
    const claim = TasksRepository.prototype.claim;
    TasksRepository.prototype.claim = async function (this: TasksRepository, taskRowId: number, inputs: Record<string, unknown>, workerLabel: string) {
      const row = await this.find(taskRowId);
      if (raceId && row?.executionId === Number(raceId) && row.taskId === 'b' && !stopStatus) {
        const stopped = await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${raceId}/stop`, headers: app.adminHeader });
        stopStatus = stopped.statusCode;
      }
      return claim.call(this, taskRowId, inputs, workerLabel);
    };
    let pid: number | null = null;
    try {
      raceId = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'value', value: '30' }] }]);
      await waitForStatus(app, raceId, ['stopped', 'success', 'failed']);
      await waitForTask(app, raceId, 'a', ['success']);
      // a few sweeps later: b must not have started
      await afterSweeps(app, raceId);
      const b = (await taskRows(app, raceId)).find((task) => task.taskId === 'b')!;
      pid = b.pid;
      expect(stopStatus).toBe(200);
      expect((await getExecution(app, raceId)).status).toBe('stopped');
      expect([b.state, b.tryNumber, b.pid]).toEqual(['no_status', 0, null]);
    } finally {
      TasksRepository.prototype.claim = claim;
      // should the claim ever win again, end the runner it started (our grandchild) by its pid
      if (pid) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
  });

  it('fails an execution whose process version was deleted after it was created, naming the version', async () => {
    const workflow = await seeds.workflow('doomed-flow', [seeds.graph([{ id: 'a', version: versions.doomed }], [])]);
    const api = builderApi(app);
    const created = await api.created({ processor_id: workflow, inputs: [{ node_id: 'a', items: [{ identifier: 'value', value: '1.5' }] }] });
    await app.ctx.db.delete(processImages).where(eq(processImages.identifier, versions.doomed));
    await app.ctx.db.delete(processVersions).where(eq(processVersions.identifier, versions.doomed));
    expect((await api.execute(created.id)).statusCode).toBe(200);
    const row = await waitForStatus(app, created.id, ['success', 'failed', 'stopped']);
    expect(row.status).toBe('failed');
    const execution = await getExecution(app, created.id);
    expect(execution.status).toBe('failed');
    expect((execution.executionResults as ExecutionResults).error).toBe(`Process version ${versions.doomed} no longer exists.`);
    expect(execution.endTime).toBeTruthy();
  });
});

describe('engine: a server restart in the middle of a task', () => {
  let app: TestApp;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-restart-'));
    // a real data directory: the task's files and logs must survive the restart
    app = await createTestApp({ dataDir, engine: { localCpus: 2, sweepIntervalMs: 200 } });
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('ends the interrupted attempt and runs the task again: success with try 2', async () => {
    const seeds = engineSeeds(app);
    const version = await seeds.runnable('slow-once', SLOW_ONCE, {
      inputs: [{ name: 'marker', dataType: 'string' }],
      outputs: [{ name: 'starts', dataType: 'integer' }],
    });
    const workflow = await seeds.workflow('restarted', [seeds.graph([{ id: 'a', version }], [])]);
    const id = await seeds.run(workflow, [{ node_id: 'a', items: [{ identifier: 'marker', value: 'slow-once.marker' }] }]);
    const [created] = await app.ctx.db
      .select()
      .from(executions)
      .where(eq(executions.id, Number(id)));
    const marker = path.join(app.engine.paths.taskOutDir('admin', created!.identifier, 'a'), 'slow-once.marker');
    const running = await waitForTask(app, id, 'a', ['running']);
    const pid = running.pid!;
    // the attempt is under way: it counted its start (its python may take a moment to get there)
    await expect.poll(() => fs.readFile(marker, 'utf8').catch(() => ''), { timeout: 20_000, interval: 50 }).toBe('start\n');
    expect(isAlive(pid)).toBe(true);

    app = await app.restart();
    // the attempt the old server ran is gone, whichever of the two servers ended it
    expect(isAlive(pid)).toBe(false);
    const row = await waitForStatus(app, id, ['success', 'failed'], 20_000);
    expect(row.status, JSON.stringify(row.executionResults)).toBe('success');
    const results = row.executionResults as ExecutionResults;
    expect(results.tasks.map((task) => [task.task_id, task.state, task.try_number])).toEqual([['a', 'success', 2]]);
    // the second attempt saw the first one's start: it ran once more, not twice
    expect(results.data.find((record) => record.key === 'starts')?.value).toBe(2);
    expect((await fs.readFile(marker, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
    // with no retries configured, the interruption did not use up the only attempt
    const task = (await taskmgrTasks(app, id)).a!;
    expect(task).toMatchObject({ state: 'success', tryNumber: 2, maxTries: 2, error: null });
    const first = await taskLog(app, id, 'a', 1);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('attempt 1 ended: The server shut down while the task ran.');
    expect((await taskLog(app, id, 'a', 2)).body).toContain('attempt 2 ended: succeeded');
    const execution = await getExecution(app, id);
    expect([execution.status, execution.progress]).toEqual(['success', 1]);
  });
});
