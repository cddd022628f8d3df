import { isPublishedItem, marketplaceOperations as operations, PUBLISHED_PROPERTY, verifiedPublisher, type ItemPublication } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { needs, PUBLIC } from '../../platform/http/access.js';
import { detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { announceMarketplaceChange } from '../../platform/live/marketplace-events.js';
import { canReadCollection, canWriteCollection } from '../catalogue/catalogue-access.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import { MarketplaceRepository } from './marketplace.repository.js';
import { MarketplaceService } from './marketplace.service.js';

const tags = ['marketplace'];
const READ = { ...PUBLIC, permission: 'anyone: the marketplace lists only what is published (public)' };
const ITEM_READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
const PUBLISH = needs('catalogue collection: its owner or staff');

/** Item types published through their item (applications have their collection, workflows their page). */
const PUBLISHABLE = ['model', 'dataset'];

/** The marketplace's calls (spec 3 §7; docs/marketplace.md). */
export function registerMarketplace(app: FastifyInstance, ctx: AppContext, catalogue: CatalogueRepository): void {
  const service = new MarketplaceService(ctx, ctx.bus, ctx.log);
  const owners = new MarketplaceRepository(ctx.db);
  service.watch();
  app.addHook('onClose', () => service.stop());

  mount(app, operations, 'GET /backend/v1/catalogue-collections/published_resources', { access: READ, tags }, async (request) => {
    const { query, filters, created_after: after, created_before: before, limit, offset } = request.query;
    return { data: await service.search({ query, filters, after, before, limit, offset }) };
  });
  mount(app, operations, 'GET /backend/v1/resource-filter-types', { access: READ, tags }, async () => ({ data: await service.filterTypes() }));

  /** A model or dataset item the caller may read, its collection, and its publication. */
  const publication = async (principal: Principal | null, collectionId: string, itemId: string) => {
    const collection = await catalogue.getCollection(collectionId);
    if (!collection || !canReadCollection(principal, collection)) throw notFound(`No collection "${collectionId}".`);
    const item = await catalogue.getItem(collectionId, itemId);
    if (!item) throw notFound(`No item "${itemId}" in collection "${collectionId}".`);
    const type = item.properties.type;
    if (typeof type !== 'string' || !PUBLISHABLE.includes(type))
      throw detailError(
        400,
        `Only models and datasets are published from their item (properties.type "model" or "dataset"): an application is published through its collection, a workflow from its page.`,
      );
    const published = isPublishedItem(item.properties);
    const answer: ItemPublication = {
      published,
      listed: published && collection.isPublic,
      collection_public: collection.isPublic,
      editable: canWriteCollection(principal, collection),
      publisher: verifiedPublisher(collectionId, await owners.collectionOwner(collectionId)),
    };
    return answer;
  };

  mount(app, operations, 'GET /resource-catalogue/collections/{c}/items/{i}/published', { access: ITEM_READ, tags }, async (request) => ({
    data: await publication(request.principal, request.params.c, request.params.i),
  }));

  mount(app, operations, 'PUT /resource-catalogue/collections/{c}/items/{i}/published', { access: PUBLISH, tags }, async (request) => {
    const { c, i } = request.params;
    const before = await publication(request.principal, c, i);
    if (!before.editable) throw permissionDenied();
    const { published } = request.body;
    if (published && !before.collection_public)
      throw detailError(
        409,
        `The collection "${c}" is private: make it public before publishing its items (the marketplace shows only what everyone may read).`,
      );
    if (published !== before.published) {
      await catalogue.setItemProperty(c, i, PUBLISHED_PROPERTY, published ? true : undefined);
      await announceMarketplaceChange(ctx.bus, published ? 'published' : 'withdrawn');
    }
    return { data: { ...before, published, listed: published && before.collection_public } };
  });
}
