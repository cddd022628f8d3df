import { z } from 'zod';
import { createSecretSchema, secretAttributesSchema } from '../secrets.js';
import { collectionRequestAttributesSchema, createCollectionRequestSchema, updateCollectionRequestSchema } from '../collection-requests.js';
import {
  createDataTypeSchema,
  createProcessSchema,
  createSoftwareDependencySchema,
  dataTypeAttributesSchema,
  processAttributesSchema,
  processBucketAttributesSchema,
  processImageAttributesSchema,
  processVersionAttributesSchema,
  softwareDependencyAttributesSchema,
  updateDataTypeSchema,
  updateProcessBucketSchema,
  updateProcessSchema,
  updateSoftwareDependencySchema,
} from '../processes.js';
import { stacItemSchema } from '../stac.js';
import { workflowInputGroupSchema } from '../workflow-inputs.js';
import {
  createWorkflowSchema,
  DAG_TYPES,
  nodeInputSettingsSchema,
  nodePortsSchema,
  publishWorkflowSchema,
  updateWorkflowSchema,
  workflowAttributesSchema,
  workflowGraphSchema,
  WORKFLOW_NODE_KINDS,
  workflowVersionSummarySchema,
} from '../workflows.js';
import { createWorkspaceSchema, updateWorkspaceSchema, workspaceAttributesSchema } from '../workspaces.js';
import { defineOperations, idParams, positiveNumber } from './operation.js';
import { resourceContract, resourceDocumentOf } from './resource-operations.js';

/** Nothing to write: a type created or changed only by its own calls (releases, builds). */
const nothing = z.object({});

export const workspacesContract = resourceContract('/knowledge/v1', 'workspaces', 'workspace', {
  attributes: workspaceAttributesSchema,
  create: createWorkspaceSchema,
  update: updateWorkspaceSchema,
});

export const processesContract = resourceContract('/knowledge/v1', 'processes', 'process', {
  attributes: processAttributesSchema,
  create: createProcessSchema,
  update: updateProcessSchema,
});

export const processBucketsContract = resourceContract('/knowledge/v1', 'process-buckets', 'bucket', {
  attributes: processBucketAttributesSchema,
  create: nothing,
  update: updateProcessBucketSchema,
});

export const processVersionsContract = resourceContract('/knowledge/v1', 'process-versions', 'process version', {
  attributes: processVersionAttributesSchema,
  create: nothing,
  update: nothing,
});

export const processImagesContract = resourceContract('/resmgr/v1', 'process-images', 'process image', {
  attributes: processImageAttributesSchema,
  create: nothing,
  update: nothing,
});

/** The instance catalogues (spec 2 §7): data types and software dependencies. */
export const dataTypesContract = resourceContract('/knowledge/v1', 'data-types', 'data type', {
  attributes: dataTypeAttributesSchema,
  create: createDataTypeSchema,
  update: updateDataTypeSchema,
});

export const softwareDependenciesContract = resourceContract('/knowledge/v1', 'software-dependencies', 'software dependency', {
  attributes: softwareDependencyAttributesSchema,
  create: createSoftwareDependencySchema,
  update: updateSoftwareDependencySchema,
});

/** Requests of data collections (spec 3 §2 "Collection requests", §7 knowledge collections). */
export const collectionRequestsContract = resourceContract('/knowledge/v1', 'collections', 'collection request', {
  attributes: collectionRequestAttributesSchema,
  create: createCollectionRequestSchema,
  update: updateCollectionRequestSchema,
});

/** A user's secrets (spec 3 §2 "Secrets", §7): tags answered, values never. */
export const secretsContract = resourceContract('/knowledge/v1', 'secrets', 'secret', {
  attributes: secretAttributesSchema,
  create: createSecretSchema,
  update: z.object({}),
});

export const workflowsContract = resourceContract('/knowledge/v1', 'workflows', 'workflow', {
  attributes: workflowAttributesSchema,
  create: createWorkflowSchema,
  update: updateWorkflowSchema,
});

const versionParams = z.object({ id: z.string(), version: positiveNumber });
const workflowDocument = resourceDocumentOf(workflowsContract);

/** A node of a workflow as GET workflows/{id}/nodes lists it (spec 1 §7 Knowledge). */
export const workflowNodeResourceSchema = z.object({
  type: z.literal('nodes'),
  /** `{workflow id}.{node id}` */
  id: z.string(),
  attributes: z.object({
    nodeId: z.string(),
    kind: z.enum(WORKFLOW_NODE_KINDS),
    label: z.string(),
    processVersion: z.string().nullable(),
    position: z.object({ x: z.number(), y: z.number() }),
    inputs: z.record(z.string(), nodeInputSettingsSchema),
    /** null: the node's process version no longer exists */
    ports: nodePortsSchema.nullable(),
  }),
});

/** GET knowledge/v1/processors/{id}: a workflow version with the inputs its execute form shows. */
export const processorAttributesSchema = z.object({
  identifier: z.string(),
  label: z.string(),
  ownerId: z.string(),
  version: z.number().int(),
  dagType: z.enum(DAG_TYPES),
  isArchived: z.boolean(),
  inputs: z.array(workflowInputGroupSchema),
  /** who saved this version's graph, and when (ISO 8601): the execute form warns when it is not the runner */
  changedBy: z.string(),
  changedAt: z.string(),
});
export type ProcessorAttributes = z.infer<typeof processorAttributesSchema>;
export const processorSchema = z.object({ type: z.literal('processors'), id: z.string(), attributes: processorAttributesSchema });
export type Processor = z.infer<typeof processorSchema>;

/** knowledge/v1 calls on a workflow beyond the generic ones (docs/workflows.md, spec 1 §7 Knowledge). */
export const workflowOperations = defineOperations({
  'GET /knowledge/v1/workflows/{id}/versions': {
    summary: 'The saved versions of a workflow, newest first',
    params: idParams,
    response: z.object({ data: z.array(workflowVersionSummarySchema) }),
  },
  'GET /knowledge/v1/workflows/{id}/versions/{version}': {
    summary: 'One saved version of a workflow',
    params: versionParams,
    response: z.object({ data: z.object({ version: z.number().int(), graph: workflowGraphSchema, createdAt: z.string(), createdBy: z.string() }) }),
  },
  'GET /knowledge/v1/workflows/{id}/nodes': {
    summary: "A workflow's nodes with their ports",
    params: idParams,
    response: z.object({ data: z.array(workflowNodeResourceSchema) }),
  },
  'GET /knowledge/v1/nodes/{id}/process': {
    summary: 'The process version a node runs',
    params: idParams,
    response: resourceDocumentOf(processVersionsContract),
  },
  'GET /knowledge/v1/processors/{id}': {
    summary: 'A workflow version with its inputs (the execute form)',
    params: idParams,
    query: z.object({ version: positiveNumber.optional() }),
    response: z.object({ data: processorSchema }),
  },
  'GET /knowledge/v1/workflows/{id}/outputs': {
    summary: "The outputs of a workflow's process versions, by '{process} {version}' and output name",
    params: idParams,
    response: z.object({ data: z.record(z.string(), z.record(z.string(), z.object({ type: z.string(), label: z.string() }))) }),
  },
  'GET /knowledge/v1/workflows/{id}/is_published': {
    summary: 'Whether a workflow is published',
    params: idParams,
    response: z.object({ data: z.object({ published: z.boolean() }) }),
  },
  'PATCH /knowledge/v1/workflows/{id}/publish': {
    summary: 'Publish a workflow to the Marketplace',
    params: idParams,
    body: z.object({ data: z.object({ type: z.string().optional(), id: z.string().optional(), attributes: z.record(z.string(), z.unknown()) }) }),
    attributes: publishWorkflowSchema,
    response: workflowDocument,
  },
  'PATCH /knowledge/v1/workflows/{id}/unpublish': { summary: 'Withdraw a workflow from the Marketplace', params: idParams, response: workflowDocument },
  'GET /knowledge/v1/workflows/{id}/catalogue-item': {
    summary: 'The STAC item of a workflow (public once published)',
    params: idParams,
    response: stacItemSchema,
  },
});
