import { eq, inArray } from 'drizzle-orm';
import { executionsContract, type BaseAttributes, type ExecutionAttributes, type ExecutionFailure } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { idFilter } from '../../platform/resources/resource-filters.js';
import { maskedInputs } from './execution-inputs.js';
import { executions } from './executions.schema.js';

export type ExecutionRow = typeof executions.$inferSelect;

const CREATE_DISABLED = 'Executions are created with POST /builder/v1/executions {processor_id, processor_version, inputs}.';
const UPDATE_DISABLED = 'An execution cannot be modified: it records what ran. Only its workspaces may change (relationships.workspaces).';
const ARCHIVE_DISABLED = 'Executions cannot be archived.';
/** Only an execution never submitted may be deleted (docs/engine.md "Unsubmitted executions"). */
const deleteRefusal = (row: Pick<ExecutionRow, 'identifier' | 'status'>) =>
  `Execution ${row.identifier} has been submitted (status ${row.status}): it is the record of what ran and cannot be deleted.`;

const seconds = (start: Date | null, end: Date | null): number | null => (start && end ? Math.round((end.getTime() - start.getTime()) / 1000) : null);

/**
 * Where the files are, as the user knows the datastore (never the server's folder): the S3
 * location the engine recorded, else the local datastore and the execution's place in it.
 */
export function datastoreLocation(row: ExecutionRow): string | null {
  if (!row.datastore) return null;
  return row.executionResults?.S3OutputsPath ?? `Local datastore: ${row.ownerId}/executions/${row.identifier}/`;
}

/** Why a failed execution failed: the engine's record of it, else the run's own error. */
export function failureOf(row: ExecutionRow): ExecutionFailure | null {
  if (row.status !== 'failed') return null;
  const results = row.executionResults;
  if (results?.failure) return results.failure;
  if (results?.error) return { taskId: null, taskLabel: null, reason: results.error, logTail: [] };
  return null;
}

/** Own attributes beyond the base ones (contracts ExecutionAttributes). */
export function executionAttributes(row: ExecutionRow): Omit<ExecutionAttributes, keyof BaseAttributes> {
  const order = row.workflowExecutionOrder;
  return {
    kind: row.kind,
    // an application execution runs no workflow (kind 'application', docs/applications.md)
    processorId: row.processorId === null ? '' : String(row.processorId),
    // pinned at creation: the report still names the workflow as it was run
    processorIdentifier: order.workflow.identifier,
    processorLabel: row.label,
    processorVersion: row.processorVersion,
    status: row.status,
    progress: row.progress,
    // a password value (sealed) is never served, to anyone
    inputs: maskedInputs(row.inputs),
    executionResults: row.executionResults ?? null,
    workflowExecutionOrder: order,
    workflowExecutionId: row.workflowExecutionId,
    // the schedule that started it (docs/schedules.md); its identifier never changes, so the row keeps it
    schedule: row.scheduleId === null ? null : { id: String(row.scheduleId), identifier: row.scheduleIdentifier ?? String(row.scheduleId) },
    datastore: datastoreLocation(row),
    failure: failureOf(row),
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    duration: seconds(row.startTime, row.endTime),
  };
}

/**
 * Executions (spec 1 §3 Execution, docs/workflows.md Builder). The generic machinery
 * lists, gets and shares them; creation goes through POST executions (executions.routes.ts)
 * which checks the inputs against the pinned workflow version. An execution records
 * what ran: its attributes never change through the API, it is never archived, and only
 * one never submitted ('created') may be deleted, by those who may delete it.
 *
 * 'update' is not in `disabled`: the generic permissions derive `change` and `share`
 * from it, and the owner must be able to share and execute. toUpdate refuses attributes instead.
 */
export const executionsResource = resourceOf(executionsContract).define<ExecutionRow>({
  table: executions,
  shareable: true,
  defaultSort: '-createdAt',
  // the list (and /monitoring) shows workflow executions; an application's are the ades-tasks (docs/applications.md), served here by id too (report, stop, logs, files)
  listScope: eq(executions.kind, 'workflow'),
  toInsert: () => {
    throw detailError(405, CREATE_DISABLED);
  },
  // called for every PATCH, sharing included: only attributes are refused
  toUpdate: (attributes) => {
    if (Object.keys(attributes).length > 0) throw detailError(405, UPDATE_DISABLED);
    return {};
  },
  disabled: { create: CREATE_DISABLED, archive: ARCHIVE_DISABLED },
  lockedReason: (row, action) => (action === 'delete' && row.status !== 'created' ? deleteRefusal(row) : undefined),
  // the status again inside the delete's transaction, locked: a submission at the same moment wins or waits
  onDelete: async ({ row }, tx) => {
    const [current] = await tx.select({ status: executions.status }).from(executions).where(eq(executions.id, row.id)).for('update');
    if (current && current.status !== 'created') throw detailError(409, deleteRefusal({ identifier: row.identifier, status: current.status }));
  },
  // '/monitoring' search: the identifier, the workflow's label and who ran it
  searchColumns: [executions.identifier, executions.label, executions.ownerId],
  attributes: executionAttributes,
  filters: {
    // the execution list's progress bar asks for several at once: status=pending,running
    status: (value) => {
      const statuses = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return statuses.length > 0 ? inArray(executions.status, statuses) : undefined;
    },
    processorId: idFilter('processorId', executions.processorId, 'a workflow id'),
    // the executions a schedule started (the schedule page's list)
    scheduleId: idFilter('scheduleId', executions.scheduleId, 'a schedule id'),
  },
  sortable: { status: executions.status, startTime: executions.startTime, endTime: executions.endTime },
});
