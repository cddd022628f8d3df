import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  STAC_PREFIXES,
  stacCollectionInputSchema,
  stacOperations as operations,
  type StacCollection,
  type StacItem,
  type StacItemCollection,
  type StacPrefix,
} from '@asb/contracts';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../../platform/auth/principal.js';
import { canAddToWorkspace } from '../../platform/auth/permissions.js';
import { workspaces } from '../../platform/db/schema.js';
import { PUBLIC, SIGNED_IN, needs } from '../../platform/http/access.js';
import { detailError, notFound, permissionDenied } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { collectionDocument, collectionUrl, itemDocument, rootLink, STAC_VERSION, type CatalogueUrls, type StoredCollection } from './catalogue-documents.js';
import { CatalogueInputError } from './catalogue-geometry.js';
import {
  canReadCollection,
  canWriteCollection,
  collectionIdRefusal,
  isApplicationDocument,
  itemRow,
  type CatalogueRepository,
} from './catalogue.repository.js';
import { encodeToken, itemQueryOf, pageFieldsOf, SEARCH_BODY_LIMIT, searchRequestOfBody, searchRequestOfQuery, withParameter } from './catalogue.search.js';
import { itemCollectionJson } from './catalogue-feature-json.js';
import { sendItemCollectionJson } from './stac-search-answer.js';

const tags = ['catalogue'];
const READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
const WRITE = needs('catalogue collection: its owner or staff');

/** The STAC API's conformance classes (docs/catalogue.md "Conformance"). */
const CONFORMANCE = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/item-search#sort',
  'https://api.stacspec.org/v1.0.0-rc.2/item-search#filter',
  'https://api.stacspec.org/v1.0.0/ogcapi-features#sort',
  'https://api.stacspec.org/v1.0.0/ogcapi-features/extensions/transaction',
  'https://api.stacspec.org/v1.0.0/collections/extensions/transaction',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/item-search-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
];

const FORMATS = new Set(['json', 'geojson', 'application/json', 'application/geo+json']);

/** `f`: JSON is the one format (f=json, f=JSON, f=geojson). */
export function checkFormat(f: string | undefined): void {
  if (f !== undefined && !FORMATS.has(f.toLowerCase())) throw new CatalogueInputError('f', `f "${f}" is not supported: the catalogue answers json.`);
}

/** The URLs of an answer: the portal's public origin and the STAC root of the prefix asked. */
export function urlsOf(ctx: AppContext, request: FastifyRequest, prefix: string): CatalogueUrls {
  const base = publicBaseUrl(ctx.config, request);
  return { base, root: `${base}${prefix}` };
}

/** RFC 7396 JSON merge patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/**
 * The STAC API 1.0 under /backend/catalogue/stac and /resource-catalogue/stac (the same
 * data): landing, conformance, collections, items, search by GET and POST, and the
 * transactions of collections and items for their owners and staff (docs/catalogue.md).
 */
export function registerStacRoutes(app: FastifyInstance, ctx: AppContext, repository: CatalogueRepository): void {
  /** The collection `principal` may read, else 404 (a private collection is not revealed). */
  const readable = async (principal: Principal | null, id: string): Promise<StoredCollection> => {
    const row = await repository.getCollection(id);
    if (!row || !canReadCollection(principal, row)) throw notFound(`No collection "${id}".`);
    return row;
  };
  /** The collection `principal` may write: 404 when invisible, 403 when only readable. */
  const writable = async (principal: Principal | null, id: string): Promise<StoredCollection> => {
    const row = await readable(principal, id);
    if (!canWriteCollection(principal, row)) throw permissionDenied();
    return row;
  };

  /** The collection of a transaction's body, checked; the portal's settings taken out. */
  const collectionInput = async (principal: Principal, body: unknown) => {
    const parsed = stacCollectionInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const pointer = `/${issue.path.join('/')}`;
      throw new CatalogueInputError(pointer, `${pointer}: ${z.prettifyError(new z.ZodError([issue]))}`);
    }
    const { 'asb:public': isPublic, 'asb:workspaces': workspaceIds, ...document } = parsed.data;
    if (workspaceIds && workspaceIds.length > 0) {
      const found = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, workspaceIds));
      const missing = workspaceIds.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw new CatalogueInputError('/asb:workspaces', `/asb:workspaces: no workspace ${missing.join(', ')}.`);
      if (!workspaceIds.every((id) => canAddToWorkspace(principal, id))) throw permissionDenied();
    }
    return { document: document as Record<string, unknown> & { id: string }, isPublic, workspaceIds };
  };

  const answerCollection = async (request: FastifyRequest, prefix: string, id: string): Promise<StacCollection> => {
    const row = (await repository.getCollection(id))!;
    return collectionDocument(row, urlsOf(ctx, request, prefix), canWriteCollection(request.principal, row));
  };

  /** The raw stored item, as a writer would send it (for a merge patch). */
  const storedItem = async (collectionId: string, itemId: string): Promise<Record<string, unknown>> => {
    const row = await repository.getItem(collectionId, itemId);
    if (!row) throw notFound(`No item "${itemId}" in collection "${collectionId}".`);
    return {
      ...row.document,
      type: 'Feature',
      id: row.id,
      collection: row.collectionId,
      geometry: row.geometry,
      ...(row.bboxValues ? { bbox: row.bboxValues } : {}),
      properties: row.properties,
      assets: row.assets,
      links: row.links,
    };
  };

  /** Application items (`asb:type: application`) change only through the applications calls (spec 3 §6): 403 for the STAC transactions. */
  const refuseApplication = (collectionId: string, itemId: unknown, ...documents: unknown[]) => {
    if (!documents.some(isApplicationDocument)) return;
    const name = typeof itemId === 'string' ? ` "${itemId}"` : '';
    throw detailError(
      403,
      `Item${name} in collection "${collectionId}" is an application: applications are registered, changed and deleted through /backend/v1/catalogue-collections/{id}/applications, not the STAC transactions.`,
    );
  };
  const answerItem = async (request: FastifyRequest, prefix: string, collectionId: string, itemId: string): Promise<StacItem> =>
    itemDocument((await repository.getItem(collectionId, itemId))!, urlsOf(ctx, request, prefix));

  for (const prefix of STAC_PREFIXES) mountPrefix(prefix);

  function mountPrefix(p: StacPrefix): void {
    mount(app, operations, `GET ${p}/`, { access: PUBLIC, tags }, async (request) => {
      checkFormat(request.query.f);
      const urls = urlsOf(ctx, request, p);
      const collections = await repository.readableCollections(request.principal);
      return {
        type: 'Catalog' as const,
        stac_version: STAC_VERSION,
        id: 'resource-catalogue',
        title: `${ctx.config.instanceName} resource catalogue`,
        description: 'The collections and items of the resource catalogue (STAC API 1.0).',
        conformsTo: CONFORMANCE,
        links: [
          { rel: 'self', href: `${urls.root}/`, type: 'application/json' },
          rootLink(urls),
          { rel: 'conformance', href: `${urls.root}/conformance`, type: 'application/json' },
          { rel: 'data', href: `${urls.root}/collections`, type: 'application/json' },
          { rel: 'search', href: `${urls.root}/search`, type: 'application/geo+json', method: 'GET' },
          { rel: 'search', href: `${urls.root}/search`, type: 'application/geo+json', method: 'POST' },
          { rel: 'service-desc', href: `${urls.base}/api/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.0' },
          ...collections.map((row) => ({
            rel: 'child',
            href: collectionUrl(urls, row.id),
            type: 'application/json',
            title: stringOf(row.document.title) ?? row.id,
          })),
        ],
      };
    });

    mount(app, operations, `GET ${p}/conformance`, { access: PUBLIC, tags }, (request) => {
      checkFormat(request.query.f);
      return { conformsTo: CONFORMANCE };
    });

    mount(app, operations, `GET ${p}/collections`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const urls = urlsOf(ctx, request, p);
      const rows = await repository.readableCollections(request.principal);
      return {
        collections: rows.map((row) => collectionDocument(row, urls, canWriteCollection(request.principal, row))),
        links: [{ rel: 'self', href: `${urls.root}/collections`, type: 'application/json' }, rootLink(urls)],
        numberMatched: rows.length,
        numberReturned: rows.length,
      };
    });

    mount(app, operations, `GET ${p}/collections/{c}`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const row = await readable(request.principal, request.params.c);
      return collectionDocument(row, urlsOf(ctx, request, p), canWriteCollection(request.principal, row));
    });

    mount(app, operations, `GET ${p}/collections/{c}/items`, { access: READ, tags }, async (request, reply) => {
      const { query } = request;
      checkFormat(query.f);
      await readable(request.principal, request.params.c);
      const search = searchRequestOfQuery({ ...query, collections: undefined });
      const itemQuery = itemQueryOf({ ...search, collections: [request.params.c] });
      const urls = urlsOf(ctx, request, p);
      const page = await repository.searchFeatures(itemQuery, request.principal, urls);
      const self = `${urls.base}${request.url}`;
      const fields = pageFieldsOf(page.features.length, page.matched, itemQuery, urls, self, (offset) => ({
        href: withParameter(self, 'token', encodeToken(offset)),
      }));
      fields.links.push({ rel: 'collection', href: collectionUrl(urls, request.params.c), type: 'application/json' });
      return sendItemCollectionJson(reply, itemCollectionJson(page.features, fields), ctx.config.strictContract);
    });

    mount(app, operations, `GET ${p}/collections/{c}/items/{i}`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const item = await repository.readItem(request.principal, request.params.c, request.params.i, { urls: urlsOf(ctx, request, p) });
      if (!item) throw notFound(`No item "${request.params.i}" in collection "${request.params.c}".`);
      return item;
    });

    mount(app, operations, `GET ${p}/search`, { access: READ, tags }, async (request, reply) => {
      checkFormat(request.query.f);
      const itemQuery = itemQueryOf(searchRequestOfQuery(request.query));
      const urls = urlsOf(ctx, request, p);
      const page = await repository.searchFeatures(itemQuery, request.principal, urls);
      const self = `${urls.base}${request.url}`;
      const fields = pageFieldsOf(page.features.length, page.matched, itemQuery, urls, self, (offset) => ({
        href: withParameter(self, 'token', encodeToken(offset)),
      }));
      return sendItemCollectionJson(reply, itemCollectionJson(page.features, fields), ctx.config.strictContract);
    });

    mount(app, operations, `POST ${p}/search`, { access: READ, tags, bodyLimit: SEARCH_BODY_LIMIT }, async (request, reply) => {
      checkFormat(request.query.f);
      const itemQuery = itemQueryOf(searchRequestOfBody(request.body as Parameters<typeof searchRequestOfBody>[0]));
      const urls = urlsOf(ctx, request, p);
      const page = await repository.searchFeatures(itemQuery, request.principal, urls);
      const self = `${urls.root}/search`;
      const body = request.body as Record<string, unknown>;
      const fields = pageFieldsOf(page.features.length, page.matched, itemQuery, urls, self, (offset) => ({
        href: self,
        method: 'POST',
        body: { ...body, token: encodeToken(offset) },
        merge: false,
      }));
      return sendItemCollectionJson(reply, itemCollectionJson(page.features, fields), ctx.config.strictContract);
    });

    // ---- transactions

    mount(
      app,
      operations,
      `POST ${p}/collections`,
      { access: { ...SIGNED_IN, permission: 'any signed-in user; the creator owns it' }, tags },
      async (request, reply) => {
        const principal = request.principal!;
        const { document, isPublic, workspaceIds } = await collectionInput(principal, request.body);
        const refusal = collectionIdRefusal(principal, document.id);
        if (refusal !== undefined) throw detailError(403, refusal);
        if (await repository.getCollection(document.id)) throw detailError(409, `A collection "${document.id}" exists already.`);
        await repository.upsertCollection(
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
      const principal = request.principal!;
      await writable(principal, request.params.c);
      const { document, isPublic, workspaceIds } = await collectionInput(principal, request.body);
      if (document.id !== request.params.c)
        throw new CatalogueInputError('/id', `/id: "${document.id}" is not the collection of the path ("${request.params.c}").`);
      await repository.updateCollection(request.params.c, document, { isPublic, workspaceIds });
      return answerCollection(request, p, request.params.c);
    });

    mount(app, operations, `PATCH ${p}/collections/{c}`, { access: WRITE, tags }, async (request) => {
      const principal = request.principal!;
      const row = await writable(principal, request.params.c);
      const current = { ...row.document, type: 'Collection', id: row.id };
      const patched = mergePatch(current, request.body) as Record<string, unknown>;
      if (patched.id !== request.params.c) throw new CatalogueInputError('/id', '/id: the id of a collection does not change.');
      const { document, isPublic, workspaceIds } = await collectionInput(principal, patched);
      await repository.updateCollection(request.params.c, document, { isPublic, workspaceIds });
      return answerCollection(request, p, request.params.c);
    });

    mount(app, operations, `DELETE ${p}/collections/{c}`, { access: WRITE, tags }, async (request, reply) => {
      await writable(request.principal, request.params.c);
      await repository.deleteCollection(request.params.c);
      return reply.status(204).send();
    });

    mount(app, operations, `POST ${p}/collections/{c}/items`, { access: WRITE, tags }, async (request, reply) => {
      const collectionId = request.params.c;
      await writable(request.principal, collectionId);
      const body = request.body as Record<string, unknown> | null;
      const urls = urlsOf(ctx, request, p);
      if (body && body.type === 'FeatureCollection') {
        const features = Array.isArray(body.features) ? (body.features as unknown[]) : [];
        const rows = features.map((feature, index) => itemRow(collectionId, feature, `/features/${index}`));
        for (const [index, row] of rows.entries()) refuseApplication(collectionId, row.id, features[index], await repository.getItem(collectionId, row.id));
        await repository.writeRows(rows);
        const stored = await Promise.all(rows.map((row) => repository.getItem(collectionId, row.id)));
        const answer: StacItemCollection = {
          type: 'FeatureCollection',
          features: stored.map((item) => itemDocument(item!, urls)),
          links: [{ rel: 'collection', href: collectionUrl(urls, collectionId), type: 'application/json' }, rootLink(urls)],
          numberReturned: stored.length,
        };
        return reply.status(201).send(answer);
      }
      const row = itemRow(collectionId, body);
      refuseApplication(collectionId, row.id, body);
      if (await repository.getItem(collectionId, row.id))
        throw detailError(409, `An item "${row.id}" exists already in collection "${collectionId}": PUT replaces it.`);
      await repository.writeRows([row]);
      const answer = await answerItem(request, p, collectionId, row.id);
      reply.header('location', answer.links.find((link) => link.rel === 'self')!.href);
      return reply.status(201).send(answer);
    });

    mount(app, operations, `PUT ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request) => {
      const { c, i } = request.params;
      await writable(request.principal, c);
      const stored = await storedItem(c, i);
      refuseApplication(c, i, stored, request.body);
      const row = itemRow(c, request.body);
      if (row.id !== i) throw new CatalogueInputError('/id', `/id: "${row.id}" is not the item of the path ("${i}").`);
      await repository.writeRows([row]);
      return answerItem(request, p, c, i);
    });

    mount(app, operations, `PATCH ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request) => {
      const { c, i } = request.params;
      await writable(request.principal, c);
      const stored = await storedItem(c, i);
      const patched = mergePatch(stored, request.body) as Record<string, unknown>;
      refuseApplication(c, i, stored, patched);
      if (patched.id !== i) throw new CatalogueInputError('/id', '/id: the id of an item does not change.');
      await repository.writeRows([itemRow(c, patched)]);
      return answerItem(request, p, c, i);
    });

    mount(app, operations, `DELETE ${p}/collections/{c}/items/{i}`, { access: WRITE, tags }, async (request, reply) => {
      const { c, i } = request.params;
      await writable(request.principal, c);
      refuseApplication(c, i, await repository.getItem(c, i));
      if (!(await repository.deleteItem(c, i))) throw notFound(`No item "${i}" in collection "${c}".`);
      return reply.status(204).send();
    });
  }
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
