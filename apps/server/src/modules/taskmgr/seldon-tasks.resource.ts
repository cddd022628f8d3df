import { eq } from 'drizzle-orm';
import { LOCAL_TARGET, seldonTasksContract } from '@asb/contracts';
import { detailError } from '../../platform/http/errors.js';
import { resourceOf } from '../../platform/resources/resource-contract.js';
import type { ExecutionModel } from '../../engine/execution-kind.js';
import type { ExecutionRow } from '../builder/executions.resource.js';
import { executions } from '../builder/executions.schema.js';
import { asExecution, executionTaskAttributes } from './ades-tasks.resource.js';

const CREATE_DISABLED = 'Model executions are created with POST /backend/v1/catalogue-collections/{id}/execute_model.';
const UPDATE_DISABLED = 'A model execution cannot be modified: it records what ran. Share it as an execution (/builder/v1/executions/{id}).';
const ARCHIVE_DISABLED = 'Model executions cannot be archived.';
const DELETE_DISABLED = 'Model executions cannot be deleted: they are the record of what ran.';

/**
 * /taskmgr/v1/seldon-tasks (spec 3 §7): the executions of kind 'model' as Execution tasks,
 * newest first, read-only, visible as their execution is (owner, staff, shared workspaces);
 * stop, logs, files and the full report go through /builder/v1/executions/{id} (the same id).
 */
export const seldonTasksResource = resourceOf(seldonTasksContract).define<ExecutionRow>({
  table: executions,
  shareable: false,
  inheritsFrom: asExecution,
  scope: { where: eq(executions.kind, 'model'), includes: (row) => row.kind === 'model' },
  defaultSort: '-createdAt',
  disabled: { create: CREATE_DISABLED, update: UPDATE_DISABLED, archive: ARCHIVE_DISABLED, delete: DELETE_DISABLED },
  toInsert: () => {
    throw detailError(405, CREATE_DISABLED);
  },
  toUpdate: () => {
    throw detailError(405, UPDATE_DISABLED);
  },
  attributes: (row) => {
    const model = row.model as ExecutionModel;
    return executionTaskAttributes(row, {
      identifier: model.identifier,
      version: model.version,
      collection: model.collection,
      target: LOCAL_TARGET.value,
      remoteJob: null,
    });
  },
  searchColumns: [executions.identifier, executions.label, executions.ownerId],
  sortable: { status: executions.status, startTime: executions.startTime, endTime: executions.endTime },
});
