import { MAX_ID } from '../../../platform/http/ids.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteBucketFilesSchema, MAX_UPLOAD_BYTES } from '@asb/contracts';
import type { BucketFilesService } from './bucket-files.service.js';
import type { BucketPropertiesService } from './bucket-properties.service.js';
import { access, onResource } from '../../../platform/http/access.js';

export const BUCKETS = '/procimp/process/buckets/:bucketId';
export const bucketParams = z.object({ bucketId: z.coerce.number().int().positive().max(MAX_ID) });
const tags = ['procimp'];

/** Bucket files, properties and Dockerfile (spec 2 §7 "Bucket and import"). */
export function registerBucketRoutes(app: FastifyInstance, files: BucketFilesService, properties: BucketPropertiesService): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const params = bucketParams;

  typed.get(`${BUCKETS}/files`, { config: access(onResource('process-buckets', 'view', 'bucketId')), schema: { tags, params } }, (request) => files.list(request.principal, request.params.bucketId));

  typed.post(`${BUCKETS}/files`, { config: access(onResource('process-buckets', 'change', 'bucketId')), schema: { tags, params } }, async (request, reply) => {
    // preservePath: a folder dropped in the browser keeps its structure; the path is checked (safeRelativePath).
    const { filesPerRequest } = files.limits;
    const parts = request.parts({ preservePath: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: filesPerRequest } });
    const result = await files.upload(request.principal, request.params.bucketId, parts);
    reply.status(201);
    return result;
  });

  typed.delete(`${BUCKETS}/files`, { config: access(onResource('process-buckets', 'change', 'bucketId')), schema: { tags, params, body: deleteBucketFilesSchema } }, (request) =>
    files.delete(request.principal, request.params.bucketId, request.body.files),
  );

  typed.get(`${BUCKETS}/properties`, { config: access(onResource('process-buckets', 'view', 'bucketId')), schema: { tags, params } }, (request) => properties.properties(request.principal, request.params.bucketId));

  typed.get(`${BUCKETS}/dockerfile`, { config: access(onResource('process-buckets', 'view', 'bucketId')), schema: { tags, params } }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return properties.dockerfile(request.principal, request.params.bucketId);
  });
}
