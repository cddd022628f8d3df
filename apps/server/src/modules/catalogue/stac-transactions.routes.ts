import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAC_PREFIXES, stacOperations as operations, type StacCollection, type StacItem, type StacItemCollection, type StacPrefix } from '@asb/contracts';
import { apply as mergePatch } from 'json-merge-patch';
import type { AppContext } from '../../app-context.js';
import { SIGNED_IN, needs } from '../../platform/http/access.js';
import { detailError, notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { collectionIdRefusal, canWriteCollection, refuseApplicationItem } from './catalogue-access.js';
import { collectionDocument, collectionUrl, itemDocument, rootLink, writtenItem } from './catalogue-documents.js';
import { CatalogueInputError } from './catalogue-geometry.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';
import { collectionInput } from './collection-input.js';
import { itemRow } from './item-row.js';
import { urlsOf } from './stac-request.js';

const tags = ['catalogue'];
const WRITE = needs('catalogue collection: its owner or staff');

/** A merge patch (RFC 7396) applied to a copy: the library changes the document it is given. */
function patched(document: Record<string, unknown>, patch: unknown): Record<string, unknown> {
  // a patch that is not an object replaces the whole document (RFC 7396), which no STAC document can be
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new CatalogueInputError('/', '/: a merge patch is a JSON object.');
  return mergePatch(structuredClone(document), patch) as Record<string, unknown>;
}

/**
 * The STAC transactions of collections and items, for their owners and staff, under both
 * STAC prefixes (docs/catalogue.md "API"). Access is the AuthorizedCatalogue's; the writes
 * go to its storage once writableCollection let them.
 */
export function registerStacTransactions(app: FastifyInstance, ctx: AppContext, catalogue: AuthorizedCatalogue): void {
  const storage = catalogue.storage;

  const answerCollection = async (request: FastifyRequest, prefix: string, id: string): Promise<StacCollection> => {
    const row = (await storage.getCollection(id))!;
    return collectionDocument(row, urlsOf(ctx, request, prefix), canWriteCollection(request.principal, row));
  };
  const answerItem = async (request: FastifyRequest, prefix: string, collectionId: string, itemId: string): Promise<StacItem> =>
    itemDocument((await storage.getItem(collectionId, itemId))!, urlsOf(ctx, request, prefix));
  /** The raw stored item, as a writer would send it (for a merge patch). */
  const storedItem = async (collectionId: string, itemId: string): Promise<Record<string, unknown>> => {
    const row = await storage.getItem(collectionId, itemId);
    if (!row) throw notFound(`No item "${itemId}" in collection "${collectionId}".`);
    return writtenItem(row);
  };

  for (const prefix of STAC_PREFIXES) mountPrefix(prefix);

  function mountPrefix(p: StacPrefix): void {
    mount(
      app,
      operations,
      `POST ${p}/collections`,
      { access: { ...SIGNED_IN, permission: 'any signed-in user; the creator owns it' }, tags },
      async (request, reply) => {
        const principal = request.principal;
        const { document, isPublic, workspaceIds } = await collectionInput(storage, principal, request.body);
        const refusal = collectionIdRefusal(principal, document.id);
        if (refusal !== undefined) throw detailError(403, refusal);
        if (await storage.getCollection(document.id)) throw detailError(409, `A collection "${document.id}" exists already.`);
        await storage.upsertCollection(
          { ...document, type: 'Collection', stac_version: String(document.stac_version) },
          {
            ownerId: principal.id,
            isPublic: isPublic ?? false,
            workspaceIds: workspaceIds ?? [],
          },
        );
        const answer = await answerCollection(request, p, document.id);
        reply.header('location', answer.links.find((link) => link.rel === 'self')!.href);
        return reply.status(201).send(answer);
      },
    );

    mount(app, operations, `PUT ${p}/collections/{c}`, { access: WRITE, tags }, async (request) => {
      const principal = request.principal;
      await catalogue.writableCollection(principal, request.params.c);
      const { document, isPublic, workspaceIds } = await collectionInput(storage, principal, request.body);
      if (document.id !== request.params.c)
        throw new CatalogueInputError('/id', `/id: "${document.id}" is not the collection of the path ("${request.params.c}").`);
      await storage.updateCollection(request.params.c, document, { isPublic, workspaceIds });
      return answerCollection(request, p, request.params.c);
    });

    mount(app, operations, `PATCH ${p}/collections/{c}`, { access: WRITE, tags }, async (request) => {
      const principal = request.principal;
      const row = await catalogue.writableCollection(principal, request.params.c);
      const next = patched({ ...row.document, type: 'Collection', id: row.id }, request.body);
      if (next.id !== request.params.c) throw new CatalogueInputError('/id', '/id: the id of a collection does not change.');
      const { document, isPublic, workspaceIds } = await collectionInput(storage, principal, next);
      await storage.updateCollection(request.params.c, document, { isPublic, workspaceIds });
      return answerCollection(request, p, request.params.c);
    });

    mount(app, operations, `DELETE ${p}/collections/{c}`, { access: WRITE, tags }, async (request, reply) => {
      await catalogue.writableCollection(request.principal, request.params.c);
      await storage.deleteCollection(request.params.c);
      return reply.status(204).send();
    });

    mount(app, operations, `POST ${p}/collections/{c}/items`, { access: WRITE, tags }, async (request, reply) => {
      const collectionId = request.params.c;
      await catalogue.writableCollection(request.principal, collectionId);
      const body = request.body as Record<string, unknown> | null;
      const urls = urlsOf(ctx, request, p);
      if (body && body.type === 'FeatureCollection') {
        const features = Array.isArray(body.features) ? (body.features as unknown[]) : [];
        const rows = features.map((feature, index) => itemRow(collectionId, feature, `/features/${index}`));
        for (const [index, row] of rows.entries()) refuseApplicationItem(collectionId, row.id, features[index], await storage.getItem(collectionId, row.id));
        await storage.writeRows(rows);
        const stored = await Promise.all(rows.map((row) => storage.getItem(collectionId, row.id)));
        const answer: StacItemCollection = {
          type: 'FeatureCollection',
          features: stored.map((item) => itemDocument(item!, urls)),
          links: [{ rel: 'collection', href: collectionUrl(urls, collectionId), type: 'application/json' }, rootLink(urls)],
          numberReturned: stored.length,
        };
        return reply.status(201).send(answer);
      }
      const row = itemRow(collectionId, body);
      refuseApplicationItem(collectionId, row.id, body);
      if (await storage.getItem(collectionId, row.id))
        throw detailError(409, `An item "${row.id}" exists already in collection "${collectionId}": PUT replaces it.`);
      await storage.writeRows([row]);
      const answer = await answerItem(request, p, collectionId, row.id);
      reply.header('location', answer.links.find((link) => link.rel === 'self')!.href);
      return reply.status(201).send(answer);
    });

    mount(app, operations, `PUT ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request) => {
      const { c, i } = request.params;
      await catalogue.writableCollection(request.principal, c);
      const stored = await storedItem(c, i);
      refuseApplicationItem(c, i, stored, request.body);
      const row = itemRow(c, request.body);
      if (row.id !== i) throw new CatalogueInputError('/id', `/id: "${row.id}" is not the item of the path ("${i}").`);
      await storage.writeRows([row]);
      return answerItem(request, p, c, i);
    });

    mount(app, operations, `PATCH ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request) => {
      const { c, i } = request.params;
      await catalogue.writableCollection(request.principal, c);
      const stored = await storedItem(c, i);
      const next = patched(stored, request.body);
      refuseApplicationItem(c, i, stored, next);
      if (next.id !== i) throw new CatalogueInputError('/id', '/id: the id of an item does not change.');
      await storage.writeRows([itemRow(c, next)]);
      return answerItem(request, p, c, i);
    });

    mount(app, operations, `DELETE ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request, reply) => {
      const { c, i } = request.params;
      await catalogue.writableCollection(request.principal, c);
      refuseApplicationItem(c, i, await storage.getItem(c, i));
      if (!(await storage.deleteItem(c, i))) throw notFound(`No item "${i}" in collection "${c}".`);
      return reply.status(204).send();
    });
  }
}
