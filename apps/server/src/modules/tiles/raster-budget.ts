import type { CogLevel } from './cog.js';
import type { PixelWork } from './raster-pool.js';

/** What one raster request may use: the worker threads, and how many pixels it may decode (ASB_RASTER_PIXEL_BUDGET). */
export interface RasterWork {
  pool: PixelWork;
  pixelBudget: number;
}

/** The request would decode more pixels than its budget allows, at every level it could read (answered as 413). */
export class RasterTooLarge extends Error {}

type Level = Pick<CogLevel, 'width' | 'height' | 'blockWidth' | 'blockHeight' | 'blocksAcross' | 'blocksDown'>;

/**
 * The level a read uses: `preferred` when the pixels it would decode (`cost`) fit the budget,
 * else the first coarser overview that fits (a coarser answer rather than none); RasterTooLarge
 * naming the limit when none does. `levels` are finest first; `what` completes 'too large to …'.
 */
export function levelWithinBudget<L extends Level>(levels: readonly L[], preferred: L, cost: (level: L) => number, budget: number, what: string): L {
  const candidates = levels.slice(Math.max(0, levels.indexOf(preferred)));
  const fitting = candidates.find((level) => cost(level) <= budget);
  if (fitting) return fitting;
  const coarsest = levels[levels.length - 1]!;
  const size = `${coarsest.width}×${coarsest.height} pixels`;
  const limit = `the budget of ${budget} decoded pixels per request`;
  throw new RasterTooLarge(
    levels.length === 1
      ? `The raster is too large to ${what}: ${size} exceeds ${limit}, and the file has no overviews to read instead (make it a COG: gdal_translate -of COG).`
      : `The raster is too large to ${what}: its smallest overview, ${size}, exceeds ${limit}.`,
  );
}

/**
 * Pixels decoded to read a regular grid of `columns` × `rows` of the level (a decimated read):
 * every block under a sampled column and row, once per `planes` (bands stored apart).
 */
export function gridCost(level: Level, columns: Int32Array, rows: Int32Array, planes: number): number {
  return distinct(columns, level.blockWidth) * distinct(rows, level.blockHeight) * level.blockWidth * level.blockHeight * planes;
}

/** Pixels decoded to read the given pixels of the level (-1: none): every block holding one, once per `planes`. */
export function scatteredCost(level: Level, pixels: { columns: Int32Array; rows: Int32Array }, planes: number): number {
  const seen = new Uint8Array(level.blocksAcross * level.blocksDown);
  let blocks = 0;
  for (let index = 0; index < pixels.columns.length; index++) {
    const column = pixels.columns[index]!;
    if (column < 0) continue;
    const id = Math.floor(pixels.rows[index]! / level.blockHeight) * level.blocksAcross + Math.floor(column / level.blockWidth);
    if (seen[id]) continue;
    seen[id] = 1;
    blocks++;
  }
  return blocks * level.blockWidth * level.blockHeight * planes;
}

/** How many different blocks the (ascending) positions fall in. */
function distinct(positions: Int32Array, blockSize: number): number {
  let count = 0;
  let last = -1;
  for (const position of positions) {
    const block = Math.floor(position / blockSize);
    if (block !== last) count++;
    last = block;
  }
  return count;
}
