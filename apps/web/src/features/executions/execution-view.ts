import type { ExecutionAttributes, ExecutionInputGroup, ExecutionUpdate, ListDocument } from '@asb/contracts';

export const ENCRYPTED_MASK = '••••';

export interface ShownInput {
  key: string;
  label: string;
  value: string;
  isEncrypted: boolean;
}

export interface ShownInputGroup {
  nodeId: string;
  items: ShownInput[];
}

/** The input parameters of an execution: only user-visible items (spec 1 §2); encrypted values are masked. */
export function shownInputs(groups: ExecutionInputGroup[] | null | undefined): ShownInputGroup[] {
  return (groups ?? [])
    .map((group) => ({
      nodeId: group.node_id,
      items: group.items
        .filter((item) => item.user_visible !== false)
        .map((item) => {
          const isEncrypted = item.encrypted === true || item.data_type === 'password';
          return {
            key: `${group.node_id}.${item.identifier}`,
            label: item.label || item.identifier,
            value: isEncrypted ? ENCRYPTED_MASK : (item.value ?? ''),
            isEncrypted,
          };
        }),
    }))
    .filter((group) => group.items.length > 0);
}

/** The bar's sections: pending and running as percentages of the active executions (both 0 when none is). */
export function activeShares({ pending, running }: { pending: number; running: number }): { pending: number; running: number } {
  const total = pending + running;
  if (total === 0) return { pending: 0, running: 0 };
  return { pending: (pending / total) * 100, running: (running / total) * 100 };
}

/** A task of an execution, as the engine writes it into executionResults.tasks. */
export interface ExecutionTaskView {
  taskId: string;
  label: string;
  state: string;
  startDate: string | null;
  endDate: string | null;
  tryNumber: number;
}

/** The tasks of attributes.executionResults (null until the engine has started the execution). */
export function executionTasks(results: unknown): ExecutionTaskView[] {
  const tasks = (results as { tasks?: unknown } | null | undefined)?.tasks;
  if (!Array.isArray(tasks)) return [];
  return tasks
    .filter((task): task is Record<string, unknown> => !!task && typeof task === 'object' && typeof (task as { task_id?: unknown }).task_id === 'string')
    .map((task) => ({
      taskId: task.task_id as string,
      label: typeof task.task_label === 'string' ? task.task_label : '',
      state: typeof task.state === 'string' ? task.state : 'no_status',
      startDate: typeof task.start_date === 'string' ? task.start_date : null,
      endDate: typeof task.end_date === 'string' ? task.end_date : null,
      tryNumber: typeof task.try_number === 'number' ? task.try_number : 0,
    }));
}

/** Why the engine ended the execution without running its tasks, when it says so. */
export function executionError(results: unknown): string | undefined {
  const error = (results as { error?: unknown } | null | undefined)?.error;
  return typeof error === 'string' && error ? error : undefined;
}

/** A task state as its badge reads: underscores as spaces (spec 1 §4). */
export function taskStateLabel(state: string): string {
  return state.replace(/_/g, ' ');
}

/** Duration in seconds between two ISO dates, 'n/a' when one is missing or it is negative (spec 1 §2). */
export function durationText(start: string | null, end: string | null): string {
  if (!start || !end) return 'n/a';
  const seconds = (new Date(end).getTime() - new Date(start).getTime()) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return 'n/a';
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

export type ExecutionListDocument = ListDocument<ExecutionAttributes>;

/** The status part of a live executionUpdate message (spec 3 Live updates), when it has one. */
export function liveExecutionUpdate(message: Record<string, unknown>): Pick<ExecutionUpdate, 'id' | 'status' | 'progress'> | undefined {
  const { id, status, progress } = message;
  if (typeof id !== 'string' || typeof status !== 'string') return undefined;
  return { id, status, progress: typeof progress === 'number' ? progress : 0 };
}

/** A page of the list with one execution's new status and progress (the same page when it is not on it). */
export function withUpdate(document: ExecutionListDocument | undefined, update: Pick<ExecutionUpdate, 'id' | 'status' | 'progress'>): ExecutionListDocument | undefined {
  if (!document?.data.some((row) => row.id === update.id)) return document;
  return {
    ...document,
    data: document.data.map((row) =>
      row.id === update.id ? { ...row, attributes: { ...row.attributes, status: update.status, progress: update.progress } } : row,
    ),
  };
}
