import type { FastifyInstance } from 'fastify';
import { procimpOperations as operations } from '@asb/contracts';
import type { BuildKind } from './build.repository.js';
import type { BuildService } from './build.service.js';
import { onResource } from '../../../platform/http/access.js';
import { mount } from '../../../platform/http/operations.js';

const KEYS = {
  'dry-run': ['GET /procimp/process/buckets/{bucketId}/dry-run-import', 'POST /procimp/process/buckets/{bucketId}/dry-run-import'],
  release: ['GET /procimp/process/buckets/{bucketId}/import', 'POST /procimp/process/buckets/{bucketId}/import'],
} as const satisfies Record<BuildKind, readonly (keyof typeof operations)[]>;

/**
 * GET .../dry-run-import (Build) and GET .../import (Build & Release) as the spec
 * calls them; POST does the same. 202 with the first status message: the build
 * runs in the background and reports on the status streams.
 */
export function registerBuildRoutes(app: FastifyInstance, builds: BuildService): void {
  for (const [kind, keys] of Object.entries(KEYS) as [BuildKind, (typeof KEYS)[BuildKind]][]) {
    for (const key of keys) {
      mount(app, operations, key, { access: onResource('process-buckets', 'change', 'bucketId'), tags: ['procimp'] }, async (request, reply) => {
        const message = await builds.start(request.principal, request.params.bucketId, kind);
        reply.status(202);
        return message;
      });
    }
  }
}
