import {
  LOCAL_TARGET,
  parseProductInputUrl,
  productInputUrl,
  type ApplicationExecutionRequest,
  type ApplicationInput,
  type CwlType,
  type ExecutionInputGroup,
} from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { APPLICATION_TASK } from '../../engine/orchestrator/application-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { nulPath } from '../../platform/http/input-guards.js';
import type { ExecutionApplication } from '../../engine/execution-kind.js';
import { ExecutionCreator } from '../builder/execution-creator.js';
import { ApplicationRefused, type RunnableApplication } from './application-store.js';
import { requireTermsAccepted } from '../terms/terms-gate.js';

/** An input value that does not fit its type: 400 naming the input. */
class InputRefused extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Spec 3 §4: the terms count only when the theme has a `-tcs` feature. */
function termsGatingOn(ctx: Pick<AppContext, 'config'>): boolean {
  return ctx.config.themeFeatures.some((feature) => feature.endsWith('-tcs'));
}

/** A STAC item URL of this portal (its STAC API paths), as the product input link the stager reads. */
function portalStacItem(value: string, origins: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://relative.invalid' && !origins.includes(url.origin)) return undefined;
  const match = /^\/(?:backend\/catalogue|resource-catalogue)\/stac\/collections\/([^/]+)\/items\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return undefined;
  try {
    return productInputUrl(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  } catch {
    return undefined;
  }
}

/**
 * A File or Directory value: an EO product of the catalogue (a product input link, or a STAC
 * item URL of this portal) is kept as its link and staged before the run; another http(s) URL
 * is a `{class, location}` cwltool reads itself.
 */
function fileValue(value: unknown, kind: 'File' | 'Directory', origins: string[]): { value: unknown; product: boolean } {
  if (isObject(value) && value.class === kind && typeof value.location === 'string') return fileValue(value.location, kind, origins);
  if (typeof value !== 'string') throw new InputRefused(`must be the URL of a ${kind === 'File' ? 'file' : 'folder'} or a product of the catalogue`);
  const text = value.trim();
  const link = parseProductInputUrl(text);
  if (link && (link.origin === undefined || origins.includes(link.origin))) return { value: text, product: true };
  const stac = portalStacItem(text, origins);
  if (stac) return { value: stac, product: true };
  if (link || /^https?:\/\//i.test(text)) return { value: { class: kind, location: text }, product: false };
  throw new InputRefused(`must be the URL of a ${kind === 'File' ? 'file' : 'folder'} or a product of the catalogue`);
}

/** A value decoded from JSON text, refused when a text in it holds a NUL character (`\u0000`: PostgreSQL cannot store it). */
function withoutNul<T>(value: T): T {
  if (nulPath(value, '') !== undefined) throw new InputRefused('may not contain NUL characters (\\u0000)');
  return value;
}

/** A list given as a JSON array, its JSON text, or comma-separated text. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') throw new InputRefused('must be a list');
  const text = value.trim();
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // not JSON: comma-separated below
    }
    if (Array.isArray(parsed)) return withoutNul(parsed);
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

interface Converted {
  value: unknown;
  /** File/Directory whose value names a product: staged before the run */
  staged?: 'File' | 'Directory';
}

/** The CWL value of a given value of `type`; throws InputRefused saying what it must be. */
function convert(type: CwlType, value: unknown, origins: string[]): Converted {
  switch (type.type) {
    case 'int':
    case 'long': {
      const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw new InputRefused('must be a whole number');
      return { value: number };
    }
    case 'float':
    case 'double': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw new InputRefused('must be a number');
      return { value: number };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      throw new InputRefused('must be true or false');
    case 'string':
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
      throw new InputRefused('must be a text');
    case 'enum':
      if (typeof value === 'string' && type.symbols.includes(value)) return { value };
      throw new InputRefused(`must be one of ${type.symbols.join(', ')}`);
    case 'File':
    case 'Directory': {
      const file = fileValue(value, type.type, origins);
      return file.product ? { value: file.value, staged: type.type } : { value: file.value };
    }
    case 'array': {
      // a product inside a list is not staged (one staged product per input): it is refused there, a plain URL is not
      const items = listOf(value).map((item) => convert(type.items, item, origins));
      if (items.some((item) => item.staged))
        throw new InputRefused('may not name a product of the catalogue inside a list: give one product per File or Directory input, or the files’ URLs');
      return { value: items.map((item) => item.value) };
    }
    case 'union': {
      for (const candidate of type.types) {
        try {
          return convert(candidate, value, origins);
        } catch (error) {
          if (!(error instanceof InputRefused)) throw error;
        }
      }
      throw new InputRefused(`must be a ${type.types.map((candidate) => candidate.type).join(' or ')}`);
    }
    case 'record':
    case 'Any': {
      if (typeof value !== 'string') return { value };
      let parsed: unknown;
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        if (type.type === 'Any') return { value };
        throw new InputRefused('must be a JSON object');
      }
      return { value: withoutNul(parsed) };
    }
    case 'null':
      return { value: null };
  }
}

/** How a value reads in the report's inputs table. */
function display(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.location === 'string') return value.location;
  return JSON.stringify(value);
}

interface JobOrder {
  jobOrder: Record<string, unknown>;
  staged: Record<string, 'File' | 'Directory'>;
  group: ExecutionInputGroup;
}

/** The job order of a request: every required input given, each value of its type (400 naming the input otherwise). */
function jobOrderOf(inputs: ApplicationInput[], given: ApplicationExecutionRequest['inputs'], origins: string[]): JobOrder {
  const known = new Set(inputs.map((input) => input.id));
  const unknown = given.filter((item) => !known.has(item.identifier)).map((item) => item.identifier);
  if (unknown.length > 0) throw detailError(400, `The application has no input ${unknown.join(', ')}.`);
  const jobOrder: Record<string, unknown> = {};
  const staged: Record<string, 'File' | 'Directory'> = {};
  const group: ExecutionInputGroup = { node_id: APPLICATION_TASK, items: [] };
  for (const input of inputs) {
    const name = input.label && input.label !== input.id ? `${input.label} (${input.id})` : input.id;
    const value = given.find((item) => item.identifier === input.id)?.value;
    if (isEmpty(value) || (Array.isArray(value) && value.length === 0 && !input.optional && input.default === null)) {
      if (!input.optional && input.default === null) throw detailError(400, `Input ${name} is required.`);
      continue;
    }
    let converted: Converted;
    try {
      converted = convert(input.type, value, origins);
    } catch (error) {
      if (error instanceof InputRefused) throw detailError(400, `Input ${name} ${error.message} (${input.typeLabel}).`);
      throw error;
    }
    jobOrder[input.id] = converted.value;
    if (converted.staged) staged[input.id] = converted.staged;
    group.items.push({
      identifier: input.id,
      label: input.label || input.id,
      value: display(converted.value),
      user_visible: true,
      user_editable: true,
      description: input.doc,
      data_type: converted.staged ? 'eo-product' : input.typeLabel,
    });
  }
  return { jobOrder, staged, group };
}

/** The readable application, or 404. */
async function runnableOf(ctx: AppContext, principal: Principal, collection: string, identifier: string): Promise<RunnableApplication> {
  let found: RunnableApplication | undefined;
  try {
    found = await ctx.applications.runnable(principal, collection, identifier);
  } catch (error) {
    if (error instanceof ApplicationRefused) throw detailError(error.status, error.message);
    throw error;
  }
  if (!found) throw notFound(`No application ${identifier} in the collection ${collection}.`);
  return found;
}

/**
 * Executes an application (spec 3 §2 "Execute application", §5, §7 execute): checks that the
 * caller may read it (404), its terms (403 when a `-tcs` theme feature is on and its licence
 * is not accepted), the target ('local' or a registered ADES: 400 'Unknown target platform')
 * and every input against its description (400 naming the input); then records the execution
 * (kind 'application', the CWL pinned with it) and submits it at once. Used by the execute
 * route and by /ogcapi (docs/applications.md "Running applications").
 */
export async function executeApplication(
  ctx: AppContext,
  principal: Principal,
  collection: string,
  request: ApplicationExecutionRequest,
): Promise<{ id: number; identifier: string }> {
  const { application, cwl } = await runnableOf(ctx, principal, collection, request.cwl_identifier);
  if (termsGatingOn(ctx)) await requireTermsAccepted(ctx.db, principal.id, application.license, `executing ${application.title || application.identifier}`);
  const target = request.ades_id.trim();
  if (target !== LOCAL_TARGET.value && !(await ctx.ades.find(target))) throw detailError(400, `Unknown target platform ${target}.`);
  // this portal's origin as its documents name it (app.ts catalogueBase)
  const publicBase = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  const origins = [new URL(publicBase).origin];
  const { jobOrder, staged, group } = jobOrderOf(application.inputs, request.inputs, origins);
  // an ADES fetches a product itself (nothing is staged here): it is given the product link as an absolute URL of this portal
  if (target !== LOCAL_TARGET.value) for (const name of Object.keys(staged)) jobOrder[name] = new URL(String(jobOrder[name]), publicBase).toString();
  const record: ExecutionApplication = {
    collection: application.collection,
    identifier: application.identifier,
    version: application.softwareVersion,
    title: application.title || application.label || application.identifier,
    target,
    processId: application.identifier,
    remoteJob: null,
    jobOrder,
    staged,
    outputTypes: Object.fromEntries(application.outputs.map((output) => [output.id, output.typeLabel])),
  };
  return new ExecutionCreator(ctx).create('application', {
    name: application.identifier,
    label: record.title,
    ownerId: principal.username,
    application: record,
    inputs: () => [group],
    workflowExecutionOrder: {
      tasks: [{ task_slug_id: APPLICATION_TASK, worker_selectors: {}, identifier: application.identifier, version: application.softwareVersion }],
      workflow: { identifier: application.identifier, version: 0, 'dag-type': 'standard' },
    },
    cwl,
    submit: { application_id: application.identifier },
  });
}
