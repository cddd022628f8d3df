import fs from 'node:fs';
import path from 'node:path';
import {
  itemLicenceUrl,
  MAX_MODEL_INPUT_FILE_BYTES,
  modelInputFields,
  MODEL_TERMS_FEATURE,
  onnxAsset,
  parseModelNumbers,
  type ExecutionInputGroup,
  type ModelExecutionRequest,
  type ModelInputField,
} from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { MODEL_FILE, modelInputFile, modelPackageDir } from '../../engine/runtime/model-runtime.js';
import { MODEL_TASK } from '../../engine/orchestrator/model-context.js';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import type { Principal } from '../../platform/auth/principal.js';
import { openTreeForTasks } from '../../platform/data-dir.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { requireTermsAccepted } from '../terms/terms-gate.js';
import type { ExecutionModel, ExecutionModelInput, ExecutionModelOutput } from '../../engine/execution-kind.js';
import { ExecutionCreator, IdentifierTaken } from '../builder/execution-creator.js';
import { copyAsset, type AssetSources } from './asset-copy.js';

/** Models run, and their files are pinned, where the engine runs (docs/models.md "Not built"). */
export const ENGINE_OFF = 'This server does not run models nor copy datasets (ASB_ENGINE=false): the server that runs the engine does.';
/** A model file fetched from another server is at most this large. */
const MAX_REMOTE_MODEL_BYTES = 512 * 1024 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a model execution needs besides the context: where executions keep their files, and the catalogue's local files. */
export interface ModelExecutionDeps extends AssetSources {
  paths: Pick<DatastorePaths, 'executionDir'>;
}

/** The outputs a model gives, with the classes of a class map (MLM `classification:classes`) for its legend. */
function signatureOutputs(properties: Record<string, unknown>): ExecutionModelOutput[] {
  const labels = new Map(
    (Array.isArray(properties['dlm:outputs']) ? properties['dlm:outputs'] : [])
      .filter(isObject)
      .map((output) => [String(output.id ?? ''), String(output.label ?? '')]),
  );
  const mlm = Array.isArray(properties['mlm:output']) ? properties['mlm:output'].filter(isObject) : [];
  return mlm.map((output) => {
    const name = String(output.name ?? '');
    const classes = Array.isArray(output['classification:classes'])
      ? output['classification:classes'].filter(isObject).flatMap((entry) =>
          typeof entry.value === 'number'
            ? [
                {
                  value: entry.value,
                  name: String(entry.name ?? entry.description ?? entry.value),
                  ...(typeof entry.color_hint === 'string' && /^#?[0-9a-fA-F]{6}$/.test(entry.color_hint) ? { color: entry.color_hint.replace(/^#/, '') } : {}),
                },
              ]
            : [],
        )
      : [];
    return { name, label: labels.get(name) || name, ...(classes.length > 0 ? { classes } : {}) };
  });
}

/** What the bytes of a file are: a TIFF (GeoTIFF), a PNG, or neither. */
function fileTypeOf(bytes: Buffer): 'geotiff' | 'png' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 4).toString('latin1');
  if (head === 'II*\0' || head === 'MM\0*' || head === 'II+\0' || head === 'MM\0+') return 'geotiff';
  return undefined;
}

/** A base64 text (optionally a data: URL) as bytes; undefined when it is not base64. */
function base64Bytes(text: string): Buffer | undefined {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return undefined;
  return Buffer.from(body, 'base64');
}

/** One given input checked against its signature: what the task reads, and what the report shows. */
interface CheckedInput {
  record: ExecutionModelInput;
  /** the file's bytes, or the numbers as JSON */
  content: Buffer;
  shown: string;
}

function checkInputs(signature: ModelInputField[], request: ModelExecutionRequest): CheckedInput[] {
  const given = request.inputs.inputs;
  const known = new Set(signature.map((input) => input.name));
  const unknown = given.filter((input) => !known.has(input.name)).map((input) => input.name);
  if (unknown.length > 0) throw detailError(400, `The model has no input ${unknown.join(', ')} (its inputs: ${[...known].join(', ')}).`);
  return signature.map((input) => {
    const name = input.label && input.label !== input.name ? `${input.label} (${input.name})` : input.name;
    const value = given.find((candidate) => candidate.name === input.name);
    if (!value || (typeof value.data === 'string' && value.data.trim() === '') || (Array.isArray(value.data) && value.data.length === 0))
      throw detailError(400, `Input ${name} is required.`);
    if (input.kind === 'image') {
      if (typeof value.data !== 'string') throw detailError(400, `Input ${name} is an image: give a GeoTIFF or PNG file (base64 in data).`);
      const bytes = base64Bytes(value.data);
      if (!bytes) throw detailError(400, `Input ${name}: data is not base64.`);
      if (bytes.length > MAX_MODEL_INPUT_FILE_BYTES) throw detailError(413, `Input ${name}: the file is larger than 20 MB.`);
      const fileType = fileTypeOf(bytes);
      if (!fileType) throw detailError(400, `Input ${name} must be a GeoTIFF or a PNG file.`);
      const fileName = (value.file_name ?? '').replace(/[\\/\0]/g, '_').trim() || `${input.name}.${fileType === 'png' ? 'png' : 'tif'}`;
      return { record: { name: input.name, label: input.label, kind: 'image', shape: input.shape, fileName, fileType }, content: bytes, shown: fileName };
    }
    let values: number[];
    if (typeof value.data === 'string') {
      const parsed = parseModelNumbers(value.data);
      if ('error' in parsed) throw detailError(400, `Input ${name}: ${parsed.error}.`);
      values = parsed.values;
    } else {
      if (!value.data.every((item) => Number.isFinite(item))) throw detailError(400, `Input ${name}: every value must be a finite number.`);
      values = value.data;
    }
    const fixed = input.shape.length > 0 && input.shape.every((dimension) => dimension > 0) ? input.shape.reduce((a, b) => a * b, 1) : undefined;
    if (fixed !== undefined && fixed !== values.length)
      throw detailError(400, `Input ${name}: the model takes ${fixed} numbers (shape [${input.shape.join(', ')}]); ${values.length} were given.`);
    const shown = values.length > 12 ? `${values.slice(0, 12).join(', ')}, … (${values.length} numbers)` : values.join(', ');
    return {
      record: { name: input.name, label: input.label, kind: 'numbers', shape: input.shape, count: values.length },
      content: Buffer.from(JSON.stringify(values)),
      shown,
    };
  });
}

/** Copies the model's ONNX file into `file`: a local catalogue asset read as `principal`, or another server's through the outbound guard. */
export async function pinModelFile(ctx: AppContext, deps: ModelExecutionDeps, principal: Principal, href: string, file: string): Promise<void> {
  await copyAsset(ctx, deps, principal, href, file, { what: 'The model’s ONNX file', maxBytes: MAX_REMOTE_MODEL_BYTES });
}

/**
 * Executes a model of the catalogue (spec 3 §2 "Model execute", §5, §7 execute_model;
 * docs/models.md "Model executions"): checks that the caller may read the item (404) and that it
 * is a model with an ONNX file, its terms (403 with the aiopen-tcs feature), and every input
 * against the item's signature (400 naming the input); pins the ONNX file and the inputs in the
 * new execution's folder, then records the execution (kind 'model') and submits it at once. A
 * refusal or a failure on the way leaves nothing behind.
 */
export async function executeModel(
  ctx: AppContext,
  deps: ModelExecutionDeps,
  principal: Principal,
  collection: string,
  request: ModelExecutionRequest,
): Promise<{ id: number; identifier: string }> {
  if (ctx.config.engine.enabled === false) throw detailError(503, ENGINE_OFF);
  if (request.collection && request.collection !== collection)
    throw detailError(400, `The collection of the request (${request.collection}) is not the one of the path (${collection}).`);
  const item = await ctx.catalogue.readItem(principal, collection, request.identifier);
  if (!item) throw notFound(`No model ${request.identifier} in the collection ${collection}.`);
  const properties = (item.properties ?? {}) as Record<string, unknown>;
  const title = String(properties.name ?? properties.title ?? item.id);
  if (properties.type !== 'model') throw detailError(400, `${title} is not a model.`);
  const href = onnxAsset(item);
  if (!href) throw detailError(409, `${title} has no ONNX file to run (an asset with the role mlm:model).`);
  if (ctx.config.themeFeatures.includes(MODEL_TERMS_FEATURE)) await requireTermsAccepted(ctx.db, principal.id, itemLicenceUrl(item), `executing ${title}`);
  const signature = modelInputFields(properties);
  if (signature.length === 0) throw detailError(409, `${title} declares no inputs (dlm:inputs or mlm:input).`);
  const checked = checkInputs(signature, request);
  const record: ExecutionModel = {
    collection,
    identifier: item.id,
    version: typeof properties.version === 'string' ? properties.version : '',
    title,
    ...(typeof properties.license === 'string' ? { license: properties.license } : {}),
    inputs: checked.map((input) => input.record),
    outputs: signatureOutputs(properties),
  };
  const group: ExecutionInputGroup = {
    node_id: MODEL_TASK,
    items: checked.map((input) => ({
      identifier: input.record.name,
      label: input.record.label || input.record.name,
      value: input.shown,
      user_visible: true,
      user_editable: true,
      description: '',
      data_type: input.record.kind === 'image' ? `${input.record.fileType === 'png' ? 'PNG' : 'GeoTIFF'} image` : 'numbers',
    })),
  };
  // the files first, then the row: a refused or failed copy leaves no execution behind
  return new ExecutionCreator(ctx).create('model', {
    name: item.id,
    label: title,
    ownerId: principal.username,
    model: record,
    inputs: () => [group],
    workflowExecutionOrder: {
      tasks: [{ task_slug_id: MODEL_TASK, worker_selectors: {}, identifier: item.id, version: record.version }],
      workflow: { identifier: item.id, version: 0, 'dag-type': 'standard' },
    },
    pin: async (identifier) => {
      const executionDir = deps.paths.executionDir(principal.username, identifier);
      if (fs.existsSync(executionDir)) throw new IdentifierTaken(`The execution folder ${identifier} exists already.`);
      const packageDir = modelPackageDir(executionDir);
      fs.mkdirSync(path.join(packageDir, 'inputs'), { recursive: true });
      await pinModelFile(ctx, deps, principal, href, path.join(packageDir, MODEL_FILE));
      checked.forEach((input, index) => fs.writeFileSync(path.join(packageDir, modelInputFile(input.record, index)), input.content));
      await openTreeForTasks(packageDir);
    },
    unpin: (identifier) => fs.rmSync(deps.paths.executionDir(principal.username, identifier), { recursive: true, force: true }),
    submit: { application_id: item.id, model_id: item.id },
  });
}
