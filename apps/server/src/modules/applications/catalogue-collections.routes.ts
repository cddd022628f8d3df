import { catalogueCollectionsContract } from '@asb/contracts';
import type { FastifyInstance } from 'fastify';
import { onResource, PUBLIC, SIGNED_IN } from '../../platform/http/access.js';
import { detailError } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { parseListQuery } from '../../platform/resources/resource.routes.js';
import type { CatalogueCollections } from './catalogue-collections.service.js';

const tags = ['applications'];
const operations = catalogueCollectionsContract.operations;
const base = '/backend/v1/catalogue-collections';
const READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
/** The type name the resource guard of catalogue collections is registered under (applications.module.ts). */
export const COLLECTION_RESOURCE = 'catalogue-collections';
const CHANGE = onResource(COLLECTION_RESOURCE, 'change');

/**
 * The catalogue-collections JSON:API resource (spec 3 §3, §7): the generic operations of its
 * contract over the catalogue's collections (docs/applications.md "Collections and applications").
 */
export function registerCatalogueCollectionRoutes(app: FastifyInstance, collections: CatalogueCollections): void {
  mount(app, operations, `GET ${base}`, { access: READ, tags }, async (request) => collections.list(request.principal, parseListQuery(request.query)));
  mount(app, operations, `GET ${base}/{id}`, { access: READ, tags }, async (request) => collections.get(request.principal, request.params.id));
  mount(
    app,
    operations,
    `POST ${base}`,
    { access: { ...SIGNED_IN, permission: 'any signed-in user: the collection is named {username}:{slug}' }, tags },
    async (request, reply) => {
      const document = await collections.create(request.principal, request.body);
      reply.code(201);
      return document;
    },
  );
  mount(app, operations, `PATCH ${base}/{id}`, { access: CHANGE, tags }, async (request) =>
    collections.update(request.principal, request.params.id, request.body),
  );
  // catalogue collections are not archived: the generic operations of the contract answer so
  for (const action of ['archive', 'unarchive'] as const) {
    mount(app, operations, `PATCH ${base}/{id}/${action}`, { access: CHANGE, tags }, async (request) => {
      await collections.get(request.principal, request.params.id);
      throw detailError(400, 'Catalogue collections are not archived: delete the collection, or stop sharing it.');
    });
  }
  mount(app, operations, `DELETE ${base}/{id}`, { access: onResource(COLLECTION_RESOURCE, 'delete'), tags }, async (request, reply) => {
    await collections.delete(request.principal, request.params.id);
    return reply.code(204).send();
  });
}
