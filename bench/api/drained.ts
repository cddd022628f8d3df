/**
 * When has the server finished what the previous run left behind? autocannon closes its sockets
 * at the end of a run and the paced run gives requests up, but the server still works through
 * their queries: PGlite answers one query at a time, and a list request is several queries, so a
 * single probe queued behind the backlog is answered after one layer of it, not after all of it.
 * The state waited for: a few probes in a row answered about as fast as on the idle server.
 */
import { request } from 'undici';

/** probes in a row that must answer close to the idle time */
const QUIET_IN_A_ROW = 5;
/** give up after this long: the next rows are then marked as measured on a busy server */
const GIVE_UP_MS = 300_000;

export interface Probe {
  url: string;
  token: string;
  /** the median answer time of the idle server, in ms (idleProbeMs) */
  idleMs: number;
}

async function probeOnce(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await request(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(GIVE_UP_MS) });
  await response.body.dump();
  if (response.statusCode !== 200) throw new Error(`probe ${url}: ${response.statusCode}`);
  return performance.now() - started;
}

/** The median of a few probes of the server before any load: what "idle" answers in. */
export async function idleProbeMs(url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < 9; index++) times.push(await probeOnce(url, token));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Probes one after another until QUIET_IN_A_ROW of them in a row answer within 3× the idle
 * time (+ 10 ms of slack for a busy machine's scheduling). Answers false when the server was
 * still busy after GIVE_UP_MS.
 */
export async function drained({ url, token, idleMs }: Probe): Promise<boolean> {
  const limit = 3 * idleMs + 10;
  const started = performance.now();
  let quiet = 0;
  while (quiet < QUIET_IN_A_ROW) {
    if (performance.now() - started > GIVE_UP_MS) return false;
    quiet = (await probeOnce(url, token)) <= limit ? quiet + 1 : 0;
  }
  return true;
}
