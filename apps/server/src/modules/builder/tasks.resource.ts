import { inArray, sql } from 'drizzle-orm';
import { isTaskState, isTerminalTaskState, jobsContract, tasksContract, type BaseAttributes, type TaskAttributes, type TaskState } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import type { ParentLink } from '../../platform/resources/resource-definition.js';
import { executionTasks } from '../../engine/store/tasks.schema.js';
import { executionsResource } from './executions.resource.js';
import { idFilter } from '../../platform/resources/resource-filters.js';

type TaskRow = typeof executionTasks.$inferSelect;

const TASK_CREATE_DISABLED = 'Tasks are created by the engine when an execution runs (PATCH /builder/v1/executions/{id}/execute).';
const TASK_UPDATE_DISABLED = 'A task cannot be modified: the engine keeps its state. Stop its execution with PATCH /builder/v1/executions/{id}/stop.';
const TASK_ARCHIVE_DISABLED = 'Tasks cannot be archived.';
const TASK_DELETE_DISABLED = 'Tasks cannot be deleted: they are the record of what ran, and go with their execution.';

/** The job view of a task state (spec 3 Jobs), the status its badge shows. */
const JOB_STATUS: Record<TaskState, string> = {
  no_status: 'pending',
  queued: 'pending',
  running: 'running',
  retry: 'retry',
  success: 'success',
  failed: 'failed',
  // not 'failed': the task did not run, a task above it failed (issue 13)
  upstream_failed: 'upstream_failed',
  skipped: 'skipped',
};

/** Execution statuses after which no task of it runs any more (spec 1 §4 groups pending and running are the others). */
const ACTIVE_EXECUTION_STATUSES = ['created', 'pending', 'paused', 'submitting', 'credit_calculated', 'running', 'request_sent'];

function hasEnded(executionStatus: string | undefined): boolean {
  return executionStatus !== undefined && !ACTIVE_EXECUTION_STATUSES.includes(executionStatus);
}

/**
 * The job status of a task: its state's job view; a task that had not ended when its
 * execution did (a stopped execution's tasks that never started) will never run: 'skipped'.
 */
function jobStatus(state: TaskState, executionStatus?: string): string {
  if (!isTerminalTaskState(state) && hasEnded(executionStatus)) return 'skipped';
  return JOB_STATUS[state];
}

/** Seconds from start to end, to a tenth (tasks often take less than one); null until the task has ended. */
function executionTime(start: Date | null, end: Date | null): number | null {
  return start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 100) / 10) : null;
}

/** Own attributes beyond the base ones (contracts TaskAttributes); `execution` is the parent row. */
function taskAttributes(row: TaskRow, execution?: { identifier: string; status?: unknown }): Omit<TaskAttributes, keyof BaseAttributes> {
  const state = row.state;
  const executionStatus = typeof execution?.status === 'string' ? execution.status : undefined;
  return {
    executionId: String(row.executionId),
    executionIdentifier: execution?.identifier ?? '',
    taskId: row.taskId,
    nodeId: row.nodeId,
    run: row.run,
    state,
    status: jobStatus(state, executionStatus),
    progress: isTerminalTaskState(state) || hasEnded(executionStatus) ? 1 : 0,
    tryNumber: row.tryNumber,
    maxTries: row.maxTries,
    processVersion: row.processVersion,
    workerLabel: row.workerLabel,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    executionTime: executionTime(row.startDate, row.endDate),
    error: row.error,
    outputs: row.outputs ?? null,
  };
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Tasks belong to their execution (ParentLink): a task is visible when its execution is,
 * shared through the execution's workspaces, and never changed through this API. A task row
 * carries its execution's owner (engine/orchestrator/task-rows.ts), so the list reads a user's
 * own tasks by the tasks' `(owner_id, created_at)` index.
 */
const executionLink: ParentLink = {
  definition: executionsResource,
  foreignKey: executionTasks.executionId,
  relationship: 'execution',
  createAction: 'change',
  ownerFollowsParent: true,
};

/** One definition for both names the task manager serves (tasks, and jobs as spec 3 lists them). */
function taskDefinition(contract: typeof tasksContract | typeof jobsContract) {
  return resourceOf(contract).define<TaskRow>({
    table: executionTasks,
    shareable: false,
    inheritsFrom: executionLink,
    defaultSort: '-createdAt',
    disabled: { create: TASK_CREATE_DISABLED, update: TASK_UPDATE_DISABLED, archive: TASK_ARCHIVE_DISABLED, delete: TASK_DELETE_DISABLED },
    toInsert: () => {
      throw detailError(405, TASK_CREATE_DISABLED);
    },
    // also a PATCH without attributes: nothing of a task changes through the API
    toUpdate: () => {
      throw detailError(405, TASK_UPDATE_DISABLED);
    },
    attributes: (row, execution) => taskAttributes(row, execution),
    searchColumns: [executionTasks.identifier, executionTasks.label, executionTasks.processVersion],
    filters: {
      state: (value) => {
        const states = list(value);
        if (states.length === 0) return undefined;
        // a state no task has matches nothing
        const known = states.filter(isTaskState);
        return known.length > 0 ? inArray(executionTasks.state, known) : sql`false`;
      },
      executionId: idFilter('executionId', executionTasks.executionId, 'an execution id'),
    },
    sortable: {
      state: executionTasks.state,
      taskId: executionTasks.taskId,
      startDate: executionTasks.startDate,
      endDate: executionTasks.endDate,
    },
  });
}

/** /taskmgr/v1/tasks: the task instances of the executions a user may see. */
export const tasksResource = taskDefinition(tasksContract);
/** /taskmgr/v1/jobs: the same rows under the name of the Jobs page (spec 3 "Jobs"). */
export const jobsResource = taskDefinition(jobsContract);
