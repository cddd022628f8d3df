import {
  JOB_CONTROL_OPTIONS,
  OGC_EXCEPTION,
  OGC_REL,
  TRANSMISSION_MODES,
  type ApplicationSummary,
  type OgcExecute,
  type OgcProcess,
  type OgcProcessList,
  type OgcProcessSummary,
} from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { HttpError } from '../../platform/http/errors.js';
import { ApplicationRefused } from '../applications/application-store.js';
import { CwlRefused, describeCwl } from '../applications/cwl-describe.js';
import { DocumentRefused } from '../../platform/documents/document-limits.js';
import { ExecutionsService } from '../builder/executions.service.js';
import { cwlTypeSchema } from './json-schemas.js';
import { invalidParameter, noSuchProcess, ogcError } from './ogc-errors.js';
import { missingInput, unknownInput, unwrapValue, workflowValueText } from './ogc-inputs.js';
import { recordJobOutputs } from './job-outputs.repository.js';
import { DEPLOY_SLUG, DEPLOY_TITLE, deployCollectionOf, type OgcApplications } from './ogc-applications.js';
import { packageCwl } from './deploy-package.js';
import { ProcessDirectory, type ProcessEntry } from './process-directory.js';
import { processIdTaken } from './process-ids.repository.js';
import { workflowDescription, workflowSignature, type WorkflowSignature } from './workflow-processes.js';

const isDeployed = (collection: string) => collection.endsWith(`:${DEPLOY_SLUG}`);

/** A 400 of the executions service (JSON:API errors pointing at /data/attributes/inputs/{node}/{input}) naming the OGC input. */
function inputError(error: unknown, signature: WorkflowSignature): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 400 || !Array.isArray(error.body.errors)) return error;
  const details = (error.body.errors as { detail?: string; source?: { pointer?: string } }[]).map((item) => {
    const match = /^\/data\/attributes\/inputs\/([^/]+)\/(.+)$/.exec(item.source?.pointer ?? '');
    const id = match ? (signature.byQualified.get(`${match[1]}.${match[2]}`) ?? match[2]) : undefined;
    return id ? `Input "${id}": ${item.detail ?? 'invalid value.'}` : (item.detail ?? 'Invalid value.');
  });
  return ogcError(400, OGC_EXCEPTION.invalidParameter, details.join(' '));
}

/**
 * /ogcapi/processes (docs/ogcapi.md): the workflows and
 * applications a caller may execute as OGC processes, their descriptions, execution into
 * jobs (executions), and Part 2 deploy, replace and undeploy of CWL application packages.
 */
export class OgcProcesses {
  readonly directory: ProcessDirectory;
  private readonly executions: ExecutionsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly applications: OgcApplications | undefined,
  ) {
    this.directory = new ProcessDirectory(ctx, applications);
    this.executions = new ExecutionsService(ctx);
  }

  summaryOf(entry: ProcessEntry, base: string): OgcProcessSummary {
    const self = `${base}/ogcapi/processes/${encodeURIComponent(entry.id)}`;
    const links = [
      { href: self, rel: 'self', type: 'application/json', title: 'The process description' },
      { href: `${self}/execution`, rel: OGC_REL.execute, type: 'application/json', title: 'Execute the process' },
    ];
    const common = { id: entry.id, jobControlOptions: [...JOB_CONTROL_OPTIONS], outputTransmission: [...TRANSMISSION_MODES], links };
    if (entry.kind === 'workflow') {
      const { workflow } = entry;
      return {
        ...common,
        title: workflow.label,
        description: workflowDescription(workflow),
        keywords: [],
        version: String(workflow.version),
        'asb:kind': 'workflow',
      };
    }
    const { application } = entry;
    return {
      ...common,
      title: application.title || application.label || application.identifier,
      description: application.abstract || application.doc,
      keywords: application.keywords,
      version: application.softwareVersion,
      'asb:kind': 'application',
      'asb:collection': application.collection,
    };
  }

  /** A page of the processes: `limit` from `offset` (all when no limit), with a `next` link while more follow. */
  async list(principal: Principal, base: string, page: { limit?: number; offset: number }): Promise<OgcProcessList> {
    const entries = await this.directory.list(principal);
    const end = page.limit === undefined ? entries.length : page.offset + page.limit;
    const self = `${base}/ogcapi/processes`;
    const pageUrl = (offset: number) =>
      `${self}?${new URLSearchParams({ ...(page.limit === undefined ? {} : { limit: String(page.limit) }), offset: String(offset) })}`;
    const links = [{ href: page.offset === 0 && page.limit === undefined ? self : pageUrl(page.offset), rel: 'self', type: 'application/json' }];
    if (end < entries.length) links.push({ href: pageUrl(end), rel: 'next', type: 'application/json' });
    return { processes: entries.slice(page.offset, end).map((entry) => this.summaryOf(entry, base)), links };
  }

  private async find(principal: Principal, id: string): Promise<ProcessEntry> {
    const entry = await this.directory.find(principal, id);
    if (!entry) throw noSuchProcess(id);
    return entry;
  }

  async describe(principal: Principal, id: string, base: string): Promise<OgcProcess> {
    const entry = await this.find(principal, id);
    const summary = this.summaryOf(entry, base);
    if (entry.kind === 'workflow') {
      const signature = await workflowSignature(this.ctx, entry.workflow.graph);
      return { ...summary, inputs: signature.ogcInputs, outputs: signature.ogcOutputs };
    }
    return { ...summary, ...applicationPorts(entry.application) };
  }

  /** Part 2's package of an application process: its CWL as deployed; a workflow has none (404). */
  async package(principal: Principal, id: string): Promise<{ cwl: string; mediaType: string }> {
    const entry = await this.find(principal, id);
    if (entry.kind === 'workflow') throw ogcError(404, 'about:blank', `Process ${id} is a workflow of the portal: it has no application package.`);
    const { application } = entry;
    return refusedAsOgc(() => this.applicationsOrFail().cwlText(principal, application.collection, application.identifier));
  }

  /** Creates and submits the job, with the outputs it asked for; its execution's id. */
  async execute(principal: Principal, id: string, request: OgcExecute): Promise<number> {
    // results are always a JSON document; raw (one output's bytes as the body) is not served
    if (request.response === 'raw') throw invalidParameter('response "raw" is not served: the results are a JSON document (response "document").');
    const entry = await this.find(principal, id);
    const outputIds =
      entry.kind === 'workflow'
        ? Object.keys((await workflowSignature(this.ctx, entry.workflow.graph)).ogcOutputs)
        : entry.application.outputs.map((output) => output.id);
    const requested = Object.keys(request.outputs ?? {});
    const unknown = requested.find((output) => !outputIds.includes(output));
    if (unknown !== undefined) throw invalidParameter(`Process ${id} has no output "${unknown}" (it has ${outputIds.join(', ') || 'none'}).`);
    const jobId = entry.kind === 'workflow' ? await this.executeWorkflow(principal, entry, request) : await this.executeApplication(principal, entry, request);
    if (requested.length > 0) await recordJobOutputs(this.ctx.db, jobId, requested);
    return jobId;
  }

  private async executeApplication(principal: Principal, entry: Extract<ProcessEntry, { kind: 'application' }>, request: OgcExecute): Promise<number> {
    const { id } = entry;
    const { application } = entry;
    const known = new Set(application.inputs.map((input) => input.id));
    for (const key of Object.keys(request.inputs)) if (!known.has(key)) throw unknownInput(key, id);
    for (const input of application.inputs) {
      if (!input.optional && input.default === null && request.inputs[input.id] === undefined) throw missingInput(input.id);
    }
    const inputs = Object.entries(request.inputs).map(([identifier, value]) => ({ identifier, value: unwrapValue(value) }));
    const execute = this.applicationsOrFail().execute;
    if (!execute) throw ogcError(501, 'about:blank', 'This server does not run applications yet.');
    const created = await execute(principal, application.collection, {
      cwl_identifier: application.identifier,
      inputs,
      ades_id: 'local',
    });
    return created.id;
  }

  private async executeWorkflow(principal: Principal, entry: Extract<ProcessEntry, { kind: 'workflow' }>, request: OgcExecute): Promise<number> {
    const signature = await workflowSignature(this.ctx, entry.workflow.graph);
    const groups = new Map<string, { identifier: string; value: string }[]>();
    const given = new Set<string>();
    for (const [key, value] of Object.entries(request.inputs)) {
      const inputId = signature.inputs.has(key) ? key : signature.byQualified.get(key);
      const ref = inputId === undefined ? undefined : signature.inputs.get(inputId);
      if (!inputId || !ref) throw unknownInput(key, entry.id);
      given.add(inputId);
      const items = groups.get(ref.nodeId) ?? [];
      items.push({ identifier: ref.item.identifier, value: workflowValueText(inputId, value) });
      groups.set(ref.nodeId, items);
    }
    for (const [inputId, ref] of signature.inputs) if (!given.has(inputId) && ref.item.defaultValue === null) throw missingInput(inputId);
    const inputs = [...groups].map(([node_id, items]) => ({ node_id, items }));
    let created;
    try {
      created = await this.executions.create(principal, { processor_id: String(entry.workflow.id), inputs });
    } catch (error) {
      throw inputError(error, signature);
    }
    await this.executions.execute(principal, created.data.id);
    return Number(created.data.id);
  }

  private applicationsOrFail(): OgcApplications {
    if (!this.applications) throw ogcError(501, 'about:blank', 'This server runs no CWL applications.');
    return this.applications;
  }

  /** Part 2 deploy: into the caller's `{username}:ogcapi` collection; 409 duplicated-process when the id is there (PUT replaces). */
  async deploy(principal: Principal, body: unknown, base: string): Promise<OgcProcessSummary> {
    const applications = this.applicationsOrFail();
    const cwl = await packageCwl(body, this.ctx.outbound);
    // not first come: a plain id another process holds (a demo workflow, anyone's application) stays theirs
    const identifier = await cwlIdentifierOf(cwl);
    if (identifier !== undefined && (await processIdTaken(this.ctx.db, identifier, deployCollectionOf(principal.username)))) {
      throw ogcError(409, OGC_EXCEPTION.duplicatedProcess, `The process id "${identifier}" is taken by another process: give your package another id.`);
    }
    const collection = await refusedAsOgc(() => applications.ensureOwnCollection(principal, DEPLOY_SLUG, DEPLOY_TITLE));
    const registered = await refusedAsOgc(() => applications.register(principal, collection, cwl, { replace: false }), OGC_EXCEPTION.duplicatedProcess);
    return this.summaryOf(await this.entryOf(principal, registered), base);
  }

  /** Part 2 replace: a deployed application the caller may change, by a package of the same process id. */
  async replace(principal: Principal, id: string, body: unknown, base: string): Promise<OgcProcessSummary> {
    const applications = this.applicationsOrFail();
    const application = await this.deployedApplication(principal, id);
    const cwl = await packageCwl(body, this.ctx.outbound);
    // replace writes over the application of the package's id: it must be the one named
    const identifier = await cwlIdentifierOf(cwl);
    if (identifier !== undefined && identifier !== application.identifier) {
      throw ogcError(400, OGC_EXCEPTION.invalidParameter, `The package describes process "${identifier}", not "${application.identifier}": deploy it instead.`);
    }
    const registered = await refusedAsOgc(() => applications.register(principal, application.collection, cwl, { replace: true }));
    return this.summaryOf(await this.entryOf(principal, registered), base);
  }

  /** Part 2 undeploy: a deployed application the caller may delete. */
  async undeploy(principal: Principal, id: string): Promise<void> {
    const applications = this.applicationsOrFail();
    const application = await this.deployedApplication(principal, id);
    await refusedAsOgc(() => applications.remove(principal, application.collection, application.identifier));
  }

  /** Only what was deployed through the API (a `*:ogcapi` collection) is replaced or undeployed here; the rest is managed on the portal's pages. */
  private async deployedApplication(principal: Principal, id: string): Promise<ApplicationSummary> {
    const entry = await this.find(principal, id);
    if (entry.kind === 'workflow' || !isDeployed(entry.application.collection)) {
      throw ogcError(403, OGC_EXCEPTION.immutableProcess, `Process ${id} was not deployed through this API: change it in the portal.`);
    }
    return entry.application;
  }

  private async entryOf(principal: Principal, registered: ApplicationSummary): Promise<ProcessEntry> {
    const entries = await this.directory.list(principal);
    const found = entries.find(
      (entry) =>
        entry.kind === 'application' && entry.application.collection === registered.collection && entry.application.identifier === registered.identifier,
    );
    return found ?? { id: `${registered.identifier}@${registered.collection}`, kind: 'application', application: registered };
  }
}

/** An application's inputs and outputs as JSON Schema (CWL types; optional: minOccurs 0; the default in the schema). */
function applicationPorts(application: ApplicationSummary): Pick<OgcProcess, 'inputs' | 'outputs'> {
  const inputs = Object.fromEntries(
    application.inputs.map((input) => {
      const schema = cwlTypeSchema(input.type);
      if (input.default !== null && input.default !== undefined) schema.default = input.default;
      return [
        input.id,
        { title: input.label || input.id, description: input.doc, minOccurs: input.optional || input.default !== null ? 0 : 1, maxOccurs: 1, schema },
      ];
    }),
  );
  const outputs = Object.fromEntries(
    application.outputs.map((output) => [output.id, { title: output.label || output.id, description: output.doc, schema: cwlTypeSchema(output.type) }]),
  );
  return { inputs, outputs };
}

/** The store's refusals (status and message) as OGC exceptions; a 409 as `conflictType`. */
async function refusedAsOgc<T>(action: () => Promise<T>, conflictType = 'about:blank'): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApplicationRefused) {
      const { status } = error;
      const type =
        status === 409 ? conflictType : status === 400 ? OGC_EXCEPTION.invalidParameter : status === 404 ? OGC_EXCEPTION.noSuchProcess : 'about:blank';
      throw ogcError(status, type, error.message);
    }
    throw error;
  }
}

/** The process id of a CWL text (what the store would register it as), or undefined when the store will refuse the text anyway. */
async function cwlIdentifierOf(cwl: string): Promise<string | undefined> {
  try {
    return (await describeCwl(cwl)).identifier;
  } catch (error) {
    if (error instanceof CwlRefused || error instanceof DocumentRefused) return undefined;
    throw error;
  }
}
