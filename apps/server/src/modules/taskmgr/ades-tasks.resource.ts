import { eq } from 'drizzle-orm';
import { adesTasksContract, LOCAL_TARGET, type ExecutionTaskAttributes } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import type { ParentLink } from '../../platform/resources/resource-definition.js';
import type { ExecutionApplication } from '../../engine/execution-kind.js';
import { datastoreLocation, executionsResource, failureOf, type ExecutionRow } from '../builder/executions.resource.js';
import { executions } from '../builder/executions.schema.js';

const CREATE_DISABLED = 'Application executions are created with POST /backend/v1/catalogue-collections/{id}/execute.';
const UPDATE_DISABLED = 'An application execution cannot be modified: it records what ran. Share it as an execution (/builder/v1/executions/{id}).';
const ARCHIVE_DISABLED = 'Application executions cannot be archived.';
const DELETE_DISABLED = 'Application executions cannot be deleted: they are the record of what ran.';

const seconds = (start: Date | null, end: Date | null): number | null =>
  start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 100) / 10) : null;

/** What an execution task says of what ran: an application's or a model's identity, target and typed inputs. */
export interface TaskSubject {
  identifier: string;
  version: string;
  collection: string;
  /** 'local' or an ADES identifier */
  target: string;
  remoteJob: string | null;
  /** an input's value as it ran (typed), when the inputs table's text is not it */
  typedValue?: (identifier: string) => unknown;
}

/** Spec 3 §3 Execution task attributes of an application or a model execution. */
export function executionTaskAttributes(row: ExecutionRow, subject: TaskSubject): ExecutionTaskAttributes {
  const results = row.executionResults;
  const given = new Map((row.inputs[0]?.items ?? []).map((item) => [item.identifier, item.value]));
  return {
    workflowIdentifier: subject.identifier,
    processVersion: subject.version,
    processIdentifier: subject.collection,
    createdAt: row.createdAt.toISOString(),
    workerSelectors: { label: subject.target === LOCAL_TARGET.value ? LOCAL_TARGET.label : subject.target },
    schedule: null,
    progress: row.progress,
    status: row.status,
    inputs: [...given.keys()].map((identifier) => ({ identifier, value: subject.typedValue?.(identifier) ?? given.get(identifier) })),
    executionResults: results
      ? {
          S3OutputsPath: datastoreLocation(row),
          S3BucketName: results.S3BucketName ?? null,
          // file outputs are storage links (/builder/v1/executions/{id}/files/...)
          data: results.data.map((output) => ({ id: output.key, value: output.value })),
        }
      : null,
    // the failure with its line breaks (cwltool's last lines, an ADES's message, the model's refusal)
    errorLog: failureOf(row)?.reason ?? null,
    executionTime: seconds(row.startTime, row.endTime),
    completionTime: row.endTime?.toISOString() ?? null,
    workerLabel: row.workflowExecutionId,
    workflowExecutionId: row.identifier,
    target: subject.target,
    remoteJob: subject.remoteJob,
  };
}

/** Spec 3 §3 Execution task attributes of an application execution: the values the application ran with (typed: numbers, lists, File/Directory objects; a product input is its link). */
function adesTaskAttributes(row: ExecutionRow): ExecutionTaskAttributes {
  const application = row.application as ExecutionApplication;
  return executionTaskAttributes(row, {
    identifier: application.identifier,
    version: application.version,
    collection: application.collection,
    target: application.target,
    remoteJob: application.remoteJob ?? null,
    typedValue: (identifier) => application.jobOrder[identifier],
  });
}

/**
 * An application execution is an execution (one row of `executions`): it is visible when the
 * execution is — its owner, staff, the workspaces it is shared with as an execution.
 */
export const asExecution: ParentLink = { definition: executionsResource, foreignKey: executions.id, relationship: 'execution', createAction: 'change' };

/**
 * /taskmgr/v1/ades-tasks (spec 3 §7): the executions of kind 'application' as Execution
 * tasks, newest first, read-only; stop, logs, files and the report go through
 * /builder/v1/executions/{id} (the same id).
 */
export const adesTasksResource = resourceOf(adesTasksContract).define<ExecutionRow>({
  table: executions,
  shareable: false,
  inheritsFrom: asExecution,
  scope: { where: eq(executions.kind, 'application'), includes: (row) => row.kind === 'application' },
  defaultSort: '-createdAt',
  disabled: { create: CREATE_DISABLED, update: UPDATE_DISABLED, archive: ARCHIVE_DISABLED, delete: DELETE_DISABLED },
  toInsert: () => {
    throw detailError(405, CREATE_DISABLED);
  },
  toUpdate: () => {
    throw detailError(405, UPDATE_DISABLED);
  },
  attributes: (row) => adesTaskAttributes(row),
  searchColumns: [executions.identifier, executions.label, executions.ownerId],
  sortable: { status: executions.status, startTime: executions.startTime, endTime: executions.endTime },
});
