import type { FastifyInstance } from 'fastify';
import { procimpOperations as operations } from '@asb/contracts';
import type { AppContext } from '../../../app-context.js';
import { detailError } from '../../../platform/http/errors.js';
import { RegistryClient, RegistryError } from './registry.client.js';
import { SIGNED_IN } from '../../../platform/http/access.js';
import { mount } from '../../../platform/http/operations.js';

/**
 * Repository browser (spec 2 "Repository browser", §7 "Map and repository"):
 * GET /procimp/repository/components lists the container components of the
 * configured repository. Unconfigured is a normal answer the page shows.
 */
export function registerRegistryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const registry = ctx.config.registry;
  const client = registry ? new RegistryClient(registry) : undefined;

  mount(app, operations, 'GET /procimp/repository/components', { access: SIGNED_IN, tags: ['procimp'] }, async (request) => {
    if (!registry || !client) return { configured: false as const };
    try {
      return { configured: true as const, registry: new URL(registry.url).host, repository: registry.repository, components: await client.components() };
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      request.log.warn({ err: error }, 'container registry listing failed');
      throw detailError(error.kind === 'timeout' ? 504 : 502, error.message);
    }
  });
}
