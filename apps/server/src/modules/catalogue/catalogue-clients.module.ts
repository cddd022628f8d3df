import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerCatalogueCors } from './stac-cors.js';
import { registerFeatureMediaTypes } from './stac-media-type.js';
import { registerStacQueryables } from './stac-queryables.routes.js';

/**
 * The catalogue as standard clients expect it (issue 34 §5; docs/catalogue.md "Clients"):
 * GeoJSON media types, the queryables, and cross-origin reads of what is public. Registered
 * before the STAC routes, so that their hooks see every one of them.
 */
export function registerCatalogueForClients(app: FastifyInstance, ctx: AppContext): void {
  registerCatalogueCors(app, ctx.config.corsOrigins);
  registerFeatureMediaTypes(app);
  registerStacQueryables(app, ctx);
}
