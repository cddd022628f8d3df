import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { isDesignatedProcess } from '../../config.js';
import { BucketFilesService } from './buckets/bucket-files.service.js';
import { BucketPropertiesService } from './buckets/bucket-properties.service.js';
import { BucketRepository } from './buckets/bucket.repository.js';
import { registerBucketRoutes } from './buckets/bucket.routes.js';
import { BuildRecovery } from './build/build-recovery.js';
import { BuildRepository } from './build/build.repository.js';
import { registerBuildRoutes } from './build/build.routes.js';
import { BuildService } from './build/build.service.js';
import { registerRegistryRoutes } from './registry/registry.routes.js';
import { registerStatusRoutes } from './status/status.routes.js';
import type { BucketStorage } from './storage/bucket-storage.js';

/**
 * procimp (spec 2 §7 "Bucket and import"): bucket files, properties, Dockerfile,
 * builds and their live status, and the repository browser. On close, running
 * builds are interrupted and recorded as such before the database goes. The storage
 * (data directory) is shared with the engine and closed by the app.
 */
export async function registerProcimp(app: FastifyInstance, ctx: AppContext, storage: BucketStorage): Promise<void> {
  const buckets = new BucketRepository(ctx.db);
  const buildRepository = new BuildRepository(ctx.db);
  const builds = new BuildService(ctx, buckets, buildRepository, storage);
  const recovery = new BuildRecovery(ctx, buildRepository);
  // one sweeper per machine: the designated HTTP process's (docs/operations.md "All cores")
  if (isDesignatedProcess(ctx.config)) await recovery.start();

  registerBucketRoutes(app, new BucketFilesService(ctx, buckets, storage), new BucketPropertiesService(ctx, buckets, storage));
  registerBuildRoutes(app, builds);
  registerStatusRoutes(app, ctx, buckets);
  registerRegistryRoutes(app, ctx);

  app.addHook('onClose', async () => {
    recovery.stop();
    await builds.close();
  });
}
