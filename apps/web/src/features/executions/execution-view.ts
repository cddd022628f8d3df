import type { ExecutionAttributes, ExecutionUpdate, ListDocument } from '@asb/contracts';

/** The bar's sections: pending and running as percentages of the active executions (both 0 when none is). */
export function activeShares({ pending, running }: { pending: number; running: number }): { pending: number; running: number } {
  const total = pending + running;
  if (total === 0) return { pending: 0, running: 0 };
  return { pending: (pending / total) * 100, running: (running / total) * 100 };
}

export type ExecutionListDocument = ListDocument<ExecutionAttributes>;

/** The status part of a live executionUpdate message (spec 3 Live updates), when it has one. */
export function liveExecutionUpdate(message: Record<string, unknown>): Pick<ExecutionUpdate, 'id' | 'status' | 'progress'> | undefined {
  const { id, status, progress } = message;
  if (typeof id !== 'string' || typeof status !== 'string') return undefined;
  return { id, status, progress: typeof progress === 'number' ? progress : 0 };
}

/** A page of the list with one execution's new status and progress (the same page when it is not on it). */
export function withUpdate(
  document: ExecutionListDocument | undefined,
  update: Pick<ExecutionUpdate, 'id' | 'status' | 'progress'>,
): ExecutionListDocument | undefined {
  if (!document?.data.some((row) => row.id === update.id)) return document;
  return {
    ...document,
    data: document.data.map((row) =>
      row.id === update.id ? { ...row, attributes: { ...row.attributes, status: update.status, progress: update.progress } } : row,
    ),
  };
}
