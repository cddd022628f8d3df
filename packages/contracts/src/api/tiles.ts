import { z } from 'zod';
import { cogStatisticsSchema, tileJsonSchema } from '../tiles.js';
import { defineOperations } from './operation.js';

/** The highest zoom of WebMercatorQuad tiles served. */
export const MAX_TILE_ZOOM = 24;

const repeatable = z.union([z.string(), z.array(z.string())]).optional();
const url = z.string().min(1).describe('the file: /builder/v1/executions/{id}/files/{path}, or that path as a URL of this server');
const token = z.string().optional().describe('a bearer token, for clients that cannot send the header (map tiles in an <img>)');
const zoom = z.coerce.number<string>().int().min(0).max(MAX_TILE_ZOOM).optional();

export const cogStatisticsQuery = z.object({
  url,
  bidx: repeatable.describe('1-based bands (repeated or comma separated); all bands by default'),
  max_size: z.coerce.number<string>().int().min(16).max(4096).default(1024).describe('long side of the decimated read'),
  histogram_bins: z.coerce.number<string>().int().min(1).max(1000).default(10),
  token,
});
const renderQuery = {
  url,
  bidx: repeatable.describe('1-based bands: one (grey or colour map) or three (RGB); band 1 by default'),
  rescale: repeatable.describe('"min,max" stretched onto 0..255, once or per band'),
  colormap_name: z.string().optional().describe('viridis, greys, rdylgn (each also _r)'),
  token,
};
export const tileJsonQuery = z.object({ ...renderQuery, minzoom: zoom, maxzoom: zoom });
export const previewQuery = z.object({
  ...renderQuery,
  max_size: z.coerce.number<string>().int().min(16).max(4096).default(1024).describe('long side of the image (the decimated read)'),
});
const tileQuery = z.object(renderQuery);
const tileParams = z.object({
  z: z.coerce.number<string>().int(),
  x: z.coerce.number<string>().int(),
  y: z.string().describe('the row, with an optional @1x..@4x scale'),
});

/** TiTiler-compatible map tiles of execution outputs (docs/tiles.md). */
export const tilesOperations = defineOperations({
  'GET /cog/statistics': { summary: 'Per-band statistics of a GeoTIFF output', query: cogStatisticsQuery, response: cogStatisticsSchema },
  'GET /cog/tilejson.json': { summary: 'The TileJSON of a GeoTIFF output', query: tileJsonQuery, response: tileJsonSchema },
  'GET /cog/preview': { summary: 'The whole GeoTIFF output as one decimated PNG', query: previewQuery, response: { file: 'image/png' } },
  'GET /cog/tiles/WebMercatorQuad/{z}/{x}/{y}': {
    summary: 'A WebMercatorQuad PNG tile of a GeoTIFF output',
    params: tileParams,
    query: tileQuery,
    response: { file: 'image/png' },
  },
});
