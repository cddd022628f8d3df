import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAC_PREFIXES, stacOperations as operations, type StacPrefix } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';
import { canWriteCollection } from './catalogue-access.js';
import { collectionDocument, collectionUrl, rootLink, STAC_VERSION } from './catalogue-documents.js';
import { encodeToken, itemQueryOf, pageFieldsOf, SEARCH_BODY_LIMIT, searchRequestOfBody, searchRequestOfQuery, withParameter } from './catalogue.search.js';
import { itemCollectionJson } from './catalogue-feature-json.js';
import { sendItemCollectionJson } from './stac-search-answer.js';
import { STAC_CONFORMANCE as CONFORMANCE } from './stac-conformance.js';
import { checkFormat, urlsOf } from './stac-request.js';

const tags = ['catalogue'];
const READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };

/**
 * The STAC API 1.0 under /backend/catalogue/stac and /resource-catalogue/stac (the same
 * data), as a caller may read it: landing, conformance, collections, items, search by GET
 * and POST (docs/catalogue.md). The transactions are stac-transactions.routes.ts.
 */
export function registerStacRoutes(app: FastifyInstance, ctx: AppContext, catalogue: AuthorizedCatalogue): void {
  for (const prefix of STAC_PREFIXES) mountPrefix(prefix);

  function mountPrefix(p: StacPrefix): void {
    const landing = async (request: FastifyRequest<{ Querystring: { f?: string } }>) => {
      checkFormat(request.query.f);
      const urls = urlsOf(ctx, request, p);
      const collections = await catalogue.readableCollections(request.principal);
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
          { rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables', href: `${urls.root}/queryables`, type: 'application/schema+json' },
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
    };
    mount(app, operations, `GET ${p}/`, { access: PUBLIC, tags }, landing);
    // GDAL's OAPIF driver and pystac-client open the root as given, without the slash: the same page, left out of the OpenAPI document (one operation)
    app.route({ method: 'GET', url: p, config: { access: PUBLIC }, schema: { hide: true, querystring: operations[`GET ${p}/`].query }, handler: landing });

    mount(app, operations, `GET ${p}/conformance`, { access: PUBLIC, tags }, (request) => {
      checkFormat(request.query.f);
      return { conformsTo: CONFORMANCE };
    });

    mount(app, operations, `GET ${p}/collections`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const urls = urlsOf(ctx, request, p);
      const rows = await catalogue.readableCollections(request.principal);
      return {
        collections: rows.map((row) => collectionDocument(row, urls, canWriteCollection(request.principal, row))),
        links: [{ rel: 'self', href: `${urls.root}/collections`, type: 'application/json' }, rootLink(urls)],
        numberMatched: rows.length,
        numberReturned: rows.length,
      };
    });

    mount(app, operations, `GET ${p}/collections/{c}`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const row = await catalogue.readableCollection(request.principal, request.params.c);
      return collectionDocument(row, urlsOf(ctx, request, p), canWriteCollection(request.principal, row));
    });

    mount(app, operations, `GET ${p}/collections/{c}/items`, { access: READ, tags }, async (request, reply) => {
      const { query } = request;
      checkFormat(query.f);
      await catalogue.readableCollection(request.principal, request.params.c);
      const search = searchRequestOfQuery({ ...query, collections: undefined });
      const itemQuery = itemQueryOf({ ...search, collections: [request.params.c] });
      const urls = urlsOf(ctx, request, p);
      const page = await catalogue.searchFeatures(itemQuery, request.principal, urls);
      const self = `${urls.base}${request.url}`;
      const fields = pageFieldsOf(page.features.length, page.matched, itemQuery, urls, self, (offset) => ({
        href: withParameter(self, 'token', encodeToken(offset)),
      }));
      fields.links.push({ rel: 'collection', href: collectionUrl(urls, request.params.c), type: 'application/json' });
      return sendItemCollectionJson(reply, itemCollectionJson(page.features, fields), ctx.config.strictContract);
    });

    mount(app, operations, `GET ${p}/collections/{c}/items/{i}`, { access: READ, tags }, async (request) => {
      checkFormat(request.query.f);
      const item = await catalogue.readItem(request.principal, request.params.c, request.params.i, { urls: urlsOf(ctx, request, p) });
      if (!item) throw notFound(`No item "${request.params.i}" in collection "${request.params.c}".`);
      return item;
    });

    mount(app, operations, `GET ${p}/search`, { access: READ, tags }, async (request, reply) => {
      checkFormat(request.query.f);
      const itemQuery = itemQueryOf(searchRequestOfQuery(request.query));
      const urls = urlsOf(ctx, request, p);
      const page = await catalogue.searchFeatures(itemQuery, request.principal, urls);
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
      const page = await catalogue.searchFeatures(itemQuery, request.principal, urls);
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
  }
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
