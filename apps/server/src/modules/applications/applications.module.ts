import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { CatalogueApplications } from './application-store.js';
import { registerApplicationRoutes } from './applications.routes.js';
import { CatalogueCollections } from './catalogue-collections.service.js';
import { registerCatalogueCollectionRoutes } from './catalogue-collections.routes.js';

/** Catalogue collections and applications (docs/applications.md): the resource and the application calls over ctx.applications. */
export function registerApplications(app: FastifyInstance, ctx: AppContext, store: CatalogueApplications): void {
  registerCatalogueCollectionRoutes(app, new CatalogueCollections(store));
  registerApplicationRoutes(app, ctx, store);
}
