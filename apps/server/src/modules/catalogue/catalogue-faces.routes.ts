import type { FastifyInstance } from 'fastify';
import { catalogueOperations as operations, STAC_DEFAULT_LIMIT } from '@asb/contracts';
import type { AppContext } from '../../app-context.js';
import { PUBLIC } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { collectionUrl } from './catalogue-documents.js';
import { CatalogueInputError, parseBboxText, parseDatetime, spatialOfBbox, type Bbox } from './catalogue-geometry.js';
import type { AuthorizedCatalogue } from './authorized-catalogue.js';
import { itemCollectionOf, withParameter } from './catalogue.search.js';
import { checkFormat, urlsOf } from './stac-request.js';
import type { ProductSearch } from './product-search.js';

const tags = ['catalogue'];
const READ = { ...PUBLIC, permission: 'catalogue collection: public, or its owner, staff or a member of a workspace it is shared with' };
/** The documents of the spec's calls link into this STAC root. */
const STAC_ROOT = '/resource-catalogue/stac';

const list = (text: string | undefined): string[] | undefined =>
  text
    ?.split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The spec's bbox, left,top,right,bottom, as [west, south, east, north]; bottom above top is inverted. */
function parseSpecBbox(text: string): Bbox {
  const parts = text.split(',');
  if (parts.length !== 4) throw new CatalogueInputError('bbox', 'bbox must be 4 numbers: left, top, right, bottom.');
  const [left, top, right, bottom] = parts;
  try {
    return parseBboxText([left, bottom, right, top].join(','));
  } catch (error) {
    if (error instanceof CatalogueInputError && /inverted/.test(error.message)) {
      throw new CatalogueInputError(
        'bbox',
        `bbox is inverted: bottom (${bottom!.trim()}) is above top (${top!.trim()}) (the order is left, top, right, bottom).`,
      );
    }
    throw error;
  }
}

/**
 * The spec's own calls of the catalogue (spec 1 §7 "Catalogue and products"; docs/catalogue.md
 * "The spec's calls"): the browser's items page with offset and the spec's bbox order, the
 * product search, and the CSW GetRecords link a product input holds.
 */
export function registerCatalogueFaces(app: FastifyInstance, ctx: AppContext, catalogue: AuthorizedCatalogue, products: ProductSearch): void {
  mount(app, operations, 'GET /resource-catalogue/collections/{c}/items', { access: READ, tags }, async (request) => {
    const { query } = request;
    checkFormat(query.f);
    const collectionId = request.params.c;
    if (!(await catalogue.canRead(request.principal, collectionId))) throw notFound(`No collection "${collectionId}".`);
    // the spec's order: left, top, right, bottom (min lon, max lat, max lon, min lat)
    const spatial = query.bbox === undefined ? undefined : spatialOfBbox(parseSpecBbox(query.bbox));
    const itemQuery = {
      collections: [collectionId],
      ...(spatial ? { spatial } : {}),
      ...(query.datetime !== undefined ? { interval: parseDatetime(query.datetime) } : {}),
      limit: query.limit ?? STAC_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      // the products page browses products: applications are the /collections pages' (docs/applications.md)
      productsOnly: true,
    };
    const page = await catalogue.search(itemQuery, request.principal);
    const urls = urlsOf(ctx, request, STAC_ROOT);
    const self = `${urls.base}${request.url}`;
    const result = itemCollectionOf(page, itemQuery, urls, self, (offset) => ({ href: withParameter(self, 'offset', String(offset)) }));
    result.links.push({ rel: 'collection', href: collectionUrl(urls, collectionId), type: 'application/json' });
    return result;
  });

  mount(app, operations, 'POST /resource-catalogue/products/search', { access: READ, tags }, async (request) =>
    products.search(request.body, request.principal, urlsOf(ctx, request, STAC_ROOT)),
  );

  mount(app, operations, 'GET /resource-catalogue/csw', { access: READ, tags }, async (request) => {
    const { query } = request;
    checkFormat(query.f);
    if (query.service !== undefined && query.service.toUpperCase() !== 'CSW')
      throw new CatalogueInputError('service', `service "${query.service}" is not CSW.`);
    if (query.request !== undefined && query.request.toLowerCase() !== 'getrecords') {
      throw new CatalogueInputError('request', `request "${query.request}" is not supported: GetRecords is.`);
    }
    if (query.mode !== undefined && query.mode.toLowerCase() !== 'opensearch')
      throw new CatalogueInputError('mode', `mode "${query.mode}" is not supported: opensearch is.`);
    if (query.outputformat !== undefined && !['application/json', 'application/geo+json', 'json'].includes(query.outputformat.toLowerCase())) {
      throw new CatalogueInputError('outputformat', `outputformat "${query.outputformat}" is not supported: application/json is.`);
    }
    const collections = list(query.collections);
    const ids = list(query.recordids);
    const itemQuery = {
      ...(collections ? { collections } : {}),
      ...(ids ? { ids } : {}),
      limit: query.maxrecords ?? STAC_DEFAULT_LIMIT,
      offset: (query.startposition ?? 1) - 1,
    };
    const page = await catalogue.search(itemQuery, request.principal);
    const urls = urlsOf(ctx, request, STAC_ROOT);
    const self = `${urls.base}${request.url}`;
    return itemCollectionOf(page, itemQuery, urls, self, (offset) => ({ href: withParameter(self, 'startposition', String(offset + 1)) }));
  });
}
