import { z } from 'zod';
import { processInputConstraintsSchema } from './input-constraints.js';
import type { BaseAttributes } from './jsonapi.js';

/** Spec 2 §9 resource options and defaults (RAM and disk in GB in the UI, stored in MB). */
export const RESOURCE_OPTIONS = {
  ramGb: [1, 2, 4, 7, 15],
  diskGb: [1, 10, 20, 50, 100],
  cpus: [1, 2, 4, 6, 8, 16, 32],
  gpus: [0, 1, 2],
} as const;
export const RESOURCE_DEFAULTS = { ramGb: 1, diskGb: 1, cpus: 1, gpus: 0 } as const;

/** Spec 2 §5: new wrapper inputs and outputs get the data type at this index of the list sorted by id ('string'). */
export const DEFAULT_DATA_TYPE_INDEX = 45;

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const WRAPPER_FILE = 'process_wrapper.py';
export const PROCESS_TYPES = ['wps', 'python'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

export const MB_PER_GB = 1024;

/** What a new unreleased version shows until resources are chosen (spec 2 §9 defaults, in MB). */
export const DEFAULT_PROCESS_RESOURCES = {
  cpus: RESOURCE_DEFAULTS.cpus,
  ramMb: RESOURCE_DEFAULTS.ramGb * MB_PER_GB,
  diskMb: RESOURCE_DEFAULTS.diskGb * MB_PER_GB,
  gpus: RESOURCE_DEFAULTS.gpus,
} as const;

/** RESOURCE_OPTIONS as stored: RAM and disk in MB. */
export const RESOURCE_OPTIONS_MB = {
  cpus: RESOURCE_OPTIONS.cpus,
  ramMb: RESOURCE_OPTIONS.ramGb.map((gb) => gb * MB_PER_GB),
  diskMb: RESOURCE_OPTIONS.diskGb.map((gb) => gb * MB_PER_GB),
  gpus: RESOURCE_OPTIONS.gpus,
} as const;

export const processResourcesSchema = z.object({
  cpus: z.number().int().positive(),
  ramMb: z.number().int().positive(),
  diskMb: z.number().int().positive(),
  gpus: z.number().int().min(0),
});
export type ProcessResources = z.infer<typeof processResourcesSchema>;

/** One declared input or output of a wrapper (docs/process-runtime.md). */
export const signatureParameterSchema = z.object({
  name: z.string(),
  dataType: z.string(),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  description: z.string().optional(),
  /** inputs only: minimum, maximum, pattern, enum, less_than (docs/process-runtime.md "Input constraints") */
  constraints: processInputConstraintsSchema.optional(),
});
export type SignatureParameter = z.infer<typeof signatureParameterSchema>;

export const processSignatureSchema = z.object({
  inputs: z.array(signatureParameterSchema),
  outputs: z.array(signatureParameterSchema),
  dependencies: z.array(z.string()).default([]),
  resources: processResourcesSchema.optional(),
  /** NETWORK = True: the process needs the network; the operator's ASB_TASK_NETWORK decides (docs/security.md) */
  network: z.boolean().optional(),
});
export type ProcessSignature = z.infer<typeof processSignatureSchema>;

/** A file of a released version's content-addressed snapshot. */
export const snapshotEntrySchema = z.object({ path: z.string(), sha256: z.string(), size: z.number() });
export type SnapshotEntry = z.infer<typeof snapshotEntrySchema>;

export const processAttributesSchema = z.object({ description: z.string(), type: z.enum(PROCESS_TYPES) });
export type ProcessAttributes = BaseAttributes & z.infer<typeof processAttributesSchema>;

/** A process identifier (= its slug): it also names versions `{identifier}:{value}`, so no colon. */
export const PROCESS_SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const createProcessSchema = z.object({
  label: z.string().trim().min(1).max(200),
  /** derived from the label when absent (deriveSlug) */
  slug: z.string().trim().max(200).regex(PROCESS_SLUG_PATTERN, { message: 'Use lowercase letters, digits, hyphens and underscores only.' }).optional(),
  description: z.string().max(10_000).optional(),
  type: z.enum(PROCESS_TYPES).optional(),
});
export const updateProcessSchema = createProcessSchema.partial().omit({ slug: true });

/** Build status of a bucket; the SSE/WebSocket messages carry status_text from BUILD_STATUS_TEXT. */
export const BUILD_STATUSES = ['not_started', 'importing', 'succeeded', 'failed', 'released'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];
/** what a bucket's last build was: a dry run, or Build & Release */
export const BUILD_KINDS = ['dry-run', 'release'] as const;
export type BuildKind = (typeof BUILD_KINDS)[number];

/** Spec 2 §4 status texts. */
export const BUILD_STATUS_TEXT: Record<BuildStatus, string> = {
  not_started: 'Build not started',
  importing: 'Importing',
  succeeded: 'Import succeeded',
  failed: 'Import failed',
  released: 'Import complete',
};

/**
 * PATCH process-buckets/{id}: the resources of an unreleased version, any subset of
 * them. A value that changes must be one of RESOURCE_OPTIONS_MB (checked by the server,
 * which keeps a stored value outside them when it is sent back unchanged).
 */
export const updateProcessBucketSchema = z.object({ resources: processResourcesSchema.partial() });

export const processBucketAttributesSchema = z.object({
  value: z.string(),
  released: z.boolean(),
  processId: z.string(),
  processIdentifier: z.string(),
  processLabel: z.string(),
  versionId: z.string().nullable(),
  buildStatus: z.enum(BUILD_STATUSES),
  buildKind: z.enum(BUILD_KINDS).nullable(),
  resources: processResourcesSchema,
});
export type ProcessBucketAttributes = BaseAttributes & z.infer<typeof processBucketAttributesSchema>;

export const processVersionAttributesSchema = z.object({
  value: z.string(),
  released: z.boolean(),
  processId: z.string(),
  processIdentifier: z.string(),
  processLabel: z.string(),
  processOwnerId: z.string(),
  bucketId: z.string().nullable(),
  signature: processSignatureSchema,
  dependencies: z.array(z.string()),
  manifest: z.array(snapshotEntrySchema),
});
export type ProcessVersionAttributes = BaseAttributes & z.infer<typeof processVersionAttributesSchema>;

export const processImageAttributesSchema = z.object({
  processIdentifier: z.string(),
  processVersion: z.string(),
  allocatedCpus: z.number(),
  allocatedMem: z.number(),
  allocatedDisk: z.number(),
  allocatedGpus: z.number(),
});
export type ProcessImageAttributes = BaseAttributes & z.infer<typeof processImageAttributesSchema>;

export const dataTypeAttributesSchema = z.object({ description: z.string() });
export type DataTypeAttributes = BaseAttributes & z.infer<typeof dataTypeAttributesSchema>;

export const softwareDependencyAttributesSchema = z.object({ isMain: z.boolean(), requirements: z.array(z.string()), install: z.string() });
export type SoftwareDependencyAttributes = BaseAttributes & z.infer<typeof softwareDependencyAttributesSchema>;

/** An identifier of the instance catalogues (data types, software dependencies). */
export const CATALOGUE_IDENTIFIER_PATTERN = /^[a-z0-9][a-z0-9._+-]*$/;
const catalogueIdentifier = z
  .string()
  .trim()
  .max(100)
  .regex(CATALOGUE_IDENTIFIER_PATTERN, { message: 'Use lowercase letters, digits, dots, plus signs, hyphens and underscores only.' });

/** Staff-only: POST/PATCH data-types. The identifier is derived from the label when absent. */
export const createDataTypeSchema = z.object({
  identifier: catalogueIdentifier.optional(),
  label: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
});
export const updateDataTypeSchema = createDataTypeSchema.omit({ identifier: true }).partial();

/**
 * One token of a software dependency's `install`: `apt:<debian package>`,
 * `pip:<requirement>` or a bare pip requirement; tokens are separated by spaces
 * and none may contain what a shell would interpret.
 */
export const INSTALL_TOKEN_PATTERN = /^(apt:|pip:)?[A-Za-z0-9][A-Za-z0-9._+\-[\],<>=!~*]*$/;

export const createSoftwareDependencySchema = z.object({
  identifier: catalogueIdentifier.optional(),
  label: z.string().trim().min(1).max(200),
  isMain: z.boolean().optional(),
  /** identifiers of other software dependencies */
  requirements: z.array(z.string().trim().min(1)).max(100).optional(),
  install: z
    .string()
    .trim()
    .max(1000)
    .refine((value) => value.split(/\s+/).every((token) => !token || INSTALL_TOKEN_PATTERN.test(token)), {
      message: 'Use space-separated apt:<package> or pip:<requirement> tokens.',
    })
    .optional(),
});
export const updateSoftwareDependencySchema = createSoftwareDependencySchema.omit({ identifier: true }).partial();

/** Spec 2 §3 Import status message (SSE and WebSocket). */
export const importStatusMessageSchema = z
  .object({
    content: z.string(),
    status_text: z.string(),
    status_message: z.string(),
    status_code: z.number().int().nullable(),
  })
  .meta({ id: 'ImportStatusMessage' });
export type ImportStatusMessage = z.infer<typeof importStatusMessageSchema>;

/** Spec 2 §3 File tree node; '#' is the root parent. */
export const fileTreeNodeSchema = z.object({
  id: z.string(),
  parent: z.string(),
  text: z.string(),
  type: z.enum(['file', 'folder']),
  size: z.number().int().min(0).optional(),
});
export type FileTreeNode = z.infer<typeof fileTreeNodeSchema>;

/** GET process/buckets/{b}/properties */
export const bucketPropertiesSchema = z.object({
  identification: z.object({ mission: z.string(), name: z.string(), version: z.string(), identifier: z.string() }),
  wrapper: z.object({ detected: z.boolean(), signature: processSignatureSchema.nullable(), error: z.string().nullable() }),
  resources: processResourcesSchema,
});
export type BucketProperties = z.infer<typeof bucketPropertiesSchema>;
