import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { TaskJob } from '../executors/executor.js';
import { openCgroups } from './cgroups.js';
import { launchSandbox } from './sandbox-launch.js';
import { openSandbox } from './open-sandbox.js';
import type { TaskSandbox } from './task-sandbox.js';

/**
 * Issue 32 §3: sandboxes made ahead of their tasks (ASB_SANDBOX_POOL) keep what a fresh one
 * gives: a network namespace of its own per task (loopback only, never shared, the host's
 * loopback out of reach), the task's limits in its control group before it runs, and nothing
 * left behind.
 */
const WRAPPER = `import os, socket
INPUTS = [{"name": "port", "data_type": "integer"}]
OUTPUTS = [{"name": "network", "data_type": "string"}]

def execute(out_dir, port):
    own = socket.socket()
    own.bind(("127.0.0.1", 0))
    own.listen()
    socket.create_connection(own.getsockname(), timeout=5).close()
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
        host = "reached"
    except OSError as error:
        host = type(error).__name__
    print("host loopback:", host, "interfaces:", [name for _, name in socket.if_nameindex()], flush=True)
    return {"network": os.readlink("/proc/self/ns/net")}
`;

const isRoot = process.getuid?.() === 0;
const cgroups = isRoot ? openCgroups() : undefined;

describe.skipIf(!isRoot)('prepared sandboxes', () => {
  let root: string;
  let wrapperDir: string;
  let sandbox: TaskSandbox;
  let isPrepared: boolean;
  let runs = 0;

  const job = (inputs: Record<string, unknown>): TaskJob =>
    ({ inputs, outDir: path.join(root, 'exec', `task${++runs}`), cpus: 1, memoryMb: 256, diskMb: 0, network: false }) as unknown as TaskJob;

  /** Runs one task in a prepared sandbox: its exit code, log and outputs. */
  const runPrepared = async (inputs: Record<string, unknown>) => {
    expect(await sandbox.whenPrepared()).toBe(true);
    const task = job(inputs);
    const scratchDir = path.join(root, 'exec', '.work', String(runs));
    const spawned = sandbox.spawn({ job: task, wrapperDir, scratchDir, cpuList: [0], ownFilesystem: false });
    expect(spawned.prepared).toBeDefined();
    const logPath = path.join(root, `task${runs}.log`);
    const logFd = fs.openSync(logPath, 'a');
    fs.writeSync(logFd, 'server: start\n');
    try {
      const child = launchSandbox(spawned, { stdio: ['pipe', logFd, logFd], onSetupFailed: () => undefined });
      child.stdin!.end(JSON.stringify(spawned.inputs));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      fs.writeSync(logFd, 'server: end\n');
      const outputs = code === 0 ? (JSON.parse(fs.readFileSync(path.join(scratchDir, 'outputs.json'), 'utf8')) as Record<string, string>) : {};
      return { code, log: fs.readFileSync(logPath, 'utf8'), outputs };
    } finally {
      fs.closeSync(logFd);
      await spawned.cgroup?.remove();
    }
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-sandbox-pool-'));
    // the task's user passes through it to its folders
    fs.chmodSync(root, 0o755);
    wrapperDir = path.join(root, 'wrapper');
    fs.mkdirSync(wrapperDir);
    fs.writeFileSync(path.join(wrapperDir, 'process_wrapper.py'), WRAPPER);
    const config = loadConfig({});
    sandbox = openSandbox({ ...config.sandbox, poolSize: 2 }, config.pythonCommand);
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('ends the sandboxes still waiting, and their control groups, when closed', async () => {
    const closing = openSandbox({ ...loadConfig({}).sandbox, poolSize: 1 }, loadConfig({}).pythonCommand);
    expect(await closing.whenPrepared()).toBe(true);
    // first in this file: no other sandbox of this process has a group yet
    const groups = () => (cgroups?.roots ?? []).flatMap((folder) => fs.readdirSync(folder).filter((name) => name.startsWith(`${process.pid}-`)));
    if (cgroups) expect(groups().length).toBeGreaterThan(0);
    await closing.close();
    expect(groups()).toEqual([]);
    expect(await closing.whenPrepared()).toBe(false);
  });

  it('runs each task in a network namespace of its own, used once, with its own loopback and not the host’s', async () => {
    isPrepared = await sandbox.whenPrepared();
    expect(isPrepared).toBe(true);
    const connections: net.Socket[] = [];
    const host = net.createServer((socket) => connections.push(socket.destroy()));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const port = (host.address() as net.AddressInfo).port;
      const first = await runPrepared({ port });
      const second = await runPrepared({ port });
      for (const run of [first, second]) {
        expect(run.code).toBe(0);
        // the task's lines land in the log between the server's own
        expect(run.log).toBe("server: start\nhost loopback: ConnectionRefusedError interfaces: ['lo']\nserver: end\n");
      }
      expect(first.outputs.network).toMatch(/^net:\[\d+\]$/);
      expect(second.outputs.network).not.toBe(first.outputs.network);
      expect([first.outputs.network, second.outputs.network]).not.toContain(fs.readlinkSync('/proc/self/ns/net'));
      expect(connections).toHaveLength(0);
    } finally {
      host.close();
    }
  });

  it('refuses to write a task’s output over a file the server writes at its own offset, and ends unused', async () => {
    expect(await sandbox.whenPrepared()).toBe(true);
    const spawned = sandbox.spawn({ job: job({ port: 1 }), wrapperDir, scratchDir: path.join(root, 'refused'), cpuList: [0], ownFilesystem: false });
    expect(spawned.prepared).toBeDefined();
    const fd = fs.openSync(path.join(root, 'not-appending.log'), 'w');
    try {
      expect(() => launchSandbox(spawned, { stdio: ['pipe', fd, fd], onSetupFailed: () => undefined })).toThrow(/opened for appending/);
    } finally {
      fs.closeSync(fd);
    }
    // its group goes with it (nothing left waiting in it)
    const group = path.dirname(spawned.cgroup?.procsFiles[0] ?? path.join(root, 'none', 'x'));
    await vi.waitFor(() => expect(fs.existsSync(group)).toBe(false), { timeout: 20_000, interval: 20 });
  });

  it.skipIf(!cgroups)('holds the task’s limits in its control group before the task is released', async () => {
    expect(await sandbox.whenPrepared()).toBe(true);
    const spawned = sandbox.spawn({ job: job({ port: 1 }), wrapperDir, scratchDir: path.join(root, 'limits'), cpuList: [0], ownFilesystem: false });
    try {
      expect(spawned.prepared).toBeDefined();
      const folders = spawned.cgroup!.procsFiles.map((file) => path.dirname(file));
      const read = (name: string) => {
        const folder = folders.find((candidate) => fs.existsSync(path.join(candidate, name)));
        return fs.readFileSync(path.join(folder!, name), 'utf8').trim();
      };
      // the waiting shell is already inside: everything the task starts is born there
      expect(read('cgroup.procs')).toMatch(/^\d+/);
      expect(read(cgroups!.version === 1 ? 'memory.limit_in_bytes' : 'memory.max')).toBe(String(256 * 1024 * 1024));
      expect(read('pids.max')).toBe(String(loadConfig({}).sandbox.maxProcesses));
    } finally {
      await spawned.cgroup?.remove();
    }
  });
});
