import { z } from 'zod';
import { bucketPropertiesSchema, fileTreeNodeSchema, importStatusMessageSchema } from '../processes.js';
import { bucketUploadResultSchema, deleteBucketFilesSchema, deletedBucketFilesSchema, registryListingSchema } from '../procimp.js';
import { defineOperations, positiveNumber } from './operation.js';

const bucketParams = z.object({ bucketId: positiveNumber });
const streamToken = z.string().optional().describe('a bearer token, for clients that cannot send the header (EventSource)');

const buildStart = (summary: string) => ({ summary, params: bucketParams, status: 202 as const, response: importStatusMessageSchema });

/** procimp: bucket files, builds, their status and the repository browser (spec 2 §7 "Bucket and import", docs/api.md). */
export const procimpOperations = defineOperations({
  'GET /procimp/process/buckets/{bucketId}/files': {
    summary: 'The file tree of a bucket (folders first, parents before children)',
    params: bucketParams,
    response: z.array(fileTreeNodeSchema),
  },
  'POST /procimp/process/buckets/{bucketId}/files': {
    summary: 'Upload files into a bucket (each at most 20 MB)',
    params: bucketParams,
    multipart: true,
    documents: z.object({
      files: z.array(z.string().meta({ format: 'binary' })).describe('the files; a file name may carry folders (data/lut.csv)'),
      path: z.string().optional().describe('the folder of the bucket to write into'),
    }),
    status: 201,
    response: bucketUploadResultSchema,
  },
  'DELETE /procimp/process/buckets/{bucketId}/files': {
    summary: 'Delete files and folders of a bucket',
    params: bucketParams,
    body: deleteBucketFilesSchema,
    response: deletedBucketFilesSchema,
  },
  'GET /procimp/process/buckets/{bucketId}/properties': {
    summary: "A bucket's identification, wrapper signature and resources",
    params: bucketParams,
    response: bucketPropertiesSchema,
  },
  'GET /procimp/process/buckets/{bucketId}/dockerfile': {
    summary: 'The Dockerfile a build would generate now',
    params: bucketParams,
    response: { file: 'text/plain' },
  },
  // the spec's clients start builds with GET; POST does the same
  'GET /procimp/process/buckets/{bucketId}/dry-run-import': buildStart('Start a dry-run build (the first status message; the rest on the status streams)'),
  'POST /procimp/process/buckets/{bucketId}/dry-run-import': buildStart('Start a dry-run build (the first status message; the rest on the status streams)'),
  'GET /procimp/process/buckets/{bucketId}/import': buildStart('Start a build that releases the version (Build & Release)'),
  'POST /procimp/process/buckets/{bucketId}/import': buildStart('Start a build that releases the version (Build & Release)'),
  'GET /procimp/events/process-buckets/status': {
    summary: "Server-sent events: a bucket's import status messages, until the build ends",
    query: z.object({ stream: positiveNumber.describe('the bucket id'), token: streamToken }),
    response: { file: 'text/event-stream' },
  },
  'GET /procimp/repository/components': { summary: 'The container components of the configured repository', response: registryListingSchema },
});
