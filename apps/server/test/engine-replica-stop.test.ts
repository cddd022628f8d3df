import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engineSeeds, taskRows, waitForStatus, waitForTask } from './helpers/engine.js';
import { isAlive } from './helpers/host-processes.js';
import { startTwoReplicas, type TwoReplicas } from './helpers/replicas.js';
import type { TestApp } from './helpers/test-app.js';

const SLEEPER = `import time
INPUTS = []
OUTPUTS = []

def execute(out_dir, **inputs):
    time.sleep(600)
    return {}
`;

/**
 * Two replicas that both run the engine on their local executors, with live events through
 * Redis (docs/engine.md "From an execution to tasks", Stop): a stop taken on the replica that
 * does not run the attempt ends it on the one that does, as the queue's stop reaches a worker.
 */
describe('engine: a stop taken on another replica than the one running the attempt', () => {
  let replicas: TwoReplicas | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    replicas = await startTwoReplicas({ engine: { executor: 'local', localCpus: 1, sweepIntervalMs: 200 } });
    ({ a, b } = replicas);
  });
  afterAll(async () => await replicas?.close());

  it('ends the attempt on the replica that runs it', async () => {
    const seeds = engineSeeds(a);
    const version = await seeds.runnable('sleeper', SLEEPER, { inputs: [], outputs: [] });
    const id = await seeds.run(await seeds.workflow('sleeps', [seeds.graph([{ id: 'a', version }], [])]));
    const running = await waitForTask(a, id, 'a', ['running'], 60_000);
    // whichever replica claimed it holds its one CPU slot; the stop is taken on the other
    const runsOnA = a.engine.orchestrator.capacity().free === 0;
    const [holder, other] = runsOnA ? [a, b] : [b, a];
    expect(holder.engine.orchestrator.capacity().free).toBe(0);
    expect(other.engine.orchestrator.capacity().free).toBe(1);

    const stopped = await other.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/stop`, headers: other.adminHeader });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await waitForStatus(other, id, ['stopped'])).status).toBe('stopped');
    await vi.waitFor(
      () => {
        if (holder.engine.orchestrator.capacity().free !== 1 || isAlive(running.pid!)) throw new Error('the attempt still runs on the replica that holds it');
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(await taskRows(a, id)).toMatchObject([{ state: 'failed', error: 'Stopped by admin.' }]);
  }, 120_000);
});
