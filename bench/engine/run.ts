/**
 * Engine benchmark (issue 5; README.md beside this file). Runs in one process against an
 * in-process server on a fresh PGlite database in a temporary data directory:
 *   1. baseline: the same trivial wrapper run by `python3 asb_runner.py` 40 times in sequence;
 *      and the sandbox's cost: that runner bare and in the task sandbox, alternately;
 *   2. a chain of 40 trivial tasks through the engine (local executor);
 *   3. a fan-out of 500 trivial tasks (a dynamic-list-splitter of 500 items);
 *   4. event latency: a server-sent events client on /backend/live/{user}/ timing each
 *      task's 'success' event against the moment that state was written.
 * Usage: npx tsx bench/engine/run.ts [--chain 40] [--fanout 500] [--cpus N]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { WorkflowGraph } from '@asb/contracts';
import { buildApp, type App } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { TaskJob } from '../../apps/server/src/engine/executors/executor.js';
import { runtimeScript } from '../../apps/server/src/engine/runtime/python-scripts.js';
import { timedSandbox } from './timed-sandbox.js';
import { openSandbox } from '../../apps/server/src/engine/sandbox/open-sandbox.js';
import { snapshotFolder } from '../../apps/server/src/modules/procimp/build/snapshot.js';
import { executions, executionTasks, processes, processImages, processVersions, workflows, workflowVersions } from '../../apps/server/src/db-schema.js';

const args = new Map(process.argv.slice(2).flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1] ?? '']] : [])));
const CHAIN = Number(args.get('chain') ?? 40);
const FANOUT = Number(args.get('fanout') ?? 500);
const CPUS = Number(args.get('cpus') ?? os.availableParallelism());

const WRAPPER = `INPUTS = [{"name": "value", "data_type": "string", "default": "x"}]
OUTPUTS = [{"name": "value", "data_type": "string"}]


def execute(out_dir, **inputs):
    return {"value": inputs["value"]}
`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function baseline(python: string, wrapperDir: string, scratch: string): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < CHAIN; index++) {
    const outDir = path.join(scratch, `baseline-${index}`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        python,
        [
          runtimeScript('asb_runner.py'),
          '--wrapper-dir',
          wrapperDir,
          '--out-dir',
          outDir,
          '--inputs',
          '-',
          '--outputs',
          path.join(scratch, `baseline-${index}.json`),
        ],
        { stdio: ['pipe', 'ignore', 'ignore'] },
      );
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`runner exited ${code}`))));
      child.stdin.end(JSON.stringify({ value: 'x' }));
    });
  }
  return performance.now() - started;
}

async function seedVersion(app: App, wrapperDir: string): Promise<string> {
  const manifest = await snapshotFolder(wrapperDir, app.storage.objectsDir);
  const [process] = await app.ctx.db.insert(processes).values({ identifier: 'trivial', slug: 'trivial', label: 'Trivial', ownerId: 'admin' }).returning();
  const signature = { inputs: [{ name: 'value', dataType: 'string', default: 'x' }], outputs: [{ name: 'value', dataType: 'string' }], dependencies: [] };
  const [version] = await app.ctx.db
    .insert(processVersions)
    .values({ identifier: 'trivial:1', label: 'trivial', ownerId: 'admin', processId: process!.id, value: '1', signature, manifest })
    .returning();
  await app.ctx.db
    .insert(processImages)
    .values({ identifier: 'trivial:1', label: 'trivial', ownerId: 'admin', processIdentifier: 'trivial', processVersion: '1', versionId: version!.id });
  return 'trivial:1';
}

async function seedWorkflow(app: App, identifier: string, graph: WorkflowGraph): Promise<number> {
  const [row] = await app.ctx.db.insert(workflows).values({ identifier, slug: identifier, label: identifier, ownerId: 'admin', graph }).returning();
  await app.ctx.db.insert(workflowVersions).values({ workflowId: row!.id, version: 1, graph, createdBy: 'admin' });
  return row!.id;
}

const node = (id: string, extra: Partial<WorkflowGraph['nodes'][number]> = {}): WorkflowGraph['nodes'][number] => ({
  id,
  kind: 'process',
  processVersion: 'trivial:1',
  position: { x: 0, y: 0 },
  inputs: {},
  ...extra,
});

async function execute(app: App, token: string, workflowId: number, inputs: object[] = []): Promise<{ id: number; wallMs: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await app.server.inject({ method: 'POST', url: '/builder/v1/executions', headers, payload: { processor_id: workflowId, inputs } });
  const id = Number(created.json<{ data: { id: string } }>().data.id);
  const started = performance.now();
  await app.server.inject({ method: 'PATCH', url: `/builder/v1/executions/${id}/execute`, headers });
  for (;;) {
    const [row] = await app.ctx.db.select({ status: executions.status }).from(executions).where(eq(executions.id, id));
    if (row && ['success', 'failed', 'stopped'].includes(row.status)) {
      if (row.status !== 'success') throw new Error(`execution ${id} ended ${row.status}`);
      return { id, wallMs: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Follows /backend/live/{user}/ and records when each task's success event arrives. */
async function followEvents(port: number, token: string): Promise<{ arrivals: Map<string, number>; close(): void }> {
  const arrivals = new Map<string, number>();
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/backend/live/admin/?token=${token}`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const message = JSON.parse(data.slice(6)) as { id?: string; task_id?: string; task_state?: string };
          if (message.task_state === 'success' && message.task_id) arrivals.set(`${message.id}/${message.task_id}`, Date.now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return { arrivals, close: () => controller.abort() };
}

/** One process from spawn to exit, in ms. */
function timed(command: string, argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }, input: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { ...options, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} exited ${code}`))));
    child.stdin.end(input);
  });
}

/**
 * The runner bare, in a fresh sandbox and in a prepared one (ASB_SANDBOX_POOL, when the
 * machine has them), in turn (so all see the same machine): per-process times.
 */
async function sandboxCost(
  config: ReturnType<typeof loadConfig>,
  wrapperDir: string,
  scratch: string,
): Promise<{ bare: number[]; sandboxed: number[]; prepared: number[] }> {
  const sandbox = openSandbox({ ...config.sandbox, poolSize: 0 }, config.pythonCommand);
  const pool = openSandbox(config.sandbox, config.pythonCommand);
  const bare: number[] = [];
  const sandboxed: number[] = [];
  const prepared: number[] = [];
  const input = JSON.stringify({ value: 'x' });
  for (let index = 0; index < CHAIN; index++) {
    const outDir = path.join(scratch, `bare-${index}`);
    bare.push(
      await timed(
        config.pythonCommand,
        [
          runtimeScript('asb_runner.py'),
          '--wrapper-dir',
          wrapperDir,
          '--out-dir',
          outDir,
          '--inputs',
          '-',
          '--outputs',
          path.join(scratch, `bare-${index}.json`),
        ],
        {},
        input,
      ),
    );
    const job = {
      inputs: { value: 'x' },
      outDir: path.join(scratch, 'exec', `sandboxed-${index}`),
      cpus: 1,
      memoryMb: 1024,
      diskMb: 1024,
      network: false,
    } as unknown as TaskJob;
    // its folders on the data directory's filesystem, as before issue 30 (bench/engine/limits.ts measures that filesystem and the control group)
    const command = sandbox.spawn({ job, wrapperDir, scratchDir: path.join(scratch, 'exec', '.work', String(index)), cpuList: [0], ownFilesystem: false });
    sandboxed.push(await timedSandbox(command, JSON.stringify(command.inputs)));
    await command.cgroup?.remove();
    // as a task finds it in a chain: the sandbox made while the previous one ran
    if (!(await pool.whenPrepared())) continue;
    const pooledJob = { ...job, outDir: path.join(scratch, 'exec', `prepared-${index}`) } as TaskJob;
    const taken = pool.spawn({ job: pooledJob, wrapperDir, scratchDir: path.join(scratch, 'exec', '.work', `p${index}`), cpuList: [0], ownFilesystem: false });
    prepared.push(await timedSandbox(taken, JSON.stringify(taken.inputs)));
    await taken.cgroup?.remove();
  }
  await pool.close();
  return { bare, sandboxed, prepared };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-bench-'));
  const wrapperDir = path.join(dataDir, 'wrapper');
  await fs.mkdir(wrapperDir);
  await fs.writeFile(path.join(wrapperDir, 'process_wrapper.py'), WRAPPER);
  const config = loadConfig(
    // ASB_UNSAFE_NO_SANDBOX=true from the shell measures the engine without the sandbox (for comparison only)
    {
      ASB_ADMIN_USERNAME: 'admin',
      ASB_ADMIN_PASSWORD: 'bench-password',
      ASB_WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ASB_DEMO: 'false',
      ASB_UNSAFE_NO_SANDBOX: process.env.ASB_UNSAFE_NO_SANDBOX,
      ASB_TASK_NETWORK: process.env.ASB_TASK_NETWORK,
      ASB_SANDBOX_POOL: process.env.ASB_SANDBOX_POOL,
    },
    { dataDir, engine: { localCpus: CPUS, sweepIntervalMs: 2000 } },
  );
  const app = await buildApp(config, {});
  await app.users.ensureAdmin();
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.server.address() as { port: number }).port;
  const token = (await app.server.inject({ method: 'POST', url: '/usermgr/v1/token/', payload: { username: 'admin', password: 'bench-password' } })).json<{
    token: string;
  }>().token;
  await seedVersion(app, wrapperDir);
  const events = await followEvents(port, token);

  console.log(
    `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}, Node ${process.version}, ${config.pythonCommand}, local executor CPUs ${CPUS}, PGlite`,
  );
  // the same interpreter the engine runs (config ASB_PYTHON)
  const baseMs = await baseline(config.pythonCommand, wrapperDir, dataDir);
  console.log(`baseline: ${CHAIN} runner processes in sequence: ${ms(baseMs)} (${ms(baseMs / CHAIN)} each)`);
  const cost = await sandboxCost(config, wrapperDir, dataDir);
  console.log(
    `sandbox: a runner process bare median ${ms(median(cost.bare))}, in a fresh sandbox median ${ms(median(cost.sandboxed))} (p95 ${ms(percentile(cost.sandboxed, 95))}): a fresh sandbox adds ${ms(median(cost.sandboxed) - median(cost.bare))} at the median`,
  );
  console.log(
    cost.prepared.length === 0
      ? 'prepared sandbox: none here (ASB_SANDBOX_POOL=0, or not root)'
      : `prepared sandbox (ASB_SANDBOX_POOL): median ${ms(median(cost.prepared))} (p95 ${ms(percentile(cost.prepared, 95))}): it adds ${ms(median(cost.prepared) - median(cost.bare))} at the median (target ≤ 15 ms)`,
  );

  const chain: WorkflowGraph = {
    nodes: Array.from({ length: CHAIN }, (_, index) => node(`t${index}`)),
    edges: Array.from({ length: CHAIN - 1 }, (_, index) => ({ source: `t${index}`, sourceOutput: 'value', target: `t${index + 1}`, targetInput: 'value' })),
  };
  const chainRun = await execute(app, token, await seedWorkflow(app, 'chain', chain));
  const chainTasks = (await app.ctx.db.select().from(executionTasks).where(eq(executionTasks.executionId, chainRun.id))).sort(
    (a, b) => a.startDate!.getTime() - b.startDate!.getTime(),
  );
  const handoffs = chainTasks.slice(1).map((task, index) => task.startDate!.getTime() - chainTasks[index]!.endDate!.getTime());
  console.log(`chain of ${CHAIN}: ${ms(chainRun.wallMs)} = ${(chainRun.wallMs / baseMs).toFixed(2)} × baseline (issue 32's target ≤ 1.1)`);
  console.log(
    `hand-off from a task's end to the next task's start: median ${ms(median(handoffs))}, p95 ${ms(percentile(handoffs, 95))}, max ${ms(Math.max(...handoffs))} (issue 32's target: median < 5 ms)`,
  );
  const runs = chainTasks.map((task) => task.endDate!.getTime() - task.startDate!.getTime());
  console.log(
    `a chained task from its start to its end (folders, log, process, outputs): median ${ms(median(runs))} against ${ms(baseMs / CHAIN)} for a bare runner process`,
  );

  const fan: WorkflowGraph = {
    nodes: [node('split', { kind: 'dynamic-list-splitter', processVersion: undefined, listType: 'list-string' }), node('work')],
    edges: [{ source: 'split', sourceOutput: 'item', target: 'work', targetInput: 'value' }],
  };
  const items = JSON.stringify(Array.from({ length: FANOUT }, (_, index) => `item-${index}`));
  const fanRun = await execute(app, token, await seedWorkflow(app, 'fan-out', fan), [{ node_id: 'split', items: [{ identifier: 'items', value: items }] }]);
  // issue 32: within 1.2 × (FANOUT × one bare spawn ÷ CPUs)
  const fanTarget = (1.2 * FANOUT * (baseMs / CHAIN)) / CPUS;
  console.log(
    `fan-out of ${FANOUT}: ${ms(fanRun.wallMs)} (${(FANOUT / (fanRun.wallMs / 1000)).toFixed(1)} tasks/s on ${CPUS} CPUs; issue 32's target ≤ ${ms(fanTarget)})`,
  );

  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies: number[] = [];
  for (const run of [chainRun, fanRun]) {
    for (const task of await app.ctx.db.select().from(executionTasks).where(eq(executionTasks.executionId, run.id))) {
      const arrived = events.arrivals.get(`${run.id}/${task.taskId}`);
      // the success transition is the task row's last write: its updatedAt is when the state changed
      if (arrived && task.state === 'success' && task.nodeId !== 'split') latencies.push(arrived - task.updatedAt.getTime());
    }
  }
  console.log(
    `event latency, task success written → SSE client: median ${ms(median(latencies))}, p95 ${ms(percentile(latencies, 95))} over ${latencies.length} events`,
  );
  events.close();
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

await main();
