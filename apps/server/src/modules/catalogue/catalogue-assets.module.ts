import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DatastorePaths } from '../../engine/store/datastore-paths.js';
import { CatalogueAssets } from './catalogue-assets.js';
import { registerCatalogueAssetRoutes } from './catalogue-assets.routes.js';
import type { CatalogueStore } from './catalogue-store.js';
import { CatalogueProductStager } from './product-staging.js';

/** The files of local catalogue items: GET /resource-catalogue/assets/... (docs/catalogue.md "Assets"); the tile service reads them through the same checks. */
export function registerCatalogueAssets(app: FastifyInstance, store: CatalogueStore, paths: Pick<DatastorePaths, 'catalogueDir'>): CatalogueAssets {
  const assets = new CatalogueAssets(store, paths);
  registerCatalogueAssetRoutes(app, assets);
  return assets;
}

/**
 * The engine's product stager over the catalogue (docs/engine.md "Staging products"): items
 * read as the execution's owner, remote ones through the outbound guard. `origins`: where the
 * catalogue's documents say its local assets are (besides ASB_PUBLIC_URL).
 */
export function catalogueProductStager(
  ctx: AppContext,
  store: CatalogueStore,
  paths: Pick<DatastorePaths, 'catalogueDir'>,
  origins: string[] = [],
): CatalogueProductStager {
  const origin = originOf(ctx.config.publicUrl);
  return new CatalogueProductStager({
    store,
    paths,
    outbound: ctx.outbound,
    principalOf: async (username) => (await ctx.users.principal(username))?.principal,
    localOrigins: [...new Set([...origins, ...(origin ? [origin] : [])])],
    maxBytes: ctx.config.productStagingBytes,
  });
}

/** ASB_PUBLIC_URL's origin: a product link there names a local item. */
function originOf(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
}
