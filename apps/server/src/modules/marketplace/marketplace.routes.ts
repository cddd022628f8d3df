import { marketplaceOperations as operations } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';
import { MarketplaceService } from './marketplace.service.js';

const tags = ['marketplace'];
const READ = { ...PUBLIC, permission: 'anyone: the marketplace lists only what is published (public)' };

/** The marketplace's calls (spec 3 §7; docs/marketplace.md). */
export function registerMarketplace(app: FastifyInstance, ctx: AppContext): void {
  const service = new MarketplaceService(ctx.db);
  mount(app, operations, 'GET /backend/v1/catalogue-collections/published_resources', { access: READ, tags }, async (request) => {
    const { query, filters, created_after: after, created_before: before, limit, offset } = request.query;
    return { data: await service.search({ query, filters, after, before, limit, offset }) };
  });
  mount(app, operations, 'GET /backend/v1/resource-filter-types', { access: READ, tags }, async () => ({ data: await service.filterTypes() }));
}
