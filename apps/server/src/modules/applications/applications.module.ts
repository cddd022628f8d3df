import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { guardResource } from '../../platform/http/access.js';
import { notFound, permissionDenied } from '../../platform/http/errors.js';
import { mayChangeCollection, mayRead } from './application-access.js';
import type { CatalogueApplications } from './application-store.js';
import { registerApplicationRoutes } from './applications.routes.js';
import { CatalogueCollections } from './catalogue-collections.service.js';
import { COLLECTION_RESOURCE, registerCatalogueCollectionRoutes } from './catalogue-collections.routes.js';

/** Catalogue collections and applications (docs/applications.md): the resource and the application calls over ctx.applications. */
export function registerApplications(app: FastifyInstance, ctx: AppContext, store: CatalogueApplications): void {
  // signed-in routes on a collection: 404 for one the caller may not read (403 to change one it reads) before the body is read
  guardResource(ctx, COLLECTION_RESOURCE, async (principal, id, action) => {
    const collection = await store.repository.collection(id);
    if (!collection || !mayRead(principal, collection)) throw notFound(`No catalogue collection "${id}".`);
    if ((action === 'change' || action === 'delete') && !mayChangeCollection(principal, collection)) throw permissionDenied();
    return collection;
  });
  registerCatalogueCollectionRoutes(app, new CatalogueCollections(store));
  registerApplicationRoutes(app, ctx, store);
}
