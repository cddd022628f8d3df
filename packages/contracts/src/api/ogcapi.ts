import { z } from 'zod';
import { defineOperations } from './operation.js';

/**
 * The portal as an OGC API – Processes server (docs/ogcapi.md): Part 1 Core 1.0 (landing page, conformance, process list and description,
 * execution, job list, status, results, dismiss) and Part 2 Deploy, Replace, Undeploy (draft)
 * with CWL application packages. The shapes are those of the OGC schemas (openapi/schemas of
 * opengeospatial/ogcapi-processes); errors are OGC API exceptions (RFC 7807).
 */

export const OGC_CONFORMANCE = {
  core: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/core',
  json: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/json',
  oas30: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/oas30',
  processDescription: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/ogc-process-description',
  jobList: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/job-list',
  dismiss: 'http://www.opengis.net/spec/ogcapi-processes-1/1.0/conf/dismiss',
  deploy: 'http://www.opengis.net/spec/ogcapi-processes-2/1.0/conf/deploy-replace-undeploy',
  ogcapppkg: 'http://www.opengis.net/spec/ogcapi-processes-2/1.0/conf/ogcapppkg',
  cwl: 'http://www.opengis.net/spec/ogcapi-processes-2/1.0/conf/cwl',
} as const;

/** Link relations of OGC API – Processes beside the IANA ones (self, service-desc, alternate...). */
export const OGC_REL = {
  conformance: 'http://www.opengis.net/def/rel/ogc/1.0/conformance',
  processes: 'http://www.opengis.net/def/rel/ogc/1.0/processes',
  jobList: 'http://www.opengis.net/def/rel/ogc/1.0/job-list',
  execute: 'http://www.opengis.net/def/rel/ogc/1.0/execute',
  processDescription: 'http://www.opengis.net/def/rel/ogc/1.0/process-desc',
  results: 'http://www.opengis.net/def/rel/ogc/1.0/results',
} as const;

const EXCEPTIONS_1 = 'http://www.opengis.net/def/exceptions/ogcapi-processes-1/1.0';
const EXCEPTIONS_2 = 'http://www.opengis.net/def/exceptions/ogcapi-processes-2/1.0';
/** The exception types the server answers; any other error is `about:blank` with the HTTP status's title (RFC 7807 §4.2). */
export const OGC_EXCEPTION = {
  noSuchProcess: `${EXCEPTIONS_1}/no-such-process`,
  noSuchJob: `${EXCEPTIONS_1}/no-such-job`,
  resultNotReady: `${EXCEPTIONS_1}/result-not-ready`,
  invalidParameter: `${EXCEPTIONS_1}/invalid-parameter-value`,
  missingParameter: `${EXCEPTIONS_1}/missing-parameter-value`,
  duplicatedProcess: `${EXCEPTIONS_2}/duplicated-process`,
  immutableProcess: `${EXCEPTIONS_2}/immutable-process`,
  unsupportedMediaType: `${EXCEPTIONS_2}/unsupported-media-type`,
} as const;

/** The media types a CWL application package may be posted as (Part 2 `application/cwl+yaml` and friends); `application/json` / `application/ogcapppkg+json` carry an OGC application package with its executionUnit. */
export const CWL_MEDIA_TYPES = ['application/cwl+yaml', 'application/cwl+json', 'application/cwl', 'application/x-yaml', 'text/yaml'] as const;
export const OGCAPPPKG_MEDIA_TYPE = 'application/ogcapppkg+json';
/** The OpenAPI document's media type in the landing page's service-desc link (what OWSLib's api() looks for). */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

/** OGC API – Common link. */
export const ogcLinkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
  hreflang: z.string().optional(),
});
export type OgcLink = z.infer<typeof ogcLinkSchema>;

/** An OGC API exception (RFC 7807 problem details): the body of every 4xx/5xx under /ogcapi/. */
export const ogcExceptionSchema = z
  .object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string(), instance: z.string().optional() })
  .meta({ id: 'OgcException' });
export type OgcException = z.infer<typeof ogcExceptionSchema>;

export const ogcLandingPageSchema = z.object({ title: z.string(), description: z.string(), links: z.array(ogcLinkSchema) });
export const ogcConformanceSchema = z.object({ conformsTo: z.array(z.string()) });

export const JOB_CONTROL_OPTIONS = ['sync-execute', 'async-execute', 'dismiss'] as const;
export const TRANSMISSION_MODES = ['value', 'reference'] as const;

/** processSummary: what /processes lists. `asb:kind` says whether it runs a workflow or a CWL application; `asb:collection` where the application is. */
export const ogcProcessSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  version: z.string(),
  jobControlOptions: z.array(z.enum(JOB_CONTROL_OPTIONS)),
  outputTransmission: z.array(z.enum(TRANSMISSION_MODES)),
  links: z.array(ogcLinkSchema),
  'asb:kind': z.enum(['workflow', 'application']),
  'asb:collection': z.string().optional(),
});
export type OgcProcessSummary = z.infer<typeof ogcProcessSummarySchema>;

/** A JSON Schema (the `schema` of an input or output description). */
const jsonSchema = z.record(z.string(), z.unknown());

export const ogcInputDescriptionSchema = z.object({
  title: z.string(),
  description: z.string(),
  minOccurs: z.number().int(),
  maxOccurs: z.union([z.number().int(), z.literal('unbounded')]),
  schema: jsonSchema,
});
export const ogcOutputDescriptionSchema = z.object({ title: z.string(), description: z.string(), schema: jsonSchema });

/** process: the summary with its inputs and outputs as JSON Schema (ogc-process-description). */
export const ogcProcessSchema = ogcProcessSummarySchema
  .extend({ inputs: z.record(z.string(), ogcInputDescriptionSchema), outputs: z.record(z.string(), ogcOutputDescriptionSchema) })
  .meta({ id: 'OgcProcess' });
export type OgcProcess = z.infer<typeof ogcProcessSchema>;
export type OgcInputDescription = z.infer<typeof ogcInputDescriptionSchema>;
export type OgcOutputDescription = z.infer<typeof ogcOutputDescriptionSchema>;

export const ogcProcessListSchema = z.object({ processes: z.array(ogcProcessSummarySchema), links: z.array(ogcLinkSchema) });
export type OgcProcessList = z.infer<typeof ogcProcessListSchema>;

/**
 * execute: `inputs` by input id; a value is a literal, an array, a qualified value
 * `{value, mediaType}`, a link `{href}` or a bounding box `{bbox, crs}`. `outputs` names
 * the outputs the results hold (all when left out); `response: raw` is refused, every
 * answer is the results document (docs/ogcapi.md).
 */
export const ogcExecuteSchema = z.object({
  inputs: z.record(z.string(), z.unknown()).default({}),
  outputs: z.record(z.string(), z.unknown()).optional(),
  response: z.enum(['raw', 'document']).optional(),
  subscriber: z.unknown().optional(),
});
export type OgcExecute = z.infer<typeof ogcExecuteSchema>;

export const OGC_JOB_STATUSES = ['accepted', 'running', 'successful', 'failed', 'dismissed'] as const;
export type OgcJobStatus = (typeof OGC_JOB_STATUSES)[number];

/** statusInfo: a job (an execution of the portal, of a workflow or of an application). */
export const ogcStatusInfoSchema = z
  .object({
    processID: z.string(),
    type: z.literal('process'),
    jobID: z.string(),
    status: z.enum(OGC_JOB_STATUSES),
    message: z.string(),
    created: z.string(),
    started: z.string().optional(),
    finished: z.string().optional(),
    updated: z.string(),
    /** 0–100 */
    progress: z.number().int(),
    links: z.array(ogcLinkSchema),
  })
  .meta({ id: 'OgcStatusInfo' });
export type OgcStatusInfo = z.infer<typeof ogcStatusInfoSchema>;

export const ogcJobListSchema = z.object({ jobs: z.array(ogcStatusInfoSchema), links: z.array(ogcLinkSchema) });

/** results: output id → a literal value, or `{href, type}` for a file (downloadable with the caller's bearer token), or a list of them. */
export const ogcResultsSchema = z.record(z.string(), z.unknown());
export type OgcResults = z.infer<typeof ogcResultsSchema>;

/**
 * An OGC application package (Part 2 `ogcapppkg`): the CWL in `executionUnit`, as text or
 * object (`value` or `unit`), or by `href`; `processDescription` is read for nothing (the
 * CWL describes the process).
 */
export const ogcAppPkgSchema = z.object({
  processDescription: z.unknown().optional(),
  executionUnit: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown())).min(1)]),
});

const processParams = z.object({ processId: z.string().min(1).max(400) });
const jobParams = z.object({ jobId: z.string().min(1).max(100) });
/** A CWL text (the cwl media types are read as text), an OGC application package, or a CWL document sent as JSON. */
const deployBody = z.union([z.string().min(1), ogcAppPkgSchema, z.record(z.string(), z.unknown())]);

export const ogcapiOperations = defineOperations({
  'GET /ogcapi/': { summary: 'OGC API – Processes landing page', response: ogcLandingPageSchema },
  'GET /ogcapi/conformance': { summary: 'The OGC API – Processes conformance classes the server implements', response: ogcConformanceSchema },
  'GET /ogcapi/processes': {
    summary: 'The workflows and CWL applications the caller may execute, as OGC processes',
    query: z.object({
      limit: z.coerce.number<string>().int().min(1).max(10_000).optional().describe('processes per page (all when left out)'),
      offset: z.coerce.number<string>().int().min(0).max(1_000_000).default(0).describe('the first process of the page (the next link carries it)'),
    }),
    response: ogcProcessListSchema,
  },
  'GET /ogcapi/processes/{processId}': {
    summary: 'A process with its inputs and outputs as JSON Schema',
    params: processParams,
    response: ogcProcessSchema,
  },
  'GET /ogcapi/processes/{processId}/package': {
    summary:
      'The CWL application package of an application process, as it was deployed (a client compares it with its own instead of deploying again); a workflow has none: 404',
    params: processParams,
    response: { file: 'application/cwl+yaml' },
  },
  'POST /ogcapi/processes/{processId}/execution': {
    summary:
      'Execute a process: with `Prefer: respond-async` 201, Location and the statusInfo; without, the results once the job ends within the wait limit (else as async)',
    params: processParams,
    body: ogcExecuteSchema,
    response: z.union([ogcResultsSchema, ogcStatusInfoSchema]),
  },
  'POST /ogcapi/processes': {
    summary: "Deploy a CWL application package (application/cwl+yaml, cwl+json, cwl, or an ogcapppkg JSON) into the caller's collection {username}:ogcapi",
    body: deployBody,
    status: 201,
    response: ogcProcessSummarySchema,
  },
  'PUT /ogcapi/processes/{processId}': {
    summary: 'Replace a deployed application with a new CWL application package',
    params: processParams,
    body: deployBody,
    response: ogcProcessSummarySchema,
  },
  'DELETE /ogcapi/processes/{processId}': {
    summary: 'Undeploy an application (one the caller may delete)',
    params: processParams,
    status: 204,
    response: z.null(),
  },
  'GET /ogcapi/jobs': {
    summary: "The caller's jobs (executions of workflows and applications), newest first",
    query: z.object({
      limit: z.coerce.number<string>().int().min(1).max(1000).default(100),
      offset: z.coerce.number<string>().int().min(0).max(1_000_000).default(0),
      status: z.string().max(200).optional(),
      processID: z.string().max(400).optional(),
      type: z.string().max(100).optional(),
    }),
    response: ogcJobListSchema,
  },
  'GET /ogcapi/jobs/{jobId}': { summary: 'The status of a job', params: jobParams, response: ogcStatusInfoSchema },
  'GET /ogcapi/jobs/{jobId}/results': { summary: 'The results of a successful job', params: jobParams, response: ogcResultsSchema },
  'DELETE /ogcapi/jobs/{jobId}': { summary: 'Dismiss a job: a running one is stopped', params: jobParams, response: ogcStatusInfoSchema },
});
