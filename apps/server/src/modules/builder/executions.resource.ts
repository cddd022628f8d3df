import { inArray } from 'drizzle-orm';
import { executionsContract, type BaseAttributes, type ExecutionAttributes } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import { idFilter } from '../../platform/resources/resource-filters.js';
import { maskedInputs } from './execution-inputs.js';
import { executions } from './executions.schema.js';

export type ExecutionRow = typeof executions.$inferSelect;

const CREATE_DISABLED = 'Executions are created with POST /builder/v1/executions {processor_id, processor_version, inputs}.';
const UPDATE_DISABLED = 'An execution cannot be modified: it records what ran. Only its workspaces may change (relationships.workspaces).';
const ARCHIVE_DISABLED = 'Executions cannot be archived.';
const DELETE_DISABLED = 'Executions cannot be deleted: they are the record of what ran.';

const seconds = (start: Date | null, end: Date | null): number | null => (start && end ? Math.round((end.getTime() - start.getTime()) / 1000) : null);

/** Own attributes beyond the base ones (contracts ExecutionAttributes). */
export function executionAttributes(row: ExecutionRow): Omit<ExecutionAttributes, keyof BaseAttributes> {
  const order = row.workflowExecutionOrder;
  return {
    processorId: String(row.processorId),
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
    datastore: row.datastore,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    duration: seconds(row.startTime, row.endTime),
  };
}

/**
 * Executions (spec 1 §3 Execution, docs/workflows.md Builder). The generic machinery
 * lists, gets and shares them; creation goes through POST executions (executions.routes.ts)
 * which checks the inputs against the pinned workflow version. An execution records
 * what ran: its attributes never change through the API, it is neither archived nor deleted.
 *
 * 'update' is not in `disabled`: the generic permissions derive `change` and `share`
 * from it, and the owner must be able to share and execute. toUpdate refuses attributes instead.
 */
export const executionsResource = resourceOf(executionsContract).define<ExecutionRow>({
  table: executions,
  shareable: true,
  defaultSort: '-createdAt',
  toInsert: () => {
    throw detailError(405, CREATE_DISABLED);
  },
  // called for every PATCH, sharing included: only attributes are refused
  toUpdate: (attributes) => {
    if (Object.keys(attributes).length > 0) throw detailError(405, UPDATE_DISABLED);
    return {};
  },
  disabled: { create: CREATE_DISABLED, archive: ARCHIVE_DISABLED, delete: DELETE_DISABLED },
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
