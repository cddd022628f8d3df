import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, procimpOperations as operations } from '@asb/contracts';
import type { BucketFilesService } from './bucket-files.service.js';
import type { BucketPropertiesService } from './bucket-properties.service.js';
import { onResource } from '../../../platform/http/access.js';
import { mount } from '../../../platform/http/operations.js';

const tags = ['procimp'];
const view = { access: onResource('process-buckets', 'view', 'bucketId'), tags };
const change = { access: onResource('process-buckets', 'change', 'bucketId'), tags };

/** Bucket files, properties and Dockerfile (spec 2 §7 "Bucket and import"). */
export function registerBucketRoutes(app: FastifyInstance, files: BucketFilesService, properties: BucketPropertiesService): void {
  mount(app, operations, 'GET /procimp/process/buckets/{bucketId}/files', view, (request) => files.list(request.principal, request.params.bucketId));

  mount(app, operations, 'POST /procimp/process/buckets/{bucketId}/files', change, async (request, reply) => {
    // preservePath: a folder dropped in the browser keeps its structure; the path is checked (safeRelativePath).
    const { filesPerRequest } = files.limits;
    const parts = request.parts({ preservePath: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: filesPerRequest } });
    const result = await files.upload(request.principal, request.params.bucketId, parts);
    reply.status(201);
    return result;
  });

  mount(app, operations, 'DELETE /procimp/process/buckets/{bucketId}/files', change, (request) =>
    files.delete(request.principal, request.params.bucketId, request.body.files),
  );

  mount(app, operations, 'GET /procimp/process/buckets/{bucketId}/properties', view, (request) =>
    properties.properties(request.principal, request.params.bucketId),
  );

  mount(app, operations, 'GET /procimp/process/buckets/{bucketId}/dockerfile', view, async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return properties.dockerfile(request.principal, request.params.bucketId);
  });
}
