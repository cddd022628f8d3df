import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUCKETS, bucketParams } from '../buckets/bucket.routes.js';
import type { BuildKind } from './build.repository.js';
import type { BuildService } from './build.service.js';
import { access, onResource } from '../../../platform/http/access.js';

const ROUTES: Record<string, BuildKind> = { 'dry-run-import': 'dry-run', import: 'release' };

/**
 * GET .../dry-run-import (Build) and GET .../import (Build & Release) as the spec
 * calls them; POST does the same. 202 with the first status message: the build
 * runs in the background and reports on the status streams.
 */
export function registerBuildRoutes(app: FastifyInstance, builds: BuildService): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [segment, kind] of Object.entries(ROUTES)) {
    typed.route({
      method: ['GET', 'POST'],
      url: `${BUCKETS}/${segment}`,
      config: access(onResource('process-buckets', 'change', 'bucketId')),
      schema: { tags: ['procimp'], params: bucketParams },
      handler: async (request, reply) => {
        const message = await builds.start(request.principal, request.params.bucketId, kind);
        reply.status(202);
        return message;
      },
    });
  }
}
