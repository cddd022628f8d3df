import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostPidsOf, untilNoHostPids } from '../../../test/helpers/host-processes.js';
import { loadConfig } from '../../config.js';
import { SandboxedProcess } from '../runtime/sandboxed-process.js';
import { parseAllowList } from '../../platform/outbound/outbound-fetch.js';
import { egressRules, SLIRP } from './egress-rules.js';
import { openSandbox } from './open-sandbox.js';
import type { TaskSandbox } from './task-sandbox.js';

/**
 * Issue 30 §4: a task that declares the network gets its own namespace behind slirp4netns,
 * with egress only. Every target here is on this machine: the host's loopback (seen from the
 * task as the gateway, or as 127.0.0.1) and the host's own addresses.
 */
const CONNECT = `
import json, socket, sys
def attempt(host, port):
    try:
        with socket.create_connection((host, int(port)), timeout=20) as connection:
            return "LEAKED: " + connection.recv(100).decode()
    except OSError as error:
        return "blocked: " + type(error).__name__
print(json.dumps({f"{host} {port}": attempt(host, port) for host, port in json.loads(sys.argv[1])}))
`;

interface Listener {
  server: net.Server;
  port: number;
  connections: number;
}

async function listen(host: string, answer: string): Promise<Listener> {
  const listener: Listener = { server: net.createServer(), port: 0, connections: 0 };
  listener.server.on('connection', (socket) => {
    listener.connections += 1;
    socket.end(answer);
  });
  await new Promise<void>((resolve) => listener.server.listen(0, host, resolve));
  listener.port = (listener.server.address() as net.AddressInfo).port;
  return listener;
}

/** The host's own addresses besides loopback (a service on 0.0.0.0 answers on each). */
const hostAddresses = () =>
  Object.values(os.networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith('fe80'))
    .map((entry) => entry.address);

/**
 * A namespace whose only way out is a tun device nobody reads (no packet leaves the machine):
 * without the rules a connection there waits until its time-out; a refused one fails at once.
 */
const TUN_NAMESPACE = `
set -e
ip link set lo up
ip tuntap add d0 mode tun
ip link set d0 up
ip addr add 10.0.2.100/24 dev d0
ip route add default via ${SLIRP.gateway}
ip -6 addr add fd00::100/64 dev d0 nodad
ip -6 route add default dev d0
nft -f "$1"
shift
exec python3 -c "$@"
`;

const REFUSED = [
  '169.254.169.254',
  '100.100.100.200',
  '100.64.0.1',
  '10.1.2.3',
  '172.16.5.4',
  '192.168.1.1',
  '0.0.0.1',
  '::ffff:169.254.169.254',
  'fd00:ec2::254',
  'fe80::1%d0',
  '2001:db8::1',
];

describe('the egress-only network of a task that declares it', () => {
  let root: string;
  let portal: Listener;
  let everywhere: Listener;
  let closed: TaskSandbox;
  let loopbackAllowed: TaskSandbox;
  let runs = 0;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-task-network-'));
    const config = loadConfig({});
    closed = openSandbox({ ...config.sandbox, outboundAllow: [] }, config.pythonCommand);
    loopbackAllowed = openSandbox({ ...config.sandbox, outboundAllow: ['127.0.0.1'] }, config.pythonCommand);
    portal = await listen('127.0.0.1', 'portal here');
    everywhere = await listen('::', 'any address');
  });
  afterAll(async () => {
    portal.server.close();
    everywhere.server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** Runs python code in a sandbox with the network declared; answers its exit, what it printed and its log. */
  const run = async (sandbox: TaskSandbox, code: string, args: string[], whileRunning?: (process: SandboxedProcess, pid: number) => void) => {
    const dir = path.join(root, String(++runs));
    const job = { inputs: {}, outDir: path.join(dir, 'out'), cpus: 1, memoryMb: 0, diskMb: 64, network: true };
    const scratchDir = path.join(dir, 'scratch');
    await fs.mkdir(path.join(dir, 'wrapper'), { recursive: true });
    const spawned = sandbox.spawn({
      job,
      wrapperDir: path.join(dir, 'wrapper'),
      scratchDir,
      cpuList: [0],
      command: () => ['/usr/bin/python3', '-c', code, ...args],
    });
    const stdout = await fs.open(path.join(dir, 'stdout'), 'w');
    const log = await fs.open(path.join(dir, 'log'), 'w');
    const process = new SandboxedProcess(job, scratchDir);
    let pid = 0;
    try {
      const exit = await process.run(
        spawned,
        {
          cpuList: [0],
          logFd: log.fd,
          onRunning: (handle) => {
            pid = handle ?? 0;
            whileRunning?.(process, pid);
          },
          onLimitExceeded: () => undefined,
        },
        { stdout: stdout.fd },
      );
      return { exit, pid, stdout: await fs.readFile(path.join(dir, 'stdout'), 'utf8'), log: await fs.readFile(path.join(dir, 'log'), 'utf8') };
    } finally {
      await stdout.close();
      await log.close();
    }
  };

  it("reaches none of the host's services: not its loopback, not its own addresses", async () => {
    const targets = [
      [SLIRP.gateway, portal.port],
      ['127.0.0.1', portal.port],
      ['::1', everywhere.port],
      ...hostAddresses().map((address) => [address, everywhere.port]),
    ];
    const { exit, stdout, log } = await run(closed, CONNECT, [JSON.stringify(targets)]);
    expect(exit.code, log).toBe(0);
    const report = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(report)).toHaveLength(targets.length);
    for (const [target, outcome] of Object.entries(report)) expect(outcome, target).toMatch(/^blocked: /);
    expect(portal.connections + everywhere.connections).toBe(0);
  });

  it('reaches the host loopback that ASB_OUTBOUND_ALLOW names, as its gateway, and still nothing else', async () => {
    const targets = [[SLIRP.gateway, portal.port], ...hostAddresses().map((address) => [address, everywhere.port])];
    const { stdout, log } = await run(loopbackAllowed, CONNECT, [JSON.stringify(targets)]);
    const report = JSON.parse(stdout || '{}') as Record<string, string>;
    expect(report[`${SLIRP.gateway} ${portal.port}`], log).toBe('LEAKED: portal here');
    for (const address of hostAddresses()) expect(report[`${address} ${everywhere.port}`], address).toMatch(/^blocked: /);
    expect(everywhere.connections).toBe(0);
  });

  it('has rules that refuse every private, link-local (metadata), carrier-grade NAT and reserved range, IPv6 too', async () => {
    const rules = path.join(root, 'rules.nft');
    await fs.writeFile(rules, egressRules(parseAllowList([]), []));
    const targets = JSON.stringify(REFUSED.map((address) => [address, 80]));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('unshare', ['--net', 'sh', '-c', TUN_NAMESPACE, 'sh', rules, CONNECT, targets], (error, out, err) =>
        error ? reject(new Error(err)) : resolve(out),
      ),
    );
    const report = JSON.parse(stdout) as Record<string, string>;
    // refused at once (no route, refused, not permitted); through the tun it would be a TimeoutError
    for (const address of REFUSED) expect(report[`${address} 80`], address).toBe('blocked: ConnectionRefusedError');
  });

  it('has a network namespace of its own, whose slirp4netns ends with the task (also when it is stopped)', async () => {
    const ended = await run(closed, 'print(open("/proc/net/route").read() + open("/etc/resolv.conf").read())', []);
    expect(ended.stdout, ended.log).toMatch(/^tap0\s+00000000\s+0202000A/m);
    // names are asked of slirp4netns's DNS, which asks the host's resolver
    expect(ended.stdout).toContain(`nameserver ${SLIRP.dns}`);
    await untilNoHostPids(String(ended.pid));
    // a task that would run for long, stopped once its network is up
    const stopped = await run(closed, 'import time\nprint("up", flush=True)\ntime.sleep(600)', [], (process, pid) => {
      const stopOnceAttached = async () => {
        await vi.waitFor(async () => expect(await hostPidsOf(String(pid))).not.toEqual([]), { timeout: 60_000, interval: 20 });
        process.cancel();
      };
      void stopOnceAttached();
    });
    expect(stopped.exit.signal ?? stopped.exit.code).not.toBe(0);
    expect(await untilNoHostPids(String(stopped.pid))).toBeDefined();
  });
});
