import { z } from 'zod';

/**
 * Catalogue collections and CWL applications (spec 3 §2 "Catalogue collection list/detail",
 * "Application detail", "Execute application", §3 Catalogue collection, Application,
 * Application update payload, Application execution request, Execution task, ADES instance,
 * Terms and conditions acceptance; docs/applications.md). An application is an OGC EO
 * Application Package: a CWL 1.2 document with schema.org metadata, stored as an item of a
 * catalogue collection (the resource catalogue's store: one catalogue).
 */

/** Spec 3 §9: collection suffixes of publication (§4). */
export const PUBLISHED_SUFFIX = ':published';
export const TO_PUBLISH_SUFFIX = ':topublish';
/** Spec 3 §9: the default target platform. */
export const LOCAL_TARGET = { value: 'local', label: 'Default' } as const;
/** Spec 3 §5 / §9: largest CWL upload. */
export const MAX_CWL_BYTES = 20 * 1024 * 1024;

export type PublicationState = 'published' | 'in-review' | 'private';
/** Spec 3 §4: the publication state is the collection identifier's suffix. */
export function publicationState(collectionId: string): PublicationState {
  if (collectionId.endsWith(PUBLISHED_SUFFIX)) return 'published';
  if (collectionId.endsWith(TO_PUBLISH_SUFFIX)) return 'in-review';
  return 'private';
}
/** The owner's collection an application moves into when published: `{owner}:published`. */
export const publishedCollectionOf = (username: string) => `${username}${PUBLISHED_SUFFIX}`;

/** Spec 3 §2: application keywords are free tags separated by comma or semicolon. */
export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;]/)
        .map((keyword) => keyword.trim())
        .filter(Boolean),
    ),
  ];
}

/** A CWL type as described (CWL 1.2 §"CWLType", records, enums, arrays; `?` optional is `optional` on the parameter). */
export type CwlType =
  | { type: 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'string' | 'File' | 'Directory' | 'Any' }
  | { type: 'enum'; symbols: string[]; name?: string }
  | { type: 'array'; items: CwlType }
  | { type: 'record'; name?: string; fields: { name: string; type: CwlType; optional: boolean; label?: string; doc?: string }[] }
  /** a union of several non-null types (`[string, int]`) */
  | { type: 'union'; types: CwlType[] };

export const cwlTypeSchema: z.ZodType<CwlType> = z
  .lazy(() =>
    z.union([
      z.object({ type: z.enum(['null', 'boolean', 'int', 'long', 'float', 'double', 'string', 'File', 'Directory', 'Any']) }),
      z.object({ type: z.literal('enum'), symbols: z.array(z.string()), name: z.string().optional() }),
      z.object({ type: z.literal('array'), items: cwlTypeSchema }),
      z.object({
        type: z.literal('record'),
        name: z.string().optional(),
        fields: z.array(z.object({ name: z.string(), type: cwlTypeSchema, optional: z.boolean(), label: z.string().optional(), doc: z.string().optional() })),
      }),
      z.object({ type: z.literal('union'), types: z.array(cwlTypeSchema) }),
    ]),
  )
  .meta({ id: 'CwlType' });

/** One input of an application (spec 3 §3 Application inputs: label, doc, default, type; value/valid are the form's). */
export const applicationInputSchema = z.object({
  id: z.string(),
  label: z.string(),
  doc: z.string(),
  /** the CWL default, as written (null when none) */
  default: z.unknown().nullable(),
  type: cwlTypeSchema,
  /** `string?`, `[null, ...]` */
  optional: z.boolean(),
  /** the type as a person reads it: 'string', 'File[]', 'enum (a|b)', 'int?' */
  typeLabel: z.string(),
});
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

/** One output (spec 3 §3: label, id, type). */
export const applicationOutputSchema = z.object({ id: z.string(), label: z.string(), doc: z.string(), type: cwlTypeSchema, typeLabel: z.string() });
export type ApplicationOutput = z.infer<typeof applicationOutputSchema>;

export const applicationAuthorSchema = z.object({ 's:name': z.string(), 's:affiliation': z.string(), 's:email': z.string() });

/** Spec 3 §3 Application: the description of an application (describe_application's data). */
export const applicationSchema = z
  .object({
    /** the CWL process id (the Workflow's, or the single CommandLineTool's); unique in its collection */
    identifier: z.string(),
    /** the collection it is in */
    collection: z.string(),
    title: z.string(),
    abstract: z.string(),
    keywords: z.array(z.string()),
    label: z.string(),
    doc: z.string(),
    softwareVersion: z.string(),
    dateCreated: z.string(),
    /** URLs (schema.org `s:releaseNotes`, `s:license`, `s:logo`); '' when none */
    releaseNotes: z.string(),
    license: z.string(),
    logo: z.string(),
    author: z.array(applicationAuthorSchema),
    inputs: z.array(applicationInputSchema),
    outputs: z.array(applicationOutputSchema),
    /** the class of the process run: a Workflow, or a single CommandLineTool / ExpressionTool */
    processClass: z.enum(['Workflow', 'CommandLineTool', 'ExpressionTool']),
    cwlVersion: z.string(),
    /** requirements that the local target cannot honour (DockerRequirement, ...), for the page to say so */
    hints: z.array(z.string()),
    /** the original CWL text, when it exists (the CWL tab); left out of lists */
    original_cwl: z.string().nullable(),
    /** who owns the collection (username) */
    ownerId: z.string(),
    publication: z.enum(['published', 'in-review', 'private']),
    /** what the caller may do (spec 3 §6) */
    permissions: z.object({ edit: z.boolean(), delete: z.boolean(), publish: z.boolean(), execute: z.boolean() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

/** A row of a collection's application table and of the search (without the CWL text). */
export const applicationSummarySchema = applicationSchema.omit({ original_cwl: true }).extend({ hasOriginalCwl: z.boolean() });
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

/** Spec 3 §3 Catalogue collection (the JSON:API attributes of catalogue-collections, beside the base ones). */
export const catalogueCollectionAttributesSchema = z.object({
  verbose_name: z.string(),
  verboseName: z.string(),
  abstract: z.string(),
  /** how many applications it holds (the delete dialog) */
  applications: z.number().int(),
  isPublic: z.boolean(),
});
export const createCatalogueCollectionSchema = z.object({
  verboseName: z.string().trim().min(1, 'This field may not be blank.').max(200),
  abstract: z.string().max(10_000).default(''),
});
export const updateCatalogueCollectionSchema = z.object({ verboseName: z.string().trim().min(1).max(200), abstract: z.string().max(10_000) }).partial();

/** Spec 3 §3 Application update payload (update_application). `inputs` items are 'name::label::doc::default'. */
export const applicationUpdateSchema = z.object({
  cwl_identifier: z.string().min(1),
  author_affiliation: z.string().optional(),
  author_email: z.string().optional(),
  author_name: z.string().optional(),
  license_url: z.string().optional(),
  logo_url: z.string().optional(),
  release_notes_url: z.string().optional(),
  keywords: z.union([z.string(), z.array(z.string())]).optional(),
  description: z.string().optional(),
  /** another collection: moves the application there (publish to `{owner}:published`, unpublish to a chosen one) */
  collection: z.string().optional(),
  date_created: z.string().optional(),
  inputs: z.array(z.string()).optional(),
});
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** Spec 3 §3 Application execution request. `ades_id` is 'local' (Default) or an ADES instance's identifier. */
export const applicationExecutionRequestSchema = z.object({
  cwl_identifier: z.string().min(1),
  inputs: z.array(z.object({ identifier: z.string(), value: z.unknown() })),
  ades_id: z.string().min(1).default(LOCAL_TARGET.value),
});
export type ApplicationExecutionRequest = z.infer<typeof applicationExecutionRequestSchema>;

/** Steps of an upload (spec 3 §4), carried by `uploadUpdate` live messages. */
export const UPLOAD_STEPS = ['received', 'validated', 'described', 'registered'] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number];
/** The `uploadUpdate` live message: `upload_id` is the one the client sent (multipart field), `progress` 0–100. */
export interface UploadUpdate {
  upload_id: string;
  collection: string;
  step: UploadStep | 'failed';
  progress: number;
  /** on failure, what is wrong */
  message?: string;
}

/** Spec 3 §3 ADES instance. */
export const adesInstanceSchema = z
  .object({
    identifier: z.string(),
    title: z.string(),
    url: z.string(),
    abstract: z.string(),
    /** when the landing page and conformance were last read, and whether they answered */
    checkedAt: z.string().nullable(),
    reachable: z.boolean(),
    /** the conformance classes it declared */
    conformsTo: z.array(z.string()),
    /** staff only: whether a bearer token is stored for it (the token itself is never answered) */
    hasToken: z.boolean().optional(),
    /** staff only: why the last check failed (unreachable, not JSON, no conformance, not OGC API – Processes); null when it passed */
    problem: z.string().nullable().optional(),
  })
  .meta({ id: 'AdesInstance' });
export type AdesInstance = z.infer<typeof adesInstanceSchema>;
/** An ADES as GET available-ades answers it: identifier and title for everyone signed in (the Target Platform selector), every field for staff. */
export const adesListEntrySchema = adesInstanceSchema.partial().required({ identifier: true, title: true });
export type AdesListEntry = z.infer<typeof adesListEntrySchema>;

/** Spec 3 §3 Terms and conditions acceptance: accepted licence URLs (may hold '*'). */
export const termsListSchema = z.object({ data: z.array(z.object({ terms_and_conditions_id: z.string(), accepted_at: z.string() })) });
export const termsChangeSchema = z.object({ terms_and_conditions_id: z.string().trim().min(1) });
/** Spec 3 §5: terms count as accepted if there is no licence URL, or it is accepted, or '*' is. */
export function termsAccepted(licenseUrl: string | null | undefined, accepted: readonly string[]): boolean {
  if (!licenseUrl) return true;
  return accepted.includes('*') || accepted.includes(licenseUrl);
}

/** An absolute http(s) URL (a licence, a logo). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Spec 3 §9: the licence links to the SPDX page of its identifier; a URL links to itself. */
export function licenceHref(license: string): string | undefined {
  const text = license.trim();
  if (!text) return undefined;
  if (isHttpUrl(text)) return text;
  return /^[A-Za-z0-9.+-]+$/.test(text) ? `https://spdx.org/licenses/${text}.html` : undefined;
}

/**
 * The licence URL of a catalogue item (a model, a dataset), whose terms are accepted (spec 3 §5):
 * its `license` link, else the SPDX page of `properties.license`; none for 'proprietary',
 * 'various' or no licence.
 */
export function itemLicenceUrl(item: { links?: readonly { rel?: string; href?: string }[]; properties?: Record<string, unknown> | null }): string | undefined {
  const link = item.links?.find((candidate) => candidate.rel === 'license' && typeof candidate.href === 'string' && isHttpUrl(candidate.href));
  if (link?.href) return link.href;
  const license = item.properties?.license;
  if (typeof license !== 'string' || ['proprietary', 'various', 'other'].includes(license.trim().toLowerCase())) return undefined;
  return licenceHref(license);
}

/** Spec 3 §3 Execution task (application or model): the attributes of taskmgr ades-tasks. */
export const executionTaskAttributesSchema = z.object({
  /** the application identifier */
  workflowIdentifier: z.string(),
  /** the application's softwareVersion */
  processVersion: z.string(),
  /** the collection the application was run from */
  processIdentifier: z.string(),
  createdAt: z.string(),
  workerSelectors: z.object({ label: z.string() }),
  schedule: z.null(),
  /** 0–1 */
  progress: z.number(),
  status: z.string(),
  inputs: z.array(z.object({ identifier: z.string(), value: z.unknown() })),
  executionResults: z
    .object({ S3OutputsPath: z.string().nullable(), S3BucketName: z.string().nullable(), data: z.array(z.object({ id: z.string(), value: z.unknown() })) })
    .nullable(),
  errorLog: z.string().nullable(),
  /** seconds */
  executionTime: z.number().nullable(),
  completionTime: z.string().nullable(),
  workerLabel: z.string().nullable(),
  /** the execution it is (its identifier; /executions/{id}/report shows it too) */
  workflowExecutionId: z.string(),
  /** the target: 'local' or the ADES instance identifier */
  target: z.string(),
  /** on an ADES: the remote job URL */
  remoteJob: z.string().nullable(),
  /** why its queued task has not started yet ('Waiting: no worker offers cwltool.'), null otherwise */
  statusMessage: z.string().nullable(),
});
export type ExecutionTaskAttributes = z.infer<typeof executionTaskAttributesSchema>;
