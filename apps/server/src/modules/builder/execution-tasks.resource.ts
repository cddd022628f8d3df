import { eq } from 'drizzle-orm';
import { adesTasksContract, LOCAL_TARGET, seldonTasksContract, type ExecutionTaskAttributes } from '@asb/contracts';
import type { ExecutionApplication, ExecutionModel } from '../../engine/execution-kind.js';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import type { ParentLink } from '../../platform/resources/resource-definition.js';
import { datastoreLocation, executionsResource, failureOf, type ExecutionRow } from './executions.resource.js';
import { executions } from './executions.schema.js';

const seconds = (start: Date | null, end: Date | null): number | null =>
  start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 100) / 10) : null;

/** What an execution task says of what ran: an application's or a model's identity, target and typed inputs. */
interface TaskSubject {
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
function executionTaskAttributes(row: ExecutionRow, subject: TaskSubject): ExecutionTaskAttributes {
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
    // the engine writes a queued task's reason into the results (cleared when it starts)
    statusMessage: results?.tasks.find((task) => task.status_message)?.status_message ?? null,
  };
}

/** What differs between the kinds served as Execution tasks: their contract, names, where they are created, what they ran. */
const KINDS = {
  /** an application: the values it ran with are typed (numbers, lists, File/Directory objects; a product input is its link) */
  application: {
    contract: adesTasksContract,
    name: 'Application',
    createdWith: 'POST /backend/v1/catalogue-collections/{id}/execute',
    subject: (row: ExecutionRow): TaskSubject => {
      const application = row.application as ExecutionApplication;
      return {
        identifier: application.identifier,
        version: application.version,
        collection: application.collection,
        target: application.target,
        remoteJob: application.remoteJob ?? null,
        typedValue: (identifier) => application.jobOrder[identifier],
      };
    },
  },
  model: {
    contract: seldonTasksContract,
    name: 'Model',
    createdWith: 'POST /backend/v1/catalogue-collections/{id}/execute_model',
    subject: (row: ExecutionRow): TaskSubject => {
      const model = row.model as ExecutionModel;
      return { identifier: model.identifier, version: model.version, collection: model.collection, target: LOCAL_TARGET.value, remoteJob: null };
    },
  },
};

/**
 * An execution task is an execution (one row of `executions`): it is visible when the
 * execution is — its owner, staff, the workspaces it is shared with as an execution.
 */
const asExecution: ParentLink = { definition: executionsResource, foreignKey: executions.id, relationship: 'execution', createAction: 'change' };

/**
 * The executions of one kind as Execution tasks (spec 3 §7: /taskmgr/v1/ades-tasks for
 * applications, /taskmgr/v1/seldon-tasks for models), newest first, read-only; stop, logs,
 * files and the report go through /builder/v1/executions/{id} (the same id).
 */
function executionTasksResource(kind: keyof typeof KINDS) {
  const { contract, name, createdWith, subject } = KINDS[kind];
  const createDisabled = `${name} executions are created with ${createdWith}.`;
  const updateDisabled = `A${kind === 'application' ? 'n application' : ' model'} execution cannot be modified: it records what ran. Share it as an execution (/builder/v1/executions/{id}).`;
  const deleteDisabled = `${name} executions cannot be deleted: they are the record of what ran.`;
  return resourceOf(contract).define<ExecutionRow>({
    table: executions,
    shareable: false,
    inheritsFrom: asExecution,
    scope: { where: eq(executions.kind, kind), includes: (row) => row.kind === kind },
    defaultSort: '-createdAt',
    disabled: { create: createDisabled, update: updateDisabled, archive: `${name} executions cannot be archived.`, delete: deleteDisabled },
    toInsert: () => {
      throw detailError(405, createDisabled);
    },
    toUpdate: () => {
      throw detailError(405, updateDisabled);
    },
    attributes: (row) => executionTaskAttributes(row, subject(row)),
    searchColumns: [executions.identifier, executions.label, executions.ownerId],
    sortable: { status: executions.status, startTime: executions.startTime, endTime: executions.endTime },
  });
}

/** /taskmgr/v1/ades-tasks: application executions. */
export const adesTasksResource = executionTasksResource('application');
/** /taskmgr/v1/seldon-tasks: model executions. */
export const seldonTasksResource = executionTasksResource('model');
