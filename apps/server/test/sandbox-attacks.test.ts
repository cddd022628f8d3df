import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { ExecutionResults } from '@asb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeeds, taskRows, waitForStatus } from './helpers/engine.js';
import { untilNoHostPids } from './helpers/host-processes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 11: a process any user can release tries to reach what lies outside its task,
 * in the real sandbox (bubblewrap), and every attempt fails. Each attempt answers
 * 'blocked: …' or 'LEAKED: …'.
 */
const HOSTILE = `
import os, socket, subprocess

INPUTS = [
    {"name": "server_pid", "data_type": "string"},
    {"name": "data_dir", "data_type": "string"},
    {"name": "other_output", "data_type": "string"},
    {"name": "port", "data_type": "string"},
    {"name": "marker", "data_type": "string"},
]
OUTPUTS = [{"name": "report", "data_type": "object"}]

def attempt(action):
    try:
        return "LEAKED: " + repr(action())[:300]
    except Exception as error:
        return "blocked: " + type(error).__name__

def write(file):
    with open(file, "w") as handle:
        handle.write("owned")
    return file

def connect(port):
    with socket.create_connection(("127.0.0.1", int(port)), timeout=5) as connection:
        return connection.recv(100)

def execute(out_dir, server_pid, data_dir, other_output, port, marker):
    report = {
        "server_environ": attempt(lambda: open(f"/proc/{server_pid}/environ").read()),
        "server_cmdline": attempt(lambda: open(f"/proc/{server_pid}/cmdline").read()),
        "data_dir": attempt(lambda: os.listdir(data_dir)),
        "database": attempt(lambda: os.listdir(os.path.join(data_dir, "pglite"))),
        "other_output": attempt(lambda: open(other_output).read()),
        "server_port": attempt(lambda: connect(port)),
        "write_usr": attempt(lambda: write("/usr/owned.txt")),
        "write_wrapper": attempt(lambda: write("/task/wrapper/owned.py")),
        "write_data_dir": attempt(lambda: write(os.path.join(data_dir, "owned.txt"))),
        "write_root": attempt(lambda: write("/owned.txt")),
        "processes": sorted(int(pid) for pid in os.listdir("/proc") if pid.isdigit()),
        # what the sandbox's first process and its mounts tell of the host
        "first_cmdline": open("/proc/1/cmdline").read().replace("\\0", " "),
        "mountinfo": open("/proc/self/mountinfo").read(),
        "uid": os.getuid(),
        "environment": sorted(os.environ),
    }
    # a process that tries to outlive the task: its own session, out of the task's group
    subprocess.Popen(["setsid", "sleep", marker], start_new_session=True)
    with open(os.path.join(out_dir, "mine.txt"), "w") as handle:
        handle.write("allowed")
    return {"report": report}
`;
const HOSTILE_SIGNATURE = {
  inputs: ['server_pid', 'data_dir', 'other_output', 'port', 'marker'].map((name) => ({ name, dataType: 'string' })),
  outputs: [{ name: 'report', dataType: 'object' }],
};

const NETWORK_CHECK = `
import socket
NETWORK = True
INPUTS = [{"name": "port", "data_type": "string"}]
OUTPUTS = [{"name": "answer", "data_type": "string"}]

def execute(out_dir, port):
    with socket.create_connection(("127.0.0.1", int(port)), timeout=5) as connection:
        return {"answer": connection.recv(100).decode()}
`;

const LIMITS = `
import os, time
INPUTS = [{"name": "what", "data_type": "string"}]
OUTPUTS = [{"name": "cpus", "data_type": "integer"}]

def execute(out_dir, what):
    if what == "cpus":
        return {"cpus": len(os.sched_getaffinity(0))}
    if what == "numpy":
        # a real runtime: numpy and its BLAS through /etc/alternatives and the loader cache
        import numpy
        return {"cpus": int(numpy.ones((3, 3)).dot(numpy.ones(3)).sum())}
    if what == "memory":
        hoard = bytearray(400 * 1024 * 1024)
        return {"cpus": len(hoard)}
    if what == "children":
        # each under the per-process limit, together over the task's memory
        for _ in range(3):
            if os.fork() == 0:
                hoard = b"x" * (200 * 1024 * 1024)
                while True:
                    time.sleep(0.1)
        while True:
            time.sleep(0.1)
    if what == "big-file":
        with open(os.path.join(out_dir, "big.bin"), "wb") as handle:
            handle.write(b"x" * (3 * 1024 * 1024))
    if what == "many-files":
        for index in range(8):
            with open(os.path.join(out_dir, f"part{index}.bin"), "wb") as handle:
                handle.write(b"x" * (512 * 1024))
        while True:
            time.sleep(0.1)
    return {"cpus": 0}
`;

describe('the task sandbox against a hostile process', () => {
  let app: TestApp;
  let seeds: ReturnType<typeof engineSeeds>;
  let listener: net.Server;
  let port: number;
  let victimFile: string;
  let umask: number;

  beforeAll(async () => {
    // as the server runs (main.ts): its files are its own, and tasks still read what they must
    umask = process.umask(0o077);
    app = await createTestApp({ engine: { localCpus: 2, sweepIntervalMs: 200 } });
    seeds = engineSeeds(app);
    await seeds.runnable('hostile', HOSTILE, HOSTILE_SIGNATURE);
    await seeds.runnable('network-check', NETWORK_CHECK, {
      inputs: [{ name: 'port', dataType: 'string' }],
      outputs: [{ name: 'answer', dataType: 'string' }],
      network: true,
    });
    await seeds.runnable(
      'limits',
      LIMITS,
      { inputs: [{ name: 'what', dataType: 'string' }], outputs: [{ name: 'cpus', dataType: 'integer' }] },
      { allocatedMem: 256, allocatedDisk: 1 },
    );
    // the server's port: something listening on loopback, as the portal does
    listener = net.createServer((socket) => socket.end('portal here'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
    // another user's private output, in the datastore
    victimFile = path.join(app.storage.root, 'datastore', 'victim', 'executions', 'private-run', 'a', 'secret.txt');
    await fs.mkdir(path.dirname(victimFile), { recursive: true });
    await fs.writeFile(victimFile, 'the victim secret');
  });
  afterAll(async () => {
    process.umask(umask);
    listener.close();
    await app.close();
  });

  const runOne = async (version: string, inputs: Record<string, string>) => {
    const workflow = await seeds.workflow(`run-${version.replace(/\W/g, '-')}-${Object.values(inputs).join('-')}`, [seeds.graph([{ id: 'a', version }], [])]);
    const id = await seeds.run(workflow, [{ node_id: 'a', items: Object.entries(inputs).map(([identifier, value]) => ({ identifier, value })) }]);
    const row = await waitForStatus(app, id, ['success', 'failed']);
    return { id, row, results: row.executionResults as ExecutionResults };
  };

  it('reaches nothing outside its own folders, and leaves nothing running', async () => {
    const marker = '3003.25';
    const { row, results } = await runOne('hostile:1', {
      server_pid: String(process.pid),
      data_dir: app.storage.root,
      other_output: victimFile,
      port: String(port),
      marker,
    });
    expect(row.status, JSON.stringify(results)).toBe('success');
    const report = results.data.find((record) => record.key === 'report')!.value as Record<string, unknown>;
    for (const name of [
      'server_environ',
      'server_cmdline',
      'data_dir',
      'database',
      'other_output',
      'server_port',
      'write_usr',
      'write_wrapper',
      'write_data_dir',
      'write_root',
    ]) {
      expect(report[name], name).toMatch(/^blocked: /);
    }
    // its own PID namespace: a handful of processes, none of the server's
    expect((report.processes as number[]).length).toBeLessThan(10);
    expect(report.processes).not.toContain(process.pid);
    expect(report.uid).toBe(65534);
    // bubblewrap's setup came through a pipe: its first process's command line names no host folder
    expect(report.first_cmdline).toContain('/task/runner/asb_runner.py');
    expect(report.first_cmdline).not.toContain(app.storage.root);
    expect(report.first_cmdline).not.toContain('--ro-bind');
    expect(report.first_cmdline).not.toContain('--setenv');
    // the mounts still show where the task's own folders lie (docs/security.md), and nothing else of the data directory
    const mounted = (report.mountinfo as string).split('\n').filter((line) => line.includes(app.storage.root));
    for (const line of mounted) expect(['/task/out', '/task/scratch', '/task/wrapper', '/tmp']).toContain(line.split(' ')[4]);
    expect(report.environment).not.toEqual(expect.arrayContaining(['ASB_ADMIN_PASSWORD']));
    // of ASB_* only the task's own limits (the runner applies them), nothing of the server's configuration
    expect(
      (report.environment as string[]).filter((name) => /^(ASB_(?!MEMORY_MB$|CPUS$|DISK_MB$|MAX_PROCESSES$|CPU_LIST$)|DATABASE|REDIS|S3_)/.test(name)),
    ).toEqual([]);
    // nothing was written outside, and the process it left behind went with the task
    await expect(fs.access('/usr/owned.txt')).rejects.toThrow();
    await expect(fs.access(path.join(app.storage.root, 'owned.txt'))).rejects.toThrow();
    await untilNoHostPids(marker);
  });

  it('writes its outputs as the unprivileged task user', async () => {
    const { id } = await runOne('hostile:1', {
      server_pid: '1',
      data_dir: '/nonexistent',
      other_output: '/nonexistent',
      port: String(port),
      marker: '3004.25',
    });
    const [task] = await taskRows(app, id);
    const file = path.join(app.storage.root, 'datastore', 'admin', 'executions');
    const [execution] = await fs.readdir(file);
    const stat = await fs.stat(path.join(file, execution!, task!.taskId, 'mine.txt'));
    expect(process.getuid?.() === 0 ? stat.uid : 65534).toBe(65534);
  });

  it("gets a network of its own when its version declares it, where the portal's loopback port is out of reach", async () => {
    // more in engine/sandbox/task-network.integration.test.ts
    const { id, row } = await runOne('network-check:1', { port: String(port) });
    expect(row.status).toBe('failed');
    expect((await taskRows(app, id))[0]?.error).toMatch(/ConnectionRefusedError/);
  });

  it('runs numpy, whose BLAS the loader finds through /etc (under the server umask 077)', async () => {
    const { row, id, results } = await runOne('limits:1', { what: 'numpy' });
    expect(row.status, JSON.stringify(await taskRows(app, id))).toBe('success');
    expect(results.data.find((record) => record.key === 'cpus')?.value).toBe(9);
  });

  it('runs on as many CPUs as its image has', async () => {
    const { results } = await runOne('limits:1', { what: 'cpus' });
    expect(results.data.find((record) => record.key === 'cpus')?.value).toBe(1);
  });

  it('fails a task that takes more memory than its image has', async () => {
    const { id, row } = await runOne('limits:1', { what: 'memory' });
    expect(row.status).toBe('failed');
    expect((await taskRows(app, id))[0]?.error).toMatch(/MemoryError: out of memory \(the task may use 256 MB\)/);
  });

  it('stops a task whose processes together outgrow its memory, and its report says so', async () => {
    // more attacks on the limits of the whole task: engine/sandbox/task-limits.integration.test.ts
    const { row, results } = await runOne('limits:1', { what: 'children' });
    expect(row.status).toBe('failed');
    expect(results.failure?.reason).toBe('Memory limit of 256 MB reached.');
  });

  it('fails a task that writes a file larger than its disk, or more files than it may keep', async () => {
    const big = await runOne('limits:1', { what: 'big-file' });
    expect(big.row.status).toBe('failed');
    // on its own filesystem the disk is full before the file reaches its limit; elsewhere RLIMIT_FSIZE stops it
    expect((await taskRows(app, big.id))[0]?.error).toMatch(/^(Disk limit of 1 MB reached\.|.*File too large)/);
    const many = await runOne('limits:1', { what: 'many-files' });
    expect(many.row.status).toBe('failed');
    expect((await taskRows(app, many.id))[0]?.error).toBe('Disk limit of 1 MB reached.');
  });
});
