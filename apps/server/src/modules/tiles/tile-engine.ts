/**
 * The tile service's heavy half — geotiff.js, proj4 and its EPSG tables, the raster worker
 * pool — behind one module that the routes import on the first map request, so that a server
 * start (and every API test) does not pay for it.
 */
export { clearBlockCache } from './block-cache.js';
export { UndecodableBlock } from './block-decoder.js';
export { openCog, UnreadableFile, type Cog } from './cog.js';
export { MissingFile } from './datastore-client.js';
export { UnsupportedCrs } from './crs.js';
export { cogStatistics, renderPreview } from './decimated-read.js';
export { RasterTooLarge, type RasterWork } from './raster-budget.js';
export { RasterPool } from './raster-pool.js';
export { renderTile, tileJson, type TileJson } from './render.js';
