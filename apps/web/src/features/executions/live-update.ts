import type { Pagination } from '@asb/contracts';
/** What the executions lists show of one execution, whatever its kind. */
export interface ExecutionLike {
  id: string;
  attributes: { identifier: string; status: string; progress: number };
}

/** A page of an executions list, as the builder and taskmgr answer it. */
export interface ExecutionListPage<T extends ExecutionLike> {
  data: T[];
  meta: { pagination: Pagination };
}

export interface LiveStatusUpdate {
  id: string;
  status: string;
  /** a fraction; absent when the message had none */
  progress?: number;
}

/**
 * The status and progress of a live executionUpdate (spec 3 §7 Live updates: id or task_id,
 * status, progress), when it has them. Spec 3 §4 gives a task's progress as a percentage while
 * the rows hold a fraction: a value above 1 is read as a percentage.
 */
export function liveStatusUpdate(message: Record<string, unknown>): LiveStatusUpdate | undefined {
  const id = message.id ?? message.task_id;
  const { status, progress } = message;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof status !== 'string') return undefined;
  if (typeof progress !== 'number') return { id: String(id), status };
  return { id: String(id), status, progress: progress > 1 ? progress / 100 : progress };
}

/** The id a live executionUpdate is about (the report refreshes on any message of its execution). */
export function liveUpdateId(message: Record<string, unknown>): string | undefined {
  const id = message.id ?? message.task_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** A page of the list with one execution's new status and progress (the same page when it is not on it). */
export function withLiveUpdate<T extends ExecutionLike>(
  document: ExecutionListPage<T> | undefined,
  update: LiveStatusUpdate,
): ExecutionListPage<T> | undefined {
  if (!document?.data.some((row) => row.id === update.id)) return document;
  return {
    ...document,
    data: document.data.map((row) =>
      row.id === update.id ? { ...row, attributes: { ...row.attributes, status: update.status, progress: update.progress ?? row.attributes.progress } } : row,
    ),
  };
}
