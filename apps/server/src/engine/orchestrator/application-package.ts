import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExecutionStore } from '../ports.js';
import type { DatastorePaths } from '../store/datastore-paths.js';
import { ExecutionContextError, type ExecutionContext } from './execution-context.js';

/** Where an application execution's pinned CWL lies: `.package/` of its folder, beside (never inside) the task's outputs. */
function pinnedCwlPath(paths: DatastorePaths, execution: { ownerId: string; identifier: string }): string {
  return path.join(paths.executionDir(execution.ownerId, execution.identifier), '.package', 'application.cwl');
}

/**
 * Writes the CWL pinned at creation (execution_packages) into the execution's folder, once,
 * readable by the sandboxed task user; answers its path. The task reads it from there.
 */
export async function placePinnedCwl(executions: ExecutionStore, paths: DatastorePaths, context: ExecutionContext): Promise<string> {
  const { execution } = context;
  const file = pinnedCwlPath(paths, execution);
  if (await fs.stat(file).catch(() => undefined)) return file;
  const cwl = await executions.pinnedCwl(execution.id);
  if (cwl === undefined) throw new ExecutionContextError('The application’s CWL was not pinned with the execution.');
  // Two replicas' orchestrators may both get here for the same task before one of them claims it:
  // each writes a file of its own and renames it over the other's (same content) — a shared '.tmp'
  // name made the second rename fail and the task with it (bench/soak). The file of its own lies
  // outside `.package/`: the queue uploads that folder whole, and another replica's file listed there
  // and renamed away before its upload failed the task (the second soak).
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  await fs.chmod(dir, 0o755);
  const tmp = path.join(path.dirname(dir), `.application.cwl.${process.pid}-${randomUUID()}.tmp`);
  await fs.writeFile(tmp, cwl);
  await fs.chmod(tmp, 0o644);
  await fs.rename(tmp, file);
  return file;
}
