import { inArray, notInArray } from 'drizzle-orm';
import { executions, executionTasks } from '../../apps/server/src/db-schema.js';
import type { TestS3 } from '../../apps/server/test/helpers/s3rver.js';
import type { Db } from '../../apps/server/src/platform/db/client.js';
import { STEP_OUTPUT_FILE } from './seed.js';

const FINAL = ['success', 'failed', 'stopped'];

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** Everything the soak asked of the cluster, and what it saw the workers say. */
export interface Ledger {
  /** executions submitted through the API (PATCH execute answered 200) */
  submitted: number[];
  /** single-execution schedules created, each due once during the run */
  schedules: number[];
  /** `{execution identifier}|{task}|{try}` → how many times a worker logged that attempt as succeeded */
  workerSuccesses: Map<string, number>;
}

/**
 * An execution created by a request whose replica was killed before it answered: the soak (as
 * a user) never learnt its id, so never submitted it; it stays 'created' (not submitted), for
 * its owner to submit or delete, and the unsubmitted clean-up removes it after a day.
 */
const isStray = (row: { id: number; status: string; scheduleId: number | null }, ledger: Ledger) =>
  row.status === 'created' && row.scheduleId === null && !ledger.submitted.includes(row.id);

/** Executions the soak is waiting for: those it submitted, those its schedules fired, and any other one the cluster holds. */
async function unfinished(db: Db, ledger: Ledger): Promise<{ open: number; fired: number }> {
  const rows = (await db.select({ id: executions.id, status: executions.status, scheduleId: executions.scheduleId }).from(executions)).filter(
    (row) => !isStray(row, ledger),
  );
  const fired = new Set(rows.filter((row) => row.scheduleId !== null).map((row) => row.scheduleId));
  const known = new Set(rows.map((row) => row.id));
  const missing = ledger.submitted.filter((id) => !known.has(id)).length + ledger.schedules.filter((id) => !fired.has(id)).length;
  return { open: rows.filter((row) => !FINAL.includes(row.status)).length + missing, fired: fired.size };
}

/**
 * Waits until every execution is final and every schedule fired. Not a time limit on the
 * cluster's speed: it gives up only when nothing moved for `stuckMs` (then the checks say what is left).
 */
export async function untilSettled(db: Db, ledger: Ledger, stuckMs: number, onProgress: (open: number) => void): Promise<void> {
  let last = Infinity;
  let movedAt = Date.now();
  for (;;) {
    const { open } = await unfinished(db, ledger);
    if (open === 0) return;
    if (open !== last) {
      last = open;
      movedAt = Date.now();
      onProgress(open);
    }
    if (Date.now() - movedAt > stuckMs) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const sample = (items: unknown[]) => `${items.slice(0, 5).join(', ')}${items.length > 5 ? `, … (${items.length})` : ''}`;

export async function runChecks(db: Db, store: TestS3, ledger: Ledger): Promise<Check[]> {
  const checks: Check[] = [];
  const rows = await db.select().from(executions);
  const byId = new Map(rows.map((row) => [row.id, row]));

  const strays = rows.filter((row) => isStray(row, ledger));
  const notFinal = rows.filter((row) => !FINAL.includes(row.status) && !isStray(row, ledger));
  checks.push({
    name: 'every execution reached a final state',
    ok: notFinal.length === 0,
    detail:
      (notFinal.length === 0
        ? `${rows.length - strays.length} executions, all final`
        : `not final: ${sample(notFinal.map((row) => `${row.id} ${row.status}`))}`) +
      (strays.length ? `; ${strays.length} left unsubmitted by a creation whose answer the replica's kill lost (${sample(strays.map((row) => row.id))})` : ''),
  });

  const lost = ledger.submitted.filter((id) => !byId.has(id));
  const firedPer = new Map<number, number>();
  for (const row of rows) if (row.scheduleId !== null) firedPer.set(row.scheduleId, (firedPer.get(row.scheduleId) ?? 0) + 1);
  const notFired = ledger.schedules.filter((id) => !firedPer.has(id));
  const firedTwice = [...firedPer].filter(([, count]) => count > 1).map(([id]) => id);
  checks.push({
    name: 'none is lost (each submitted execution exists, each schedule fired exactly once)',
    ok: lost.length + notFired.length + firedTwice.length === 0,
    detail:
      `${ledger.submitted.length} submitted, ${ledger.schedules.length} schedules fired ${[...firedPer.values()].reduce((a, b) => a + b, 0)} times` +
      (lost.length ? `; lost: ${sample(lost)}` : '') +
      (notFired.length ? `; never fired: ${sample(notFired)}` : '') +
      (firedTwice.length ? `; fired twice: ${sample(firedTwice)}` : ''),
  });

  const failed = rows.filter((row) => row.status !== 'success' && FINAL.includes(row.status));
  checks.push({
    name: 'every execution succeeded',
    ok: failed.length === 0,
    detail:
      failed.length === 0
        ? 'no failure'
        : `${failed.length}: ${sample(failed.map((row) => `${row.id} ${row.status} ${JSON.stringify(row.executionResults ?? {}).slice(0, 200)}`))}`,
  });

  const tasks = await db
    .select()
    .from(executionTasks)
    .where(inArray(executionTasks.executionId, rows.length ? rows.map((row) => row.id) : [0]));
  const twice = [...ledger.workerSuccesses].filter(([, count]) => count > 1).map(([key]) => key);
  const attempts = new Set<string>();
  const doubleRows: string[] = [];
  for (const task of tasks) {
    const key = `${task.executionId}|${task.taskId}`;
    if (attempts.has(key)) doubleRows.push(key);
    attempts.add(key);
  }
  // what workers ran (a splitter is the orchestrator's own)
  const ranTasks = tasks.filter((task) => task.state === 'success' && task.workerLabel?.startsWith('worker:'));
  const unlogged = ranTasks.filter((task) => !ledger.workerSuccesses.has(`${byId.get(task.executionId)?.identifier}|${task.taskId}|${task.tryNumber}`));
  checks.push({
    name: 'no task attempt succeeded twice',
    ok: twice.length + doubleRows.length === 0,
    detail:
      `${ranTasks.length} successful tasks, ${[...ledger.workerSuccesses.values()].reduce((a, b) => a + b, 0)} successes logged by workers` +
      (twice.length ? `; logged twice: ${sample(twice)}` : '') +
      (doubleRows.length ? `; task rows twice: ${sample(doubleRows)}` : '') +
      // a worker killed after it logged an end loses the rest of its log to the kill, never the other way round
      (unlogged.length ? `; ${unlogged.length} successes not in a worker's log` : ''),
  });

  const s3 = store.config;
  // listed execution by execution: s3rver fails on the continuation of a listing past 1000 keys
  const keysOf = new Map<number, Set<string>>();
  let keyCount = 0;
  for (const id of new Set(ranTasks.map((task) => task.executionId))) {
    const execution = byId.get(id)!;
    if (execution.status !== 'success') continue;
    const keys = new Set(await store.keys(`${s3.prefix}${execution.ownerId}/executions/${execution.identifier}/`));
    keysOf.set(id, keys);
    keyCount += keys.size;
  }
  // the soak's step writes note.txt; an application or a model writes its own files into the task's folder
  const missing = ranTasks
    .filter((task) => byId.get(task.executionId)?.status === 'success')
    .flatMap((task) => {
      const execution = byId.get(task.executionId)!;
      const folder = `${s3.prefix}${execution.ownerId}/executions/${execution.identifier}/${task.taskId}/`;
      const keys = [...(keysOf.get(task.executionId) ?? [])];
      const isThere = task.processVersion?.startsWith('soak-step:')
        ? keys.includes(`${folder}${STEP_OUTPUT_FILE}`)
        : keys.some((key) => key.startsWith(folder));
      return isThere ? [] : [folder];
    });
  checks.push({
    name: "every success's outputs are in S3",
    ok: missing.length === 0,
    detail: missing.length === 0 ? `the outputs of ${ranTasks.length} tasks found among ${keyCount} keys` : `missing: ${sample(missing)}`,
  });

  // a task left in flight would be work the cluster forgot
  const inFlight = await db
    .select({ id: executionTasks.id })
    .from(executionTasks)
    .where(notInArray(executionTasks.state, ['success', 'failed', 'upstream_failed', 'skipped', 'no_status']));
  if (inFlight.length) checks.push({ name: 'no task left in flight', ok: false, detail: `${inFlight.length} tasks queued, running or waiting to retry` });
  return checks;
}
