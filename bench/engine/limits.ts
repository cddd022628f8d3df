/**
 * What the task limits of issue 30 §3 add to a task's start (README.md beside this file):
 *   - the control group: made in TaskSandbox.spawn, entered by a shell that becomes
 *     bubblewrap, removed after the end — the sandboxed runner with it and without it
 *     (the same command with the shell taken off), alternately;
 *   - the attempt's own filesystem (disk-quota.ts): taking and opening it before the start
 *     and copying the outputs back after the end, timed on their own (one made ahead, as a
 *     task in a chain finds it; ASB_SANDBOX_POOL=0: made and removed for each).
 * Usage: npx tsx bench/engine/limits.ts [--runs 40] [--disk-mb 1024]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.js';
import type { TaskJob } from '../../apps/server/src/engine/executors/executor.js';
import { openCgroups } from '../../apps/server/src/engine/sandbox/cgroups.js';
import { openDiskQuota } from '../../apps/server/src/engine/sandbox/disk-quota.js';
import { type SandboxLaunch } from '../../apps/server/src/engine/sandbox/sandbox-launch.js';
import { timedSandbox } from './timed-sandbox.js';
import { openSandbox } from '../../apps/server/src/engine/sandbox/open-sandbox.js';

const args = new Map(process.argv.slice(2).flatMap((arg, index, all) => (arg.startsWith('--') ? [[arg.slice(2), all[index + 1] ?? '']] : [])));
const RUNS = Number(args.get('runs') ?? 40);
const DISK_MB = Number(args.get('disk-mb') ?? 1024);

const WRAPPER = `INPUTS = [{"name": "value", "data_type": "string", "default": "x"}]
OUTPUTS = [{"name": "value", "data_type": "string"}]


def execute(out_dir, **inputs):
    return {"value": inputs["value"]}
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The same command without the shell that enters the control group (cgroups.ts withinCgroup). */
function withoutCgroup(launch: SandboxLaunch & { cgroup?: { procsFiles: string[] } }): SandboxLaunch {
  if (!launch.cgroup) return launch;
  const skip = 4 + launch.cgroup.procsFiles.length;
  return { ...launch, command: launch.args[skip]!, args: launch.args.slice(skip + 1) };
}

async function main() {
  // ASB_SANDBOX_POOL=0 from the shell: each attempt's filesystem made for it (and removed after), for comparison
  const config = loadConfig({ ASB_SANDBOX_POOL: process.env.ASB_SANDBOX_POOL });
  const log = { info: (_: object, message?: string) => console.log(message), warn: (_: object, message?: string) => console.log(`WARNING: ${message}`) };
  const cgroups = openCgroups(log);
  // fresh sandboxes: a prepared one is released once, and its group is made ahead (the comparison runs each launch twice)
  const sandbox = openSandbox({ ...config.sandbox, poolSize: 0 }, config.pythonCommand);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-bench-limits-'));
  try {
    const wrapperDir = path.join(root, 'wrapper');
    await fs.mkdir(wrapperDir);
    await fs.writeFile(path.join(wrapperDir, 'process_wrapper.py'), WRAPPER);
    await fs.chmod(root, 0o755);
    const withGroup: number[] = [];
    const without: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      const job = {
        inputs: { value: 'x' },
        outDir: path.join(root, 'exec', String(index)),
        cpus: 1,
        memoryMb: 1024,
        diskMb: DISK_MB,
        network: false,
      } as unknown as TaskJob;
      // the spawn makes the group: its time counts; the filesystem is measured apart below
      const started = performance.now();
      const spawned = sandbox.spawn({ job, wrapperDir, scratchDir: path.join(root, 'exec', '.work', String(index)), cpuList: [0], ownFilesystem: false });
      const made = performance.now() - started;
      const input = JSON.stringify(spawned.inputs);
      const ran = await timedSandbox(spawned, input);
      const removing = performance.now();
      await spawned.cgroup?.remove();
      withGroup.push(made + ran + (performance.now() - removing));
      without.push(await timedSandbox(withoutCgroup(spawned), input));
    }
    console.log(
      `control group (cgroup v${cgroups?.version ?? '-'}): sandboxed runner median ${ms(median(without))} without, ${ms(median(withGroup))} with: adds ${ms(median(withGroup) - median(without))} at the median (target < 5 ms)`,
    );
    const quota = openDiskQuota({
      dir: path.join(root, 'disks'),
      owner: { uid: config.sandbox.uid, gid: config.sandbox.gid },
      poolSize: config.sandbox.poolSize,
      log,
    });
    if (!quota) return;
    const mounts: number[] = [];
    const finishes: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      const plan = {
        scratchDir: path.join(root, 'disk', '.work', String(index)),
        outDir: path.join(root, 'disk', String(index)),
        diskMb: DISK_MB,
      };
      await fs.mkdir(plan.scratchDir, { recursive: true });
      // the previous one wiped, the next made ahead: as a chained task finds them
      await quota.settled();
      let started = performance.now();
      const disk = await quota.claim(plan).open();
      mounts.push(performance.now() - started);
      started = performance.now();
      await disk.finish();
      finishes.push(performance.now() - started);
    }
    console.log(
      `own filesystem of ${DISK_MB} MB: taken and opened median ${ms(median(mounts))} before the start, outputs copied back median ${ms(median(finishes))} after the end (empty outputs)`,
    );
    await quota.close();
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

await main();
