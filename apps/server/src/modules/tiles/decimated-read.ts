import type { BandStatistics } from '@asb/contracts';
import type { Cog, CogLevel } from './cog.js';
import type { ColourOptions } from './colourise.js';
import { gridCost, levelWithinBudget, type RasterWork } from './raster-budget.js';
import { sampleGrid } from './sample-grid.js';
import { previewSize } from './statistics.js';

/**
 * TiTiler's `/cog/statistics` of the file: read decimated (long side at most `maxSize`, from
 * the overview that fits, nearest neighbour, like rio-tiler's preview) and computed per band
 * over the valid pixels (nodata and NaN excluded) by the raster workers, keyed `b1`, `b2`, ….
 */
export async function cogStatistics(cog: Cog, bands: number[], work: RasterWork, maxSize = 1024, bins = 10): Promise<Record<string, BandStatistics>> {
  const { values, width, height } = await decimatedRead(cog, bands, maxSize, work, 'compute statistics of');
  const statistics = await Promise.all(values.map((band) => work.pool.statistics(band, width * height, bins)));
  return Object.fromEntries(bands.map((band, index) => [`b${band}`, statistics[index]!]));
}

/** TiTiler's `/cog/preview`: the whole file as a PNG, decimated as for the statistics, coloured as a tile. */
export async function renderPreview(cog: Cog, options: ColourOptions & { bands: number[]; maxSize?: number }, work: RasterWork): Promise<Buffer> {
  const { values, width, height } = await decimatedRead(cog, options.bands, options.maxSize ?? 1024, work, 'preview');
  return work.pool.encodeImage(values, width, height, { rescale: options.rescale, colormap: options.colormap });
}

/**
 * The file's `bands` (1-based) decimated to a long side of `maxSize`: from the coarsest level
 * still at least that large, or a coarser one when its blocks would exceed the pixel budget
 * (RasterTooLarge when every level would); nearest neighbour, NaN where there is no value.
 */
async function decimatedRead(cog: Cog, bands: number[], maxSize: number, work: RasterWork, what: string) {
  const { width, height } = previewSize(cog.width, cog.height, maxSize);
  const preferred = [...cog.levels].reverse().find((candidate) => candidate.width >= width && candidate.height >= height) ?? cog.levels[0]!;
  const planes = preferred.planar === 2 ? bands.length : 1;
  const cost = (level: CogLevel) => gridCost(level, axis(level.width, width), axis(level.height, height), planes);
  const level = levelWithinBudget(cog.levels, preferred, cost, work.pixelBudget, what);
  const values = await sampleGrid(
    cog,
    level,
    bands.map((band) => band - 1),
    axis(level.width, width),
    axis(level.height, height),
  );
  return { values, width, height };
}

/** The level's pixel (column or row) nearest the centre of each of `count` output pixels along a side of `size`. */
function axis(size: number, count: number): Int32Array {
  return Int32Array.from({ length: count }, (_, index) => Math.min(size - 1, Math.floor(((index + 0.5) * size) / count)));
}
