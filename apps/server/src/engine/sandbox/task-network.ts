import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllowList } from '../../platform/outbound/outbound-fetch.js';
import { allowsHostLoopback, egressRules, SLIRP } from './egress-rules.js';

/** The tools of the egress-only network (Debian: slirp4netns, nftables; unshare and nsenter come with util-linux). */
interface NetworkTools {
  slirp4netns: string;
  nft: string;
  unshare: string;
  nsenter: string;
}

const SEARCH = ['/usr/bin', '/usr/sbin', '/bin', '/sbin'];

export function findTool(name: string): string | undefined {
  return SEARCH.map((folder) => path.join(folder, name)).find((candidate) => fs.existsSync(candidate));
}

/**
 * How declared-network tasks get the network here (docs/security.md "Network"): their own
 * network namespace behind slirp4netns, or why they cannot.
 */
export type EgressSupport = { ok: true; tools: NetworkTools } | { ok: false; reason: string };

export function egressSupport(isRoot: boolean): EgressSupport {
  if (!isRoot)
    return {
      ok: false,
      reason:
        'the egress-only network needs the server (or asb worker) to run as root, which makes the network namespace, its rules and its slirp4netns before dropping to the task user',
    };
  const tools = { slirp4netns: findTool('slirp4netns'), nft: findTool('nft'), unshare: findTool('unshare'), nsenter: findTool('nsenter') };
  const missing = Object.entries(tools).flatMap(([name, found]) => (found ? [] : [name]));
  if (missing.length > 0)
    return { ok: false, reason: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed (Debian: apt-get install slirp4netns nftables)` };
  return { ok: true, tools: tools as NetworkTools };
}

/** What the sandbox hands the launcher for a task with the egress-only network. */
export interface EgressPlan {
  tools: NetworkTools;
  /** ASB_OUTBOUND_ALLOW, as the operator wrote it */
  allow: readonly string[];
}

/** The command that starts the sandbox in a network namespace of its own (bubblewrap then keeps it: no --unshare-net). */
export function inOwnNetwork(plan: EgressPlan, command: string, args: string[]): { command: string; args: string[] } {
  return { command: plan.tools.unshare, args: ['--net', '--', command, ...args] };
}

/** The task's /etc/resolv.conf: slirp4netns's DNS, which asks the host's resolver (the host's own may be a refused address). */
export const RESOLV_CONF = `nameserver ${SLIRP.dns}\n`;

/** Every address of the host's interfaces: a service listening on 0.0.0.0 is reached through them too. */
function hostAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}

function run(command: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)}: ${stderr.trim() || `exit ${code}`}`))));
    child.stdin.end(input);
  });
}

/**
 * Attaches slirp4netns to the network namespace of `pid` and sets its rules, before the task
 * runs (bubblewrap waits on its --block-fd meanwhile). slirp4netns is the server's child with
 * an exit pipe: it ends when the returned stop is called, and by itself when the server dies.
 * Rejects (having stopped what it started) when the namespace cannot be set up.
 */
export async function attachEgress(plan: EgressPlan, pid: number): Promise<() => void> {
  const allow = parseAllowList(plan.allow);
  const slirp = spawn(
    plan.tools.slirp4netns,
    [
      '--configure',
      '--mtu=65520',
      // the host's loopback only when the allow list names it (the task then sees it as the gateway)
      ...(allowsHostLoopback(allow) ? [] : ['--disable-host-loopback']),
      // slirp4netns parses the task's packets as root: confined in an empty root, without capabilities, under seccomp
      '--enable-sandbox',
      '--enable-seccomp',
      '--exit-fd',
      '3',
      '--ready-fd',
      '4',
      String(pid),
      'tap0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  slirp.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exitPipe = slirp.stdio[3] as NodeJS.WritableStream & { destroy(): void };
  const stop = () => {
    exitPipe.destroy();
    if (slirp.exitCode === null && slirp.signalCode === null) slirp.kill('SIGKILL');
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const ready = slirp.stdio[4]!;
      ready.once('data', () => resolve());
      slirp.once('error', reject);
      slirp.once('exit', (code, signal) => reject(new Error(`slirp4netns ended (${code ?? signal}): ${stderr.trim()}`)));
    });
    await run(plan.tools.nsenter, [`--net=/proc/${pid}/ns/net`, plan.tools.nft, '-f', '-'], egressRules(allow, hostAddresses()));
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
