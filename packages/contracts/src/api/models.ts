import { z } from 'zod';
import { executionTaskAttributesSchema } from '../applications.js';
import { MODEL_CONTENT_TYPE, MODEL_INPUT_DATATYPE } from '../model-inputs.js';
import { defineOperations, idParams } from './operation.js';
import { resourceContract, resourceDocumentOf } from './resource-operations.js';

/**
 * A model's training run in MLflow's REST shape (`runs/get`: run.info and run.data with metrics
 * and params as key/value lists), from the portal's own run store, or from a real MLflow tracking
 * server when MLFLOW_TRACKING_URI is set (docs/models.md "Training runs").
 */
export const modelRunSchema = z
  .object({
    info: z.object({
      run_id: z.string(),
      run_name: z.string().optional(),
      experiment_id: z.string(),
      status: z.string().optional(),
      start_time: z.number().optional(),
      end_time: z.number().optional(),
      artifact_uri: z.string().optional(),
      lifecycle_stage: z.string().optional(),
      user_id: z.string().optional(),
    }),
    data: z.object({
      metrics: z.array(z.object({ key: z.string(), value: z.number(), timestamp: z.number().optional(), step: z.number().optional() })).default([]),
      params: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
      tags: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
    }),
  })
  .meta({ id: 'ModelRun' });
export type ModelRun = z.infer<typeof modelRunSchema>;

/** Where a model item names its training run: `properties["asb:run"]`. */
export const modelRunReferenceSchema = z.object({ workspace: z.string().min(1), experiment_id: z.string().min(1), run_id: z.string().min(1) });
export type ModelRunReference = z.infer<typeof modelRunReferenceSchema>;
export const MODEL_RUN_PROPERTY = 'asb:run';

/** The file an image input may be given as (spec 3 §5 "Model inputs"): a GeoTIFF or a PNG, at most 20 MB (spec 3 §9). */
export const MODEL_INPUT_FILE_TYPES = ['image/tiff', 'image/png'] as const;
export const MAX_MODEL_INPUT_FILE_BYTES = 20 * 1024 * 1024;

/**
 * One input of a model execution (spec 3 §3 "Model execution payload"): an image input's file as
 * base64 text in `data` with its `file_type` and `file_name`, or the numbers of a numbers input.
 * Always FP32, content type "pd" (spec 3 §5).
 */
export const modelExecutionInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** the numbers' shape (a numbers input); the file's is read from the file */
  shape: z.array(z.number().int().min(-1)).max(8).optional(),
  datatype: z.literal(MODEL_INPUT_DATATYPE).default(MODEL_INPUT_DATATYPE),
  // a file a little over the limit still reaches the server's check, which says why (413); the body limit stops more
  data: z.union([z.array(z.number()).max(10_000_000), z.string().max(Math.ceil((MAX_MODEL_INPUT_FILE_BYTES * 4) / 3) * 2)]),
  file_type: z.string().max(100).optional(),
  file_name: z.string().max(255).optional(),
  parameters: z.object({ content_type: z.literal(MODEL_CONTENT_TYPE).default(MODEL_CONTENT_TYPE) }).optional(),
});
export type ModelExecutionInput = z.input<typeof modelExecutionInputSchema>;

/** Spec 3 §3 "Model execution request": the model item (`identifier`), its `collection`, and the payload. */
export const modelExecutionRequestSchema = z
  .object({
    identifier: z.string().trim().min(1).max(200),
    collection: z.string().max(300).optional(),
    inputs: z.object({
      parameters: z.object({ content_type: z.literal(MODEL_CONTENT_TYPE).default(MODEL_CONTENT_TYPE) }).optional(),
      inputs: z.array(modelExecutionInputSchema).max(32),
    }),
  })
  .meta({ id: 'ModelExecutionRequest' });
export type ModelExecutionRequest = z.input<typeof modelExecutionRequestSchema>;

/** Model executions as taskmgr seldon-tasks (spec 3 §7 "Knowledge and task manager"): the execution task attributes of spec 3 §3. */
export const seldonTasksContract = resourceContract('/taskmgr/v1', 'seldon-tasks', 'model execution', {
  attributes: executionTaskAttributesSchema,
  create: z.object({}),
  update: z.object({}),
});

/** Spec 3 §4 "Model as a service" states. */
export const MODEL_SERVICE_STATES = ['undeployed', 'creating', 'deploying', 'available', 'error'] as const;
export type ModelServiceState = (typeof MODEL_SERVICE_STATES)[number];

/**
 * Spec 3 §3 "Model-as-a-service info": the caller's service of a model — its status and, while
 * it runs, the URLs of the model's metadata (model_proc_url) and inference (model_infer_url) in
 * the Open Inference Protocol. Empty (no status) for a model that cannot be deployed as a service.
 */
export const modelServiceInfoSchema = z
  .object({
    status: z.enum(MODEL_SERVICE_STATES).optional(),
    model_proc_url: z.string().nullable().optional(),
    model_infer_url: z.string().nullable().optional(),
    /** the service's identifier (the usage page's process identifier) */
    model_proc_id: z.string().nullable().optional(),
    started: z.string().nullable().optional(),
    /** why it is in error */
    error: z.string().nullable().optional(),
  })
  .meta({ id: 'ModelServiceInfo' });
export type ModelServiceInfo = z.infer<typeof modelServiceInfoSchema>;

/** Spec 3 §3 "Model-as-service item" (usage): name, started, ended, model_proc_id, model_proc_url, collection, id (the model's). */
export const modelServiceItemSchema = z
  .object({
    name: z.string(),
    started: z.string(),
    ended: z.string().nullable(),
    model_proc_id: z.string(),
    model_proc_url: z.string().nullable(),
    model_infer_url: z.string().nullable(),
    collection: z.string(),
    id: z.string(),
    status: z.enum(MODEL_SERVICE_STATES),
  })
  .meta({ id: 'ModelServiceItem' });
export type ModelServiceItem = z.infer<typeof modelServiceItemSchema>;

/** A model service as staff see it: whose it is besides the item. */
export const staffModelServiceItemSchema = modelServiceItemSchema.extend({ owner: z.string() }).meta({ id: 'StaffModelServiceItem' });
export type StaffModelServiceItem = z.infer<typeof staffModelServiceItemSchema>;

/**
 * Spec 3 §3 "Usage records" (a model execution, a model service, a training dataset order): what
 * was used, whose it is (owner_id: the publisher), its licence, when, and the record it refers to
 * (external_reference: the execution's or the order's id).
 */
export const usageRecordSchema = z
  .object({
    title: z.string(),
    catalogue_item_version: z.string(),
    owner_id: z.string(),
    resource_license: z.string().nullable(),
    datetime_start: z.string(),
    datetime_end: z.string().nullable(),
    catalogue_collection_id: z.string(),
    catalogue_item_id: z.string(),
    external_reference: z.string().nullable(),
    status: z.string(),
  })
  .meta({ id: 'UsageRecord' });
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/**
 * An order of a training dataset (spec 3 §7 datasets/{d}/order; docs/models.md "Training
 * datasets"): the dataset's assets copied into the caller's datastore under `path`
 * (/ordered_datasets/{publisher}/{item id}/{version if known}/{order timestamp}, spec 3 §9), with
 * its progress; each file downloadable by its `href`.
 */
export const datasetOrderSchema = z
  .object({
    id: z.string(),
    collection: z.string(),
    item: z.string(),
    title: z.string(),
    version: z.string(),
    path: z.string(),
    status: z.enum(['running', 'success', 'failed']),
    /** 0–1 */
    progress: z.number(),
    files: z.array(z.object({ asset: z.string(), path: z.string(), size: z.number(), href: z.string() })),
    error: z.string().nullable(),
    datetime_start: z.string(),
    datetime_end: z.string().nullable(),
  })
  .meta({ id: 'DatasetOrder' });
export type DatasetOrder = z.infer<typeof datasetOrderSchema>;

const modelParams = z.object({ c: z.string().max(300), m: z.string().max(300) });
const datasetParams = z.object({ c: z.string().max(300), d: z.string().max(300) });
const stac = '/backend/catalogue/stac';
const maasParams = z.object({ id: z.string().max(20), '*': z.string() });

/** The models' calls (spec 3 §7 "Catalogue items and model services"). */
export const modelOperations = defineOperations({
  [`GET ${stac}/collections/{c}/models/{m}/status`]: {
    summary: "The caller's service of a model (spec 3 §4): its status and URLs; empty for a model that cannot be deployed as a service",
    params: modelParams,
    response: modelServiceInfoSchema,
  },
  [`GET ${stac}/collections/{c}/models/{m}/start`]: {
    summary:
      "Start the model as a service for the caller: its Open Inference Protocol v2 server in the task sandbox (creating → deploying → available); answers the service's status",
    params: modelParams,
    response: modelServiceInfoSchema,
  },
  [`GET ${stac}/collections/{c}/models/{m}/stop`]: {
    summary: "Stop the caller's service of the model; answers its status (undeployed)",
    params: modelParams,
    response: modelServiceInfoSchema,
  },
  [`GET ${stac}/models/started`]: {
    summary: "The caller's running model services",
    response: z.object({ data: z.array(modelServiceItemSchema) }),
  },
  [`GET ${stac}/maas/usage`]: {
    summary: "The caller's model services, running and ended, newest first (spec 3 §7: answer in maas)",
    response: z.object({ maas: z.array(modelServiceItemSchema) }),
  },
  [`GET ${stac}/maas/services`]: {
    summary: 'Every model service that runs or starts, anyone’s, with its owner (staff)',
    response: z.object({ maas: z.array(staffModelServiceItemSchema) }),
  },
  [`POST ${stac}/maas/{id}/stop`]: {
    summary: 'Stop any user’s model service (staff); answers it, undeployed',
    params: z.object({ id: z.string().max(20) }),
    response: staffModelServiceItemSchema,
  },
  [`GET ${stac}/collections/{c}/datasets/{d}/order`]: {
    summary: "Order a training dataset: its assets are copied into the caller's datastore (/ordered_datasets/...) in the background; answers the order",
    params: datasetParams,
    response: z.object({ data: datasetOrderSchema }),
  },
  [`GET ${stac}/collections/{c}/datasets/{d}/orders`]: {
    summary: "The caller's orders of a dataset, newest first",
    params: datasetParams,
    response: z.object({ data: z.array(datasetOrderSchema) }),
  },
  [`GET ${stac}/maas/{id}/v2/{*}`]: {
    summary:
      "The Open Inference Protocol v2 of one of the caller's running model services (staff: anyone's), proxied as it answers (its errors are {error}, as the protocol writes them)",
    params: maasParams,
    response: { file: 'application/json' },
  },
  [`POST ${stac}/maas/{id}/v2/{*}`]: {
    summary: "An inference request to one of the caller's running model services, passed on as it comes (JSON, or JSON and binary tensors)",
    params: maasParams,
    body: z.unknown(),
    response: { file: 'application/json' },
  },
  [`GET ${stac}/datasets/usage`]: {
    summary: "The caller's dataset orders as usage records, newest first",
    response: z.object({ data: z.array(usageRecordSchema) }),
  },
  [`GET ${stac}/orders/{id}/files/{*}`]: {
    summary: 'A file of one of the caller’s dataset orders (byte ranges accepted)',
    params: z.object({ id: z.string().max(20), '*': z.string() }),
    response: { file: 'application/octet-stream' },
  },
  [`GET ${stac}/models/usage`]: {
    summary: "The caller's model executions as usage records, newest first",
    response: z.object({ data: z.array(usageRecordSchema) }),
  },
  'POST /backend/v1/catalogue-collections/{id}/execute_model': {
    summary:
      'Execute a model of a catalogue collection (spec 3 §7 execute_model): its ONNX asset runs in the task sandbox on the given inputs (an image input as a GeoTIFF or PNG file in base64, at most 20 MB; a numbers input as numbers)',
    params: idParams,
    body: modelExecutionRequestSchema,
    status: 201,
    response: resourceDocumentOf(seldonTasksContract),
  },
  'GET /backend/v1/workspaces/{ws}/experiments/{exp}/runs/{run}': {
    summary: "A model's training run: its parameters and metrics (MLflow's run shape)",
    params: z.object({ ws: z.string().max(200), exp: z.string().max(200), run: z.string().max(200) }),
    response: z.object({ run: modelRunSchema }),
  },
});
