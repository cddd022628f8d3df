import { describe, expect, it } from 'vitest';
import { applyAffine, geotransformOf, invertAffine } from './affine.js';

describe('geotransforms', () => {
  it('reads a tie point with a pixel scale, and a ModelTransformation', () => {
    expect(geotransformOf({ ModelTiepoint: [0, 0, 0, 500000, 5650000, 0], ModelPixelScale: [10, 10, 0] })).toEqual([500000, 10, 0, 5650000, 0, -10]);
    expect(geotransformOf({ ModelTiepoint: [2, 1, 0, 100, 50, 0], ModelPixelScale: [10, 5, 0] })).toEqual([80, 10, 0, 55, 0, -5]);
    expect(geotransformOf({ ModelTransformation: [10, 1, 0, 300, 2, -10, 0, 600, 0, 0, 0, 0, 0, 0, 0, 1] })).toEqual([300, 10, 1, 600, 2, -10]);
    expect(geotransformOf({})).toBeUndefined();
  });

  it('shifts PixelIsPoint files by half a pixel, as GDAL does', () => {
    expect(geotransformOf({ ModelTiepoint: [0, 0, 0, 100, 200, 0], ModelPixelScale: [2, 2, 0], rasterType: 2 })).toEqual([99, 2, 0, 201, 0, -2]);
  });

  it('inverts a transform, rotation included', () => {
    const transform = [300, 10, 1, 600, 2, -10] as const;
    const [x, y] = applyAffine(transform, 12.5, 7.25);
    const [column, row] = applyAffine(invertAffine(transform), x, y);
    expect(column).toBeCloseTo(12.5, 10);
    expect(row).toBeCloseTo(7.25, 10);
    expect(() => invertAffine([0, 0, 0, 0, 0, 0])).toThrow();
  });
});
