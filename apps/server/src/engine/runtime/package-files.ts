import path from 'node:path';
import { openTreeForTasks } from '../../platform/data-dir.js';
import type { TaskJob } from '../executors/executor.js';
import type { Datastore } from '../store/datastore.js';

/**
 * Where an execution's pinned files lie (an application's CWL, a model's ONNX file and input
 * files): `.package/` of its folder, beside (never inside) the task's outputs. Written by the
 * server when the execution is created (models) or its task is submitted (applications).
 */
export function executionPackageDir(executionDir: string): string {
  return path.join(executionDir, '.package');
}

/** The package folder a job reads, if it reads one. */
export function packageDirOf(job: Pick<TaskJob, 'outDir' | 'application' | 'model'>): string | undefined {
  if (job.application) return path.dirname(job.application.cwlPath);
  if (job.model) return executionPackageDir(path.dirname(job.outDir));
  return undefined;
}

/**
 * A worker that lacks the job's package (the servers put it in S3: another machine, no shared
 * folder) fetches it from the datastore, as it does an upstream output; readable by the
 * sandboxed task user.
 */
export async function ensurePackage(job: Pick<TaskJob, 'outDir' | 'application' | 'model'>, datastore: Datastore | undefined): Promise<void> {
  const dir = packageDirOf(job);
  if (!dir || !datastore || datastore.kind === 'local') return;
  await datastore.ensureLocal(dir);
  await openTreeForTasks(dir);
}
