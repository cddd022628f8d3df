import { z } from 'zod';
import {
  adesInstanceSchema,
  applicationExecutionRequestSchema,
  applicationSchema,
  applicationSummarySchema,
  applicationUpdateSchema,
  catalogueCollectionAttributesSchema,
  createCatalogueCollectionSchema,
  executionTaskAttributesSchema,
  termsChangeSchema,
  termsListSchema,
  updateCatalogueCollectionSchema,
} from '../applications.js';
import { defineOperations, idParams } from './operation.js';
import { resourceContract, resourceDocumentOf } from './resource-operations.js';

/**
 * Catalogue collections as the spec's JSON:API resource (spec 3 §3, §7 "Catalogue, backend"):
 * list (filters 'Owned by me', 'In my workspace'; sorted by owner then identifier), get,
 * create (Name, Description; identifier `{owner}:{slug}`), share, delete. The same rows are
 * the resource catalogue's STAC collections (docs/applications.md).
 */
export const catalogueCollectionsContract = resourceContract('/backend/v1', 'catalogue-collections', 'catalogue collection', {
  attributes: catalogueCollectionAttributesSchema,
  create: createCatalogueCollectionSchema,
  update: updateCatalogueCollectionSchema,
});

/** Application executions as taskmgr ades-tasks (spec 3 §7 "Knowledge and task manager"). */
export const adesTasksContract = resourceContract('/taskmgr/v1', 'ades-tasks', 'application execution', {
  attributes: executionTaskAttributesSchema,
  create: z.object({}),
  update: z.object({}),
});

const identifierBody = z.object({ identifier: z.string().trim().min(1) });
const collectionOf = '/backend/v1/catalogue-collections/{id}';

export const applicationOperations = defineOperations({
  'GET /backend/v1/catalogue-collections/collections_with_write_permissions': {
    summary: 'The catalogue collections the caller may register applications in (spec 3 §6)',
    response: z.object({ data: z.array(z.object({ identifier: z.string(), verbose_name: z.string(), ownerId: z.string() })) }),
  },
  'GET /backend/v1/catalogue-collections/search_applications_available_to_user': {
    summary: 'Applications the caller may see whose title, identifier, description or keywords match the query, grouped by collection',
    query: z.object({ query: z.string().default('') }),
    response: z.object({
      data: z.array(
        z.object({
          collection: z.object({ identifier: z.string(), verbose_name: z.string(), ownerId: z.string() }),
          applications: z.array(applicationSummarySchema),
        }),
      ),
    }),
  },
  [`GET ${collectionOf}/applications`]: {
    summary: 'The applications of a catalogue collection',
    params: idParams,
    response: z.object({ data: z.array(applicationSummarySchema) }),
  },
  [`POST ${collectionOf}/upload_cwl`]: {
    summary:
      'Register an application from a CWL file (multipart field `file`, YAML or JSON, at most 20 MB; optional field `upload_id` names the uploadUpdate live messages of its steps)',
    params: idParams,
    multipart: true,
    documents: z.object({
      file: z.string().meta({ format: 'binary' }).describe('the CWL file (YAML or JSON), at most 20 MB'),
      upload_id: z.string().optional().describe('names the uploadUpdate live messages of this upload'),
    }),
    status: 201,
    response: z.object({ data: applicationSummarySchema }),
  },
  [`POST ${collectionOf}/describe_application`]: {
    summary: 'The description of an application: inputs, outputs, attributes and the original CWL',
    params: idParams,
    body: identifierBody,
    response: z.object({ data: applicationSchema }),
  },
  [`POST ${collectionOf}/update_application`]: {
    summary: 'Change an application’s attributes; `collection` moves it (publish, unpublish)',
    params: idParams,
    body: applicationUpdateSchema,
    response: z.object({ data: applicationSchema }),
  },
  [`POST ${collectionOf}/download_cwl`]: {
    summary: 'A link to download the original CWL',
    params: idParams,
    body: identifierBody,
    response: z.object({ url: z.string() }),
  },
  [`GET ${collectionOf}/applications/{identifier}/cwl`]: {
    summary: 'The original CWL of an application (the download link)',
    params: z.object({ id: z.string(), identifier: z.string() }),
    response: { file: 'application/cwl+yaml' },
  },
  [`POST ${collectionOf}/delete_app`]: {
    summary: 'Delete an application (owner or superuser)',
    params: idParams,
    body: identifierBody,
    response: z.object({ message: z.string() }),
  },
  [`POST ${collectionOf}/execute`]: {
    summary: 'Execute an application on the Default target (local, cwltool) or on a registered ADES',
    params: idParams,
    body: applicationExecutionRequestSchema,
    status: 201,
    response: resourceDocumentOf(adesTasksContract),
  },
  'GET /backend/v1/available-ades': {
    summary: 'The registered ADES instances (OGC API – Processes servers)',
    response: z.object({ data: z.array(adesInstanceSchema) }),
  },
  'POST /backend/v1/available-ades/register': {
    summary: 'Register an ADES by the URL of its OGC API – Processes landing page (staff)',
    body: z.object({ ades_url: z.string().trim().min(1, 'This field may not be blank.') }),
    status: 201,
    response: z.object({ data: adesInstanceSchema }),
  },
  'POST /backend/v1/available-ades/unregister': {
    summary: 'Remove an ADES (staff)',
    body: z.object({ ades_id: z.string().min(1) }),
    response: z.object({ message: z.string() }),
  },
  'POST /backend/v1/available-ades/refresh': {
    summary: 'Read an ADES’s landing page and conformance again (staff)',
    body: z.object({ ades_id: z.string().min(1) }),
    response: z.object({ data: adesInstanceSchema }),
  },
  'GET /usermgr/v1/terms-and-conditions/': {
    summary: 'The licence URLs the caller accepted',
    response: termsListSchema,
  },
  'POST /usermgr/v1/terms-and-conditions/accept/': {
    summary: 'Accept the terms of a licence URL',
    body: termsChangeSchema,
    response: termsListSchema,
  },
  'POST /usermgr/v1/terms-and-conditions/revoke/': {
    summary: 'Revoke the acceptance of a licence URL',
    body: termsChangeSchema,
    response: termsListSchema,
  },
});
