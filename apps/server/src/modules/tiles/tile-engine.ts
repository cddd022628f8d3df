/**
 * The tile service's heavy half — geotiff.js, proj4 and its EPSG tables, pngjs (about
 * 0.1 s to load) — behind one module that the routes import on the first map request, so
 * that a server start (and every API test) does not pay for it.
 */
export { clearBlockCache } from './block-cache.js';
export { openCog, UnreadableFile, type Cog } from './cog.js';
export { MissingFile } from './datastore-client.js';
export { UnsupportedCrs } from './crs.js';
export { cogStatistics, renderTile, tileJson, type TileJson } from './render.js';
