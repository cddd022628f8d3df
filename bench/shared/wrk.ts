/**
 * `--load wrk`: Debian's wrk (C, one epoll thread; `apt-get install wrk`) drives the runs of a
 * fixed number of connections instead of autocannon. On two vCPUs that the portal's processes,
 * PostgreSQL and the load generator share, autocannon (a Node thread that parses every answer)
 * holds much of the CPU a second portal process would use; wrk holds a small part of it. Issue 31
 * §5 compares one portal process with two, where that difference is the whole question.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Figures } from './harness.js';

export interface WrkRun {
  url: string;
  connections: number;
  /** seconds */
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  /** sent in turn, one per request (a search benchmark's queries) */
  bodies?: string[];
}

const luaString = (value: string) => {
  // a long bracket whose level no `]=…=]` inside the value can close
  let level = '';
  while (value.includes(`]${level}]`)) level += '=';
  return `[${level}[${value}]${level}]`;
};

/** The Lua script: the requests, and one line of figures at the end (latencies in microseconds). */
function wrkScript({ method = 'GET', headers = {}, bodies = [] }: Omit<WrkRun, 'url' | 'connections' | 'duration'>): string {
  const headerLines = Object.entries(headers).map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  return [
    `wrk.method = ${luaString(method)}`,
    ...headerLines,
    `local bodies = { ${bodies.map(luaString).join(', ')} }`,
    'local next = 0',
    'if #bodies > 0 then',
    '  request = function()',
    '    next = next % #bodies + 1',
    '    return wrk.format(nil, nil, nil, bodies[next])',
    '  end',
    'end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("ASB-WRK %d %d %d %.0f %.0f %.0f %.0f\\n", summary.requests, summary.duration,',
    '    e.connect + e.read + e.write + e.status + e.timeout,',
    '    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))',
    'end',
  ].join('\n');
}

/** Reads the script's last line into the benches' figures (wrk counts a non-2xx/3xx answer in errors.status). */
function wrkFigures(stdout: string, stderr = ''): Figures {
  const line = stdout.split('\n').find((l) => l.startsWith('ASB-WRK '));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}\n${stderr}`);
  const [requests, micros, errors, p50, p95, p99, max] = line.slice('ASB-WRK '.length).trim().split(/\s+/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = (us: number) => us / 1000;
  return { requests, rps: requests / (micros / 1e6), p50: ms(p50), p95: ms(p95), p99: ms(p99), max: ms(max), errors };
}

export async function wrkLoad(run: WrkRun): Promise<Figures> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-wrk-'));
  try {
    const script = path.join(dir, 'run.lua');
    await fs.writeFile(script, wrkScript(run));
    const args = ['-t1', `-c${run.connections}`, `-d${run.duration}s`, '--timeout', '10s', '-s', script, run.url];
    const { stdout, stderr } = await promisify(execFile)('wrk', args, { maxBuffer: 1 << 20 });
    return wrkFigures(stdout, stderr);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
