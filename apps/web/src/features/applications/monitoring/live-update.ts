import type { ListDocument } from '@asb/contracts';
import type { ApplicationExecutionAttributes } from '../api/executions';

export type ApplicationExecutionPage = ListDocument<ApplicationExecutionAttributes>;

/**
 * The status and progress of a live executionUpdate (spec 3 §7: task_id, progress, status,
 * application_id), when it has them: progress arrives as a percentage (spec 3 §4) and the
 * rows hold a fraction; a value of at most 1 is taken as a fraction already.
 */
export function liveTaskUpdate(message: Record<string, unknown>): { id: string; status: string; progress?: number } | undefined {
  const id = message.id ?? message.task_id;
  const { status, progress } = message;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof status !== 'string') return undefined;
  if (typeof progress !== 'number') return { id: String(id), status };
  return { id: String(id), status, progress: progress > 1 ? progress / 100 : progress };
}

/** A page of the list with one execution's new status and progress (the same page when it is not on it). */
export function withLiveUpdate(document: ApplicationExecutionPage | undefined, message: Record<string, unknown>): ApplicationExecutionPage | undefined {
  const update = liveTaskUpdate(message);
  if (!update || !document?.data.some((row) => row.id === update.id)) return document;
  return {
    ...document,
    data: document.data.map((row) =>
      row.id === update.id ? { ...row, attributes: { ...row.attributes, status: update.status, progress: update.progress ?? row.attributes.progress } } : row,
    ),
  };
}
