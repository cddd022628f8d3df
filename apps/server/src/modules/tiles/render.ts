import type { TileJson } from '@asb/contracts';
import { mercatorXToLon, mercatorYToLat, tileBounds, boxesIntersect, TILE_SIZE, type Box, type TileIndex } from './tile-math.js';
import { applyAffine } from './affine.js';
import type { Cog, CogLevel } from './cog.js';
import type { ColourOptions } from './colourise.js';
import { levelWithinBudget, scatteredCost, type RasterWork } from './raster-budget.js';
import { sampleLevel } from './sample-level.js';
import { clipPositions, interpolatedPositions, nodeGrid, scaleAt, separablePositions, type TilePositions } from './reproject.js';

/** What a tile shows: 1-based bands (one: grey or colour-mapped; three: RGB), their stretch, a colour map. */
export interface RenderOptions extends ColourOptions {
  bands: number[];
  /** pixels on a side (256 at @1x) */
  size?: number;
}

/** Error threshold of the approximate transform, in pixels of the level read (gdalwarp's -et default). */
const ERROR_THRESHOLD = 0.125;
/** GDAL's slack when picking the overview of a target ratio. */
const OVERVIEW_SLACK = 0.1;

/**
 * A WebMercatorQuad tile of the file as PNG (undefined when the tile lies outside the file's
 * bounds: a 404). Nearest-neighbour like `gdalwarp -r near`: each tile pixel's centre is
 * mapped into the file (exactly for Web Mercator and WGS84 files, else on a 16-pixel grid
 * interpolated within 0.125 pixel), the overview whose resolution fits the zoom is read block
 * by block — a coarser one when its blocks would exceed the pixel budget, RasterTooLarge when
 * every level would — values are stretched to bytes and encoded by a raster worker; nodata,
 * NaN and pixels off the raster are transparent.
 */
export async function renderTile(cog: Cog, tile: TileIndex, options: RenderOptions, work: RasterWork): Promise<Buffer | undefined> {
  const size = options.size ?? TILE_SIZE;
  const bounds = tileBounds(tile);
  if (!boxesIntersect(bounds, cog.mercatorBounds)) return undefined;
  const { level: preferred, positions } = tilePositions(cog, bounds, size);
  const planes = preferred.planar === 2 ? options.bands.length : 1;
  const what = `draw tile ${tile.z}/${tile.x}/${tile.y}`;
  const level = levelWithinBudget(
    cog.levels,
    preferred,
    (candidate) => scatteredCost(candidate, levelPixels(positions, candidate), planes),
    work.pixelBudget,
    what,
  );
  const { columns, rows } = levelPixels(positions, level);
  const values = await sampleLevel(
    cog,
    level,
    options.bands.map((band) => band - 1),
    columns,
    rows,
  );
  return work.pool.encodeImage(values, size, size, { rescale: options.rescale, colormap: options.colormap });
}

/** The level a tile reads and where each of its pixels falls in the file (full-resolution pixels). */
function tilePositions(cog: Cog, bounds: Box, size: number): { level: CogLevel; positions: TilePositions } {
  const toPixel = (x: number, y: number) => {
    const [fileX, fileY] = cog.crs.fromMercator(x, y);
    return applyAffine(cog.inverse, fileX, fileY);
  };
  const clip = padded(cog.mercatorBounds, 0.01);
  // the scale where tile and file meet: at low zoom a tile spans far more than the file
  const centreX = (Math.max(bounds.minX, clip.minX) + Math.min(bounds.maxX, clip.maxX)) / 2;
  const centreY = (Math.max(bounds.minY, clip.minY) + Math.min(bounds.maxY, clip.maxY)) / 2;
  const level = levelForScale(cog.levels, scaleAt(toPixel, centreX, centreY, (bounds.maxX - bounds.minX) / size));
  if (cog.crs.kind === 'mercator')
    return {
      level,
      positions: separablePositions(
        bounds,
        size,
        (x) => x,
        (y) => y,
        cog.inverse,
      ),
    };
  if (cog.crs.kind === 'lonlat') return { level, positions: separablePositions(bounds, size, mercatorXToLon, mercatorYToLat, cog.inverse) };
  const grid = nodeGrid(bounds, size, toPixel);
  const positions = interpolatedPositions(grid, bounds, size, toPixel, ERROR_THRESHOLD * level.factorX, clip);
  clipPositions(positions, bounds, size, clip);
  return { level, positions };
}

/** The box grown by `share` of its size on every side (the outline between its sampled points may bulge a little). */
function padded(box: Box, share: number): Box {
  const dx = (box.maxX - box.minX) * share;
  const dy = (box.maxY - box.minY) * share;
  return { minX: box.minX - dx, minY: box.minY - dy, maxX: box.maxX + dx, maxY: box.maxY + dy };
}

/**
 * gdalwarp's choice of overview (-ovr AUTO): the coarsest level whose reduction factor is
 * below the ratio of file pixels per tile pixel (or within 0.1 of it); full resolution when
 * the tile is finer than the file.
 */
export function levelForScale<L extends { factorX: number }>(levels: readonly L[], scale: number): L {
  let chosen = levels[0]!;
  for (const level of levels) {
    if (level.factorX < scale || Math.abs(level.factorX - scale) < OVERVIEW_SLACK) chosen = level;
  }
  return chosen;
}

/** Nearest pixel of `level` under each position (GDAL's floor with its 1e-10 nudge); -1 off the raster. */
export function levelPixels(
  positions: TilePositions,
  level: Pick<CogLevel, 'factorX' | 'factorY' | 'width' | 'height'>,
): { columns: Int32Array; rows: Int32Array } {
  const count = positions.x.length;
  const columns = new Int32Array(count);
  const rows = new Int32Array(count);
  for (let index = 0; index < count; index++) {
    const column = Math.floor(positions.x[index]! / level.factorX + 1e-10);
    const row = Math.floor(positions.y[index]! / level.factorY + 1e-10);
    // NaN fails both comparisons
    const inside = column >= 0 && column < level.width && row >= 0 && row < level.height;
    columns[index] = inside ? column : -1;
    rows[index] = inside ? row : -1;
  }
  return { columns, rows };
}

export type { TileJson };

/** The TileJSON document of `cog` with `tilesUrl` as its one tile URL template. */
export function tileJson(cog: Cog, tilesUrl: string, zooms: { minzoom?: number; maxzoom?: number } = {}): TileJson {
  const { minX, minY, maxX, maxY } = cog.lonLatBounds;
  const minzoom = zooms.minzoom ?? cog.minzoom;
  return {
    tilejson: '2.2.0',
    name: cog.name,
    version: '1.0.0',
    scheme: 'xyz',
    tiles: [tilesUrl],
    minzoom,
    maxzoom: zooms.maxzoom ?? cog.maxzoom,
    bounds: [minX, minY, maxX, maxY],
    center: [(minX + maxX) / 2, (minY + maxY) / 2, minzoom],
  };
}
