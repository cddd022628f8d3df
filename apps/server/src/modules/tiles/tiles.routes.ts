import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tilesOperations as operations, type tileJsonQuery } from '@asb/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../app-context.js';
import { detailError } from '../../platform/http/errors.js';
import { streamPrincipal } from '../../platform/live/stream-auth.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';
import { colormapTable } from './colormap.js';
import { parseBands, parseTileRow, tileBands } from './parameters.js';
import { parseRescale } from './rescale.js';
import { isValidTile, TILE_SIZE } from './tile-math.js';
import type { TileService } from './tiles.service.js';
import type { RouteAccess } from '../../platform/http/access.js';
import { mount } from '../../platform/http/operations.js';

const tags = ['tiles'];

/**
 * TiTiler-compatible map tiles of execution outputs (docs/tiles.md): statistics, TileJSON
 * and WebMercatorQuad PNG tiles of a GeoTIFF in an execution's datastore. Authenticated by
 * bearer header, ?token= or the same-origin token cookie (a map loads tiles as images);
 * the caller must be allowed to view the execution.
 */
/**
 * map clients cannot set headers on tile requests: the token may come as ?token=; signed out,
 * only the assets of public catalogue collections are served (the service answers 401 for an
 * execution file)
 */
const tileAccess: RouteAccess = {
  who: 'public',
  permission: 'executions:view of the execution file named by url (signed in), or read on the catalogue collection of the asset named by url',
  streamToken: true,
};

export function registerTilesRoutes(app: FastifyInstance, ctx: AppContext, service: TileService): void {
  const principalOf = async (request: FastifyRequest): Promise<Principal | null> => (await streamPrincipal(ctx, request)) ?? null;

  mount(app, operations, 'GET /cog/statistics', { access: tileAccess, tags }, async (request) => {
    const cog = await service.open(await principalOf(request), request.query.url, request);
    const bands = parseBands(request.query.bidx, cog.bandCount) ?? Array.from({ length: cog.bandCount }, (_, index) => index + 1);
    return service.render((tiles, work) => tiles.cogStatistics(cog, bands, work, request.query.max_size, request.query.histogram_bins));
  });

  mount(app, operations, 'GET /cog/preview', { access: tileAccess, tags }, async (request, reply) => {
    const { query } = request;
    const cog = await service.open(await principalOf(request), query.url, request);
    const options = { ...paint(query, cog.bandCount), maxSize: query.max_size };
    const png = await service.render((tiles, work) => tiles.renderPreview(cog, options, work));
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
  });

  mount(app, operations, 'GET /cog/tilejson.json', { access: tileAccess, tags }, async (request) => {
    const { query } = request;
    const cog = await service.open(await principalOf(request), query.url, request);
    // checked now, so that a bad parameter fails here rather than on every tile
    paint(query, cog.bandCount);
    const tiles = await service.tiles();
    return tiles.tileJson(cog, tilesUrl(publicBaseUrl(ctx.config, request), query), { minzoom: query.minzoom, maxzoom: query.maxzoom });
  });

  mount(app, operations, 'GET /cog/tiles/WebMercatorQuad/{z}/{x}/{y}', { access: tileAccess, tags }, async (request, reply) => {
    const { query } = request;
    const { y, scale } = parseTileRow(request.params.y);
    const tile = { z: request.params.z, x: request.params.x, y };
    if (!isValidTile(tile)) throw detailError(400, `Invalid tile ${tile.z}/${tile.x}/${tile.y} of WebMercatorQuad.`);
    const cog = await service.open(await principalOf(request), query.url, request);
    const options = { ...paint(query, cog.bandCount), size: TILE_SIZE * scale };
    const png = await service.render((tiles, work) => tiles.renderTile(cog, tile, options, work));
    if (!png) throw detailError(404, `Tile(x=${tile.x}, y=${tile.y}, z=${tile.z}) is outside bounds`);
    // the outputs of an execution do not change; private: the answer depends on who asks
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
  });
}

/** How a preview or tile paints its bands (TiTiler's bidx, rescale, colormap_name); a bad parameter is a 400. */
function paint(query: Pick<z.output<typeof tileJsonQuery>, 'bidx' | 'rescale' | 'colormap_name'>, bandCount: number) {
  const bands = tileBands(query.bidx, bandCount, query.colormap_name !== undefined);
  return {
    bands,
    rescale: parseRescale(query.rescale, bands.length),
    colormap: query.colormap_name === undefined ? undefined : colormapTable(query.colormap_name),
  };
}

/** The tile URL template of a TileJSON: this server's public URL, the request's rendering parameters passed on. */
function tilesUrl(base: string, query: z.output<typeof tileJsonQuery>): string {
  const search = new URLSearchParams({ url: query.url });
  for (const [name, value] of [
    ['bidx', query.bidx],
    ['rescale', query.rescale],
    ['colormap_name', query.colormap_name],
    ['token', query.token],
  ] as const) {
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  return `${base}/cog/tiles/WebMercatorQuad/{z}/{x}/{y}@1x?${search.toString()}`;
}
