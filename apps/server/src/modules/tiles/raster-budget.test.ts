import { describe, expect, it } from 'vitest';
import { gridCost, levelWithinBudget, RasterTooLarge, scatteredCost } from './raster-budget.js';

const level = (width: number, block = 512) => ({
  width,
  height: width,
  blockWidth: block,
  blockHeight: block,
  blocksAcross: Math.ceil(width / block),
  blocksDown: Math.ceil(width / block),
});

describe('the pixel budget of a raster read', () => {
  it('counts the blocks a decimated read touches, once per plane', () => {
    const full = level(20_000);
    const everyTwentieth = Int32Array.from({ length: 1000 }, (_, index) => index * 20);
    expect(gridCost(full, everyTwentieth, everyTwentieth, 1)).toBe(40 * 40 * 512 * 512);
    expect(gridCost(full, Int32Array.from([0, 1, 511]), Int32Array.from([600]), 3)).toBe(1 * 1 * 512 * 512 * 3);
  });

  it('counts the blocks under scattered pixels, those off the raster (-1) aside', () => {
    const pixels = { columns: Int32Array.from([0, 10, 600, -1, 1030]), rows: Int32Array.from([0, 20, 0, -1, 1030]) };
    expect(scatteredCost(level(2048), pixels, 1)).toBe(3 * 512 * 512);
  });

  it('keeps the preferred level when it fits, else the first coarser one that does', () => {
    const levels = [level(20_000), level(5000), level(1250)];
    const cost = (candidate: { width: number }) => candidate.width * candidate.width;
    expect(levelWithinBudget(levels, levels[0]!, cost, 30_000_000, 'preview')).toBe(levels[1]);
    expect(levelWithinBudget(levels, levels[2]!, cost, 30_000_000, 'preview')).toBe(levels[2]);
  });

  it('refuses naming the size and the budget when no level fits', () => {
    const cost = (candidate: { width: number }) => candidate.width * candidate.width;
    expect(() => levelWithinBudget([level(20_000)], level(20_000), cost, 1000, 'preview')).toThrow(
      new RasterTooLarge(
        'The raster is too large to preview: 20000×20000 pixels exceeds the budget of 1000 decoded pixels per request, and the file has no overviews to read instead (make it a COG: gdal_translate -of COG).',
      ),
    );
    const levels = [level(20_000), level(5000)];
    expect(() => levelWithinBudget(levels, levels[0]!, cost, 1000, 'draw tile 8/131/85')).toThrow(
      /its smallest overview, 5000×5000 pixels, exceeds the budget of 1000/,
    );
  });
});
