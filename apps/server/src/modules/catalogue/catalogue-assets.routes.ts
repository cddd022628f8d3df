import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { catalogueAssetOperations as operations, CATALOGUE_ASSET_PATH } from '@asb/contracts';
import { parseRange, RangeNotSatisfiable, type StoredFile } from '../../engine/store/datastore.js';
import type { RouteAccess } from '../../platform/http/access.js';
import { notFound } from '../../platform/http/errors.js';
import { mount } from '../../platform/http/operations.js';
import { sendFile } from '../../platform/http/send-file.js';
import { decodeAssetPath, type CatalogueAssets } from './catalogue-assets.js';

/** Public: a public collection's files are read signed out; the token may come as ?token= or the cookie (a map, an <img>). */
const assetAccess: RouteAccess = { who: 'public', permission: 'catalogue collection: read (public collections signed out)', streamToken: true };

/** GET /resource-catalogue/assets/{collection}/{item}/{*path}: a local item's file, with byte ranges (docs/catalogue.md "Assets"). */
export function registerCatalogueAssetRoutes(app: FastifyInstance, assets: CatalogueAssets): void {
  mount(app, operations, `GET ${CATALOGUE_ASSET_PATH}`, { access: assetAccess, tags: ['catalogue'] }, async (request, reply) => {
    const { collection, item } = request.params;
    const relative = decodeAssetPath(request.params['*']);
    if (relative === undefined) throw notFound('No such asset.');
    let file: StoredFile | undefined;
    try {
      file = await assets.read(request.principal ?? null, collection, item, relative, parseRange(request.headers.range));
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      return reply.code(416).header('content-range', `bytes */${error.size}`).send();
    }
    if (!file) throw notFound('No such asset.');
    return sendFile(reply, file, path.basename(relative));
  });
}
