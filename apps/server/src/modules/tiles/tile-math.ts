import { MAX_TILE_ZOOM } from '@asb/contracts';

/**
 * Web Mercator (EPSG:3857) tile arithmetic of the WebMercatorQuad tile matrix set (OGC
 * 17-083r2), the grid TiTiler and the map preview use: 256 px tiles, zoom 0 = one tile
 * covering ±20037508.34 m.
 */

/** WGS84 semi-major axis: the sphere radius of Web Mercator. */
const EARTH_RADIUS = 6378137;
/** Half the width of the world in Web Mercator metres. */
export const ORIGIN_SHIFT = Math.PI * EARTH_RADIUS;
/** Pixels on a side of a tile at scale 1. */
export const TILE_SIZE = 256;
/** The deepest zoom a tile request may ask for (TiTiler's WebMercatorQuad stops at 24). */
const MAX_ZOOM = MAX_TILE_ZOOM;
/** Web Mercator's latitude limit: the square world. */
const MAX_LATITUDE = 85.0511287798066;

/** An axis-aligned box: Web Mercator metres, or degrees for longitude/latitude bounds. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A tile of WebMercatorQuad. */
export interface TileIndex {
  z: number;
  x: number;
  y: number;
}

/** Whether z/x/y names a tile of the grid (a request for anything else is a 400, not a 404). */
export function isValidTile({ z, x, y }: TileIndex): boolean {
  if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y)) return false;
  if (z < 0 || z > MAX_ZOOM) return false;
  const count = 2 ** z;
  return x >= 0 && y >= 0 && x < count && y < count;
}

/** Metres per pixel of a tile of `size` px at zoom `z`. */
export function tileResolution(z: number, size = TILE_SIZE): number {
  return (2 * ORIGIN_SHIFT) / (size * 2 ** z);
}

/** The tile's box in Web Mercator metres (x grows east, y grows north; tile row 0 is at the top). */
export function tileBounds({ z, x, y }: TileIndex): Box {
  const span = (2 * ORIGIN_SHIFT) / 2 ** z;
  // each edge from its own index, so that neighbours share edges exactly
  return { minX: -ORIGIN_SHIFT + x * span, minY: ORIGIN_SHIFT - (y + 1) * span, maxX: -ORIGIN_SHIFT + (x + 1) * span, maxY: ORIGIN_SHIFT - y * span };
}

/** Longitude/latitude (degrees) to Web Mercator metres; latitudes beyond ±85.05° are clamped. */
export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const x = (lon * Math.PI * EARTH_RADIUS) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

/** Web Mercator metres to longitude/latitude (degrees). */
export function mercatorToLonLat(x: number, y: number): [number, number] {
  return [mercatorXToLon(x), mercatorYToLat(y)];
}

/** Longitude of a Web Mercator x: linear, so a tile's columns share one longitude each. */
export function mercatorXToLon(x: number): number {
  return (x / EARTH_RADIUS) * (180 / Math.PI);
}

/** Latitude of a Web Mercator y: depends on y only, so a tile's rows share one latitude each. */
export function mercatorYToLat(y: number): number {
  return (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
}

/**
 * The zoom whose tile resolution is nearest (in ratio) to `resolution` metres per pixel,
 * within 0..MAX_ZOOM: morecantile's `zoom_for_res` with the "auto" strategy, which TiTiler
 * uses for a dataset's min and max zoom.
 */
export function zoomForResolution(resolution: number, size = TILE_SIZE): number {
  if (!(resolution > 0) || !Number.isFinite(resolution)) return 0;
  const exact = Math.log2(tileResolution(0, size) / resolution);
  return Math.max(0, Math.min(MAX_ZOOM, Math.round(exact)));
}

/** The range of tile columns and rows at zoom `z` whose tiles meet `box` (Web Mercator metres). */
export function tilesCovering(box: Box, z: number): { minX: number; maxX: number; minY: number; maxY: number } {
  const span = (2 * ORIGIN_SHIFT) / 2 ** z;
  const last = 2 ** z - 1;
  const column = (x: number) => Math.max(0, Math.min(last, Math.floor((x + ORIGIN_SHIFT) / span)));
  const row = (y: number) => Math.max(0, Math.min(last, Math.floor((ORIGIN_SHIFT - y) / span)));
  // a box edge exactly on a tile edge does not reach into the next tile
  const epsilon = span * 1e-9;
  return { minX: column(box.minX + epsilon), maxX: column(box.maxX - epsilon), minY: row(box.maxY - epsilon), maxY: row(box.minY + epsilon) };
}

/** Whether two boxes share some area (touching edges do not count). */
export function boxesIntersect(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
}
