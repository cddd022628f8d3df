import { z } from 'zod';
import type { BaseAttributes } from './jsonapi.js';

/**
 * Task states (spec 1 §4), as the orchestrator keeps them (docs/engine.md). A task starts
 * 'no_status', is 'queued' when all its upstream tasks succeeded and an executor takes it,
 * 'running' while it runs, and ends 'success', 'failed', 'upstream_failed' or 'skipped';
 * 'retry' waits for the next attempt.
 */
export const TASK_STATES = ['no_status', 'queued', 'running', 'retry', 'success', 'failed', 'upstream_failed', 'skipped'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const isTaskState = (value: string): value is TaskState => (TASK_STATES as readonly string[]).includes(value);

export const TERMINAL_TASK_STATES: readonly TaskState[] = ['success', 'failed', 'upstream_failed', 'skipped'];
export function isTerminalTaskState(state: string): boolean {
  return (TERMINAL_TASK_STATES as readonly string[]).includes(state);
}

/** Spec 1 §4 task colours: pending and queued grey, skipped pink, running light green, retry yellow, no status dark grey, success dark green, failed red, upstream_failed orange. */
export const TASK_STATE_COLORS: Record<TaskState | 'pending', string> = {
  pending: '#9e9e9e',
  queued: '#9e9e9e',
  skipped: '#f48fb1',
  running: '#9ccc65',
  retry: '#fdd835',
  no_status: '#616161',
  success: '#1b5e20',
  failed: '#e53935',
  upstream_failed: '#fb8c00',
};

/** A task instance as taskmgr serves it (jobs, spec 3 "Jobs"). */
export const taskAttributesSchema = z.object({
  executionId: z.string(),
  executionIdentifier: z.string(),
  taskId: z.string(),
  nodeId: z.string(),
  run: z.string(),
  state: z.enum(TASK_STATES),
  /** the job view of the state, for status badges */
  status: z.string(),
  progress: z.number(),
  tryNumber: z.number().int(),
  maxTries: z.number().int(),
  processVersion: z.string().nullable(),
  workerLabel: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** seconds */
  executionTime: z.number().nullable(),
  error: z.string().nullable(),
  outputs: z.record(z.string(), z.unknown()).nullable(),
});
export type TaskAttributes = BaseAttributes & z.infer<typeof taskAttributesSchema>;

/**
 * A task as a list row carries it (the Jobs page, a report's workers): not its outputs, which
 * GET tasks/{id} answers; a page of 20 tasks carried every task's whole outputs (issue 32 §1).
 */
export const taskListAttributesSchema = taskAttributesSchema.omit({ outputs: true });
export type TaskListAttributes = BaseAttributes & z.infer<typeof taskListAttributesSchema>;

/** The execution's live message (spec 3 Live updates: executionUpdate). */
export interface ExecutionUpdate {
  id: string;
  identifier: string;
  status: string;
  progress: number;
  /** the task whose change caused the update, when one did */
  task_id?: string;
  task_state?: TaskState;
  process_version?: string;
  /** an application execution's application identifier (spec 3 §7) */
  application_id?: string;
  /** a model execution's model (the catalogue item id; also in application_id) */
  model_id?: string;
}
