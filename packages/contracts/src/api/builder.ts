import { z } from 'zod';
import { createExecutionSchema, executionAllowedSchema, executionAttributesSchema, executionListAttributesSchema, productOrderSchema } from '../executions.js';
import { scheduleAttributesSchema, schedulePayloadSchema } from '../schedules.js';
import { executionComparisonSchema } from '../execution-compare.js';
import { EXECUTION_FILE_PATH } from '../execution-files.js';
import { listDocumentSchema, listQuerySchema } from '../jsonapi.js';
import { taskAttributesSchema, taskListAttributesSchema } from '../tasks.js';
import { workspaceAttributesSchema } from '../workspaces.js';
import { defineOperations, idParams, positiveNumber } from './operation.js';
import { resourceAttributesSchema, resourceContract, resourceDocumentOf, withPlainWrites } from './resource-operations.js';

/** Nothing to write: tasks are the engine's record. */
const nothing = z.object({});
/** Attributes a PATCH may carry, each checked by the type's own rules (an execution refuses any with 405). */
const checkedByTheType = z.record(z.string(), z.unknown());

export const executionsContract = resourceContract('/builder/v1', 'executions', 'execution', {
  attributes: executionAttributesSchema,
  listed: executionListAttributesSchema,
  create: createExecutionSchema,
  update: checkedByTheType,
});

const executionDocument = resourceDocumentOf(executionsContract);

/** The execution payload, as the spec sends it or wrapped as JSON:API `{data: {attributes}}`. */
const executionPayload = z.union([createExecutionSchema, z.object({ data: z.object({ type: z.string().optional(), attributes: createExecutionSchema }) })]);

/**
 * builder/v1 executions beyond the generic list, get and share (spec 1 §7 Builder,
 * docs/workflows.md, docs/engine.md, docs/execution-report.md): one family, one module
 * (apps/server/src/modules/builder/executions.routes.ts).
 */
export const executionOperations = defineOperations({
  'POST /builder/v1/executions': {
    summary: 'Create an execution of a workflow version',
    // checked by the route itself, so that errors point at the payload's field
    body: z.unknown(),
    documents: executionPayload,
    status: 201,
    response: executionDocument,
  },
  'GET /builder/v1/executions/execution_allowed': {
    summary: 'Whether the caller may execute a workflow',
    query: z.object({ processor_id: z.string().optional() }),
    response: z.object({ data: executionAllowedSchema }),
  },
  // issue 35 §3, docs/compare.md
  'GET /builder/v1/executions/compare': {
    summary: 'What differs between two executions: inputs, outputs (rasters by their statistics), tasks',
    query: z.object({
      ids: z
        .union([z.string(), z.array(z.string())])
        .describe('exactly two execution ids, comma separated (ids=12,13) or repeated; the caller must be allowed to read both'),
    }),
    response: z.object({ data: executionComparisonSchema }),
  },
  'PATCH /builder/v1/executions/{id}/execute': { summary: 'Hand a created execution to the engine', params: idParams, response: executionDocument },
  'POST /builder/v1/executions/{id}/rerun': {
    summary: 'Run an ended execution again with the same workflow version and inputs',
    params: idParams,
    status: 201,
    response: executionDocument,
  },
  'POST /builder/v1/executions/{id}/product-order': {
    summary: 'Order the EO products among the inputs',
    params: idParams,
    response: z.object({ data: productOrderSchema }),
  },
  'PATCH /builder/v1/executions/{id}/stop': { summary: 'Stop a running execution', params: idParams, response: executionDocument },
  'GET /builder/v1/executions/{id}/tasks/{taskId}/log': {
    summary: "A task attempt's log",
    params: z.object({ id: z.string(), taskId: z.string() }),
    query: z.object({ try: positiveNumber.optional() }),
    response: { file: 'text/plain' },
  },
  [`GET ${EXECUTION_FILE_PATH}` as const]: {
    summary: "A file of the execution's datastore (byte ranges accepted)",
    params: z.object({ id: z.string(), '*': z.string() }),
    response: { file: 'application/octet-stream' },
  },
  'GET /builder/v1/executions/{id}/pdf': { summary: 'The execution report as a PDF', params: idParams, response: { file: 'application/pdf' } },
});

/** Schedules take the spec payload as it is or as JSON:API (docs/schedules.md "API"). */
const plainOrEnvelope = <S extends z.ZodType>(payload: S) =>
  z.union([payload, z.object({ data: z.object({ type: z.string().optional(), id: z.string().optional(), attributes: payload }) })]);
export const schedulesContract = withPlainWrites(
  resourceContract('/builder/v1', 'schedules', 'schedule', {
    attributes: scheduleAttributesSchema,
    create: schedulePayloadSchema,
    // a partial payload: its defaults must not overwrite stored values (schedules.resource.ts)
    update: checkedByTheType,
  }),
  { create: plainOrEnvelope(schedulePayloadSchema), update: plainOrEnvelope(schedulePayloadSchema.partial()) },
);

export const scheduleOperations = defineOperations({
  'POST /builder/v1/schedules/{id}/trigger/{token}': {
    summary: 'Start an execution of an external-trigger schedule (the token is the credential)',
    params: z.object({ id: z.string(), token: z.string() }),
    // the trigger's payload is optional and read by the schedule's own rules
    body: z.unknown(),
    status: 201,
    response: z.object({
      data: z.object({ type: z.literal('executions'), id: z.string(), attributes: z.object({ identifier: z.string(), status: z.literal('pending') }) }),
    }),
  },
});

/** taskmgr/v1 (spec 3 "Jobs"): the task instances of executions, as tasks and as jobs. Read-only. */
const taskSchemas = { attributes: taskAttributesSchema, listed: taskListAttributesSchema, create: nothing, update: nothing };
export const tasksContract = resourceContract('/taskmgr/v1', 'tasks', 'task', taskSchemas);
export const jobsContract = resourceContract('/taskmgr/v1', 'jobs', 'job', taskSchemas);

const builderWorkspace = resourceAttributesSchema(workspaceAttributesSchema);

/**
 * builder/v1 workspaces (spec 1 §7 Builder 'GET workspaces'): the workspaces the caller may
 * see, read from the one workspace store (knowledge/v1/workspaces, where they are administered).
 */
export const builderWorkspaceOperations = defineOperations({
  'GET /builder/v1/workspaces': {
    summary: 'List the workspaces the caller may see',
    query: listQuerySchema,
    response: listDocumentSchema(builderWorkspace),
  },
  'GET /builder/v1/workspaces/{id}': {
    summary: 'One workspace the caller may see',
    params: idParams,
    response: resourceDocumentOf({ schemas: { attributes: workspaceAttributesSchema } }),
  },
});
