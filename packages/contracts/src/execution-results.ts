import { z } from 'zod';
import { TASK_STATES } from './tasks.js';

/**
 * Spec 1 §3 executionResults: what the engine writes on the execution after every change
 * (apps/server/src/engine/orchestrator/execution-results.ts builds it), what the API serves
 * on the execution's attributes (null until the engine starts it) and what the report reads.
 * The one description of it: the server's answers are checked against it.
 */

/** One task of the run: a main-DAG task has its node's id, a child-run task '{node}[{i}]'. */
export const executionResultTaskSchema = z.object({
  task_id: z.string(),
  task_label: z.string(),
  state: z.enum(TASK_STATES),
  /** ISO date-times; null until the task starts / ends */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  try_number: z.number().int(),
  /** the dynamic-list-splitter child run the task belongs to; '' in the main DAG */
  run: z.string(),
  /** why a queued task has not started ('Waiting: no worker offers cwltool.'), while it waits */
  status_message: z.string().optional(),
});
export type ExecutionResultTask = z.infer<typeof executionResultTaskSchema>;

/** One output of a task, with its data type; a file output's value is its datastore URL. */
export const executionResultRecordSchema = z.object({
  task_id: z.string(),
  key: z.string(),
  value: z.unknown(),
  type: z.string(),
  type_label: z.string(),
  label: z.string(),
});
export type ExecutionResultRecord = z.infer<typeof executionResultRecordSchema>;

const taskIdLists = z.record(z.string(), z.array(z.string()));

/**
 * Why a failed execution failed, as the report and the executions list show it: the task
 * that failed first, its exit reason and the last lines of its log (server paths hidden,
 * docs/engine.md "Failures"). `taskId` is null when the run itself could not go on.
 */
export const executionFailureSchema = z.object({
  taskId: z.string().nullable(),
  taskLabel: z.string().nullable(),
  reason: z.string(),
  logTail: z.array(z.string()),
});
export type ExecutionFailure = z.infer<typeof executionFailureSchema>;

export const executionResultsSchema = z.object({
  /** each task's downstream task ids */
  info: z.object({ data: z.object({ streams: taskIdLists }) }),
  tasks: z.array(executionResultTaskSchema),
  data: z.array(executionResultRecordSchema),
  /** child runs of a dynamic-list-splitter: run key -> its task ids */
  child_dags: taskIdLists.optional(),
  /** why the execution ended without running (or finishing) its tasks */
  error: z.string().optional(),
  /** written by the engine when the execution ends failed */
  failure: executionFailureSchema.optional(),
  /** with the S3 datastore (spec 3 execution task): the bucket, and s3://{bucket}/{key prefix}/ of the execution's files */
  S3BucketName: z.string().optional(),
  S3OutputsPath: z.string().optional(),
});
export type ExecutionResults = z.infer<typeof executionResultsSchema>;
