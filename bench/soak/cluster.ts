import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../../apps/server/test/helpers/free-port.js';

export const REPO = path.resolve(import.meta.dirname, '../..');

export type Kind = 'portal' | 'worker';

/** One portal replica or worker, started from its Procfile line. */
export interface Member {
  name: string;
  kind: Kind;
  child: ChildProcess;
  pid: number;
  /** the portal's HTTP port */
  port?: number;
  /** the label its attempts carry (workers): worker:{host}:{pid} */
  label?: string;
  exited: Promise<void>;
  isAlive(): boolean;
  /** the last lines it wrote (for an error message) */
  tail(): string;
}

export interface StartOptions {
  name: string;
  kind: Kind;
  command: string[];
  env: Record<string, string>;
  logDir: string;
  /** each JSON line of stdout, parsed (workers' task ends are read from them) */
  onLine?: (member: string, line: Record<string, unknown>) => void;
}

/** Every child this process started, killed when it exits however it exits. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export async function startMember(options: StartOptions): Promise<Member> {
  const port = options.kind === 'portal' ? await freePort() : undefined;
  const [program, ...args] = options.command;
  // the Procfile's `node` is this Node
  const child = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: REPO,
    env: { ...process.env, ...options.env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const log: WriteStream = createWriteStream(path.join(options.logDir, `${options.name}.log`), { flags: 'a' });
  const recent: string[] = [];
  const keep = (line: string) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
  };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      started.delete(child);
      resolve();
    }),
  );
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    log.write(`${line}\n`);
    keep(line);
    if (!options.onLine || !line.startsWith('{')) return;
    try {
      options.onLine(options.name, JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not JSON after all
    }
  });
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    log.write(`${line}\n`);
    keep(line);
  });
  void exited.then(() => log.end());
  const member: Member = {
    name: options.name,
    kind: options.kind,
    child,
    pid: child.pid!,
    port,
    exited,
    isAlive: () => child.exitCode === null && child.signalCode === null,
    tail: () => recent.join('\n'),
  };
  return member;
}

/** Waits until check() holds, or the member exits (an error with its last lines). */
export async function untilReady(member: Member, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (!member.isAlive()) throw new Error(`${member.name} exited before it was ready:\n${member.tail()}`);
    if (Date.now() > deadline) throw new Error(`${member.name} was not ready after ${timeoutMs / 1000} s:\n${member.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stopMember(member: Member, graceMs = 15_000): Promise<void> {
  if (!member.isAlive()) return;
  member.child.kill('SIGTERM');
  const timer = setTimeout(() => member.child.kill('SIGKILL'), graceMs);
  await member.exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB (/proc/{pid}/status VmRSS), undefined once it is gone. */
export async function rssMb(pid: number): Promise<number | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** The Node processes a member started (a replica's HTTP processes), not its tasks' sandboxes. */
export async function nodeChildren(pid: number): Promise<number[]> {
  const listed = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const children: number[] = [];
  for (const child of listed.split(' ').filter(Boolean).map(Number)) {
    const command = await fs.readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
    if (command.split('\0')[0] === process.execPath) children.push(child);
  }
  return children;
}
