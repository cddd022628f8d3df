import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.module.js';
import type { AppContext } from '../../app-context.js';
import { registerTilesRoutes } from './tiles.routes.js';
import { TileService } from './tiles.service.js';

/**
 * The tile service (docs/tiles.md): TiTiler's `/cog/statistics`, `/cog/tilejson.json` and
 * `/cog/tiles/WebMercatorQuad/{z}/{x}/{y}` for the GeoTIFF outputs of executions, read
 * through the engine's datastore.
 */
export function registerTiles(app: FastifyInstance, ctx: AppContext, engine: Engine): void {
  registerTilesRoutes(app, ctx, new TileService(ctx, engine));
}
