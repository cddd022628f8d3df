import type { JobsOptions } from 'bullmq';
import type { TaskJob, TaskOutcome } from './executor.js';
import type { Capability } from './worker-capabilities.js';

/**
 * What the queue executor (server) and `asb worker` say to each other through Redis
 * (docs/engine.md, "queue"):
 *   asb-tasks    BullMQ queue: one job per attempt, id `{task row}-{try}`, data the TaskJob;
 *                workflow tasks (python); asb-tasks-cwltool and asb-tasks-onnx hold the
 *                applications' and the models' tasks: a worker takes from the queues of what it offers
 *   asb-results  BullMQ queue: the workers' reports (started, finished), consumed by a server
 *   asb-cancel   pub/sub channel: `{taskRowId, tryNumber?}`, the workers kill that attempt
 *   asb:cancelled:{task row}   set before the message: a worker that takes the job later stops it too
 *   asb:tries    hash: task row → try of the attempt queued or running (until reported finished)
 *   asb:worker:{label}   what a live worker offers (worker-registry.ts), renewed by its heartbeat
 */
export const TASK_QUEUE = 'asb-tasks';
/** The queue of the jobs that need a capability (BullMQ forbids ':' in a queue's name). */
export const taskQueueOf = (capability: Capability) => (capability === 'python' ? TASK_QUEUE : `${TASK_QUEUE}-${capability}`);
export const RESULT_QUEUE = 'asb-results';
export const CANCEL_CHANNEL = 'asb-cancel';
/** BullMQ's key prefix of both queues */
export const QUEUE_PREFIX = 'asb';
export const cancelledKey = (taskRowId: number) => `asb:cancelled:${taskRowId}`;
/** hash: task row → the try of its attempt in the queue (any server can stop it) */
export const TRIES_KEY = 'asb:tries';
/** how long a stop is remembered for jobs still waiting somewhere */
export const CANCELLED_TTL_SECONDS = 7 * 24 * 3600;

export const taskJobId = (job: { taskRowId: number; tryNumber: number }) => `${job.taskRowId}-${job.tryNumber}`;

export type QueueResult =
  | { kind: 'started'; job: TaskJob; workerLabel: string; handle: number | null; startedAt: string }
  | { kind: 'finished'; job: TaskJob; workerLabel: string; outcome: TaskOutcome };

export interface CancelMessage {
  taskRowId: number;
  /** only this attempt (a later try of the task may run meanwhile); absent: any */
  tryNumber?: number;
}

/**
 * A task's attempt is not retried by BullMQ (the orchestrator retries failures). A job
 * leaves Redis as soon as it ends, failed (its workers died on it too often) or not: its
 * data holds clear input values.
 */
export const TASK_JOB_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: true, removeOnFail: true };

/** A report survives a server's hiccup (a database error): it is handled again, a few times. */
export const RESULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Reports travel without the attempt's clear input values: the server never needs them back. */
export function withoutInputs(job: TaskJob): TaskJob {
  const { products: _products, ...rest } = job;
  return { ...rest, inputs: {} };
}

/** The timing of the workers' claims on their jobs (docs/engine.md). */
export interface QueueTimings {
  /** a worker renews its claim on a running job (its lock) every lockMs / 2; a dead worker's claim expires after lockMs */
  lockMs: number;
  /** how often workers look for jobs whose claim expired, to deliver them again */
  stalledCheckMs: number;
  /** how often a job may be delivered again after its worker died; once more, its attempt fails */
  maxStalled: number;
}

export const DEFAULT_QUEUE_TIMINGS: QueueTimings = { lockMs: 30_000, stalledCheckMs: 30_000, maxStalled: 2 };

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
