import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { AppContext } from '../../app-context.js';
import { registerTilesRoutes } from './tiles.routes.js';
import type { CatalogueAssets } from '../catalogue/catalogue-assets.js';
import { TileService } from './tiles.service.js';

/**
 * The tile service (docs/tiles.md): TiTiler's `/cog/statistics`, `/cog/tilejson.json` and
 * `/cog/tiles/WebMercatorQuad/{z}/{x}/{y}` for the GeoTIFF outputs of executions, read
 * through the engine's datastore. The service is answered: the comparison of two executions reads
 * the statistics of their rasters through it (docs/compare.md).
 */
export function registerTiles(app: FastifyInstance, ctx: AppContext, engine: Engine, catalogue?: CatalogueAssets): TileService {
  const service = new TileService(ctx, engine, catalogue);
  registerTilesRoutes(app, ctx, service);
  app.addHook('onClose', () => service.close());
  // A listening server loads the tile engine and starts a raster worker in the background, so
  // that the first map preview does not wait for them (0.2–0.5 s on a busy 2-core machine,
  // bench/tiles "First preview"); an app that only answers inject() (the API tests) does
  // neither unless it is asked for a map.
  app.addHook('onListen', () => {
    setImmediate(() => void service.start().catch((error: unknown) => app.log.error({ err: error }, 'Could not load the tile engine')));
  });
  return service;
}
