import type { FastifyInstance } from 'fastify';
import type { RegistryListing } from '@asb/contracts';
import { requireUser } from '../../../platform/auth/permissions.js';
import type { AppContext } from '../../../app-context.js';
import { detailError } from '../../../platform/http/errors.js';
import { RegistryClient, RegistryError } from './registry.client.js';
import { access, SIGNED_IN } from '../../../platform/http/access.js';

/**
 * Repository browser (spec 2 "Repository browser", §7 "Map and repository"):
 * GET /procimp/repository/components lists the container components of the
 * configured repository. Unconfigured is a normal answer the page shows.
 */
export function registerRegistryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const registry = ctx.config.registry;
  const client = registry ? new RegistryClient(registry) : undefined;

  app.get('/procimp/repository/components', { config: access(SIGNED_IN), schema: { tags: ['procimp'] } }, async (request): Promise<RegistryListing> => {
    requireUser(request.principal);
    if (!registry || !client) return { configured: false };
    try {
      return { configured: true, registry: new URL(registry.url).host, repository: registry.repository, components: await client.components() };
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      request.log.warn({ err: error }, 'container registry listing failed');
      throw detailError(error.kind === 'timeout' ? 504 : 502, error.message);
    }
  });
}
