import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerCatalogueFaces } from './catalogue-faces.routes.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import { registerStacRoutes } from './catalogue.routes.js';
import { LocalProductSource, ProductSearch, type ProductSource } from './product-search.js';

/**
 * The resource catalogue (docs/catalogue.md): the STAC API under both prefixes and the spec's
 * own calls, over the repository the app made (ctx.catalogue). `sources` are product sources
 * searched before this catalogue (remote STAC APIs); the local one comes last and owns the rest.
 */
export function registerCatalogue(app: FastifyInstance, ctx: AppContext, repository: CatalogueRepository, sources: ProductSource[] = []): void {
  registerStacRoutes(app, ctx, repository);
  registerCatalogueFaces(app, ctx, repository, new ProductSearch([...sources, new LocalProductSource(repository)]));
}
