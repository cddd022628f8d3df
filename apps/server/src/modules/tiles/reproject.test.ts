import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { applyAffine, invertAffine, type Affine } from './affine.js';
import { clipPositions, interpolatedPositions, nodeGrid, scaleAt, separablePositions, type PixelMapping } from './reproject.js';
import { levelForScale, levelPixels } from './render.js';
import { mercatorXToLon, mercatorYToLat, tileBounds } from './tile-math.js';

const UTM31 = '+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs';
const toUtm = proj4('EPSG:3857', UTM31);
// 10 m pixels from (500000, 5650000), as a file of EPSG:32631
const transform: Affine = [500000, 10, 0, 5650000, 0, -10];
const inverse = invertAffine(transform);
const utmPixel: PixelMapping = (x, y) => {
  const [easting, northing] = toUtm.forward([x, y]);
  return applyAffine(inverse, easting!, northing!);
};

describe('tile pixel positions in the file', () => {
  it('interpolates a UTM tile within the error threshold of the exact transform', () => {
    const bounds = tileBounds({ z: 13, x: 4165, y: 2743 });
    const grid = nodeGrid(bounds, 256, utmPixel);
    const positions = interpolatedPositions(grid, bounds, 256, utmPixel, 0.125);
    const resolution = (bounds.maxX - bounds.minX) / 256;
    let worst = 0;
    for (let j = 0; j < 256; j += 5) {
      for (let i = 0; i < 256; i += 3) {
        const [x, y] = utmPixel(bounds.minX + (i + 0.5) * resolution, bounds.maxY - (j + 0.5) * resolution);
        worst = Math.max(worst, Math.abs(positions.x[j * 256 + i]! - x), Math.abs(positions.y[j * 256 + i]! - y));
      }
    }
    expect(worst).toBeLessThan(0.125);
    // zoom 13: 19.1 Web Mercator metres per pixel, ~12 ground metres at 51° N: 1.2 pixels of 10 m
    const resolution13 = (bounds.maxX - bounds.minX) / 256;
    expect(scaleAt(utmPixel, (bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2, resolution13)).toBeCloseTo(1.2, 1);
  });

  it('leaves the pixels outside the clip box without a position, without transforming them', () => {
    const bounds = tileBounds({ z: 13, x: 4165, y: 2743 });
    const clip = { minX: bounds.minX, maxX: (bounds.minX + bounds.maxX) / 2, minY: bounds.minY, maxY: bounds.maxY };
    let calls = 0;
    const counting: PixelMapping = (x, y) => {
      calls++;
      return utmPixel(x, y);
    };
    const grid = nodeGrid(bounds, 256, utmPixel);
    const positions = interpolatedPositions(grid, bounds, 256, counting, 0.125, clip);
    clipPositions(positions, bounds, 256, clip);
    expect(calls).toBeLessThanOrEqual(8 * 16 + 16);
    expect(Number.isFinite(positions.x[10 * 256 + 100])).toBe(true);
    expect(Number.isNaN(positions.x[10 * 256 + 200])).toBe(true);
  });

  it('computes WGS84 files exactly, row by row and column by column', () => {
    const lonLat: Affine = [4, 0.001, 0, 52, 0, -0.001];
    const bounds = tileBounds({ z: 10, x: 523, y: 338 });
    const positions = separablePositions(bounds, 256, mercatorXToLon, mercatorYToLat, invertAffine(lonLat));
    const resolution = (bounds.maxX - bounds.minX) / 256;
    const lon = mercatorXToLon(bounds.minX + 10.5 * resolution);
    const lat = mercatorYToLat(bounds.maxY - 20.5 * resolution);
    expect(positions.x[20 * 256 + 10]).toBeCloseTo((lon - 4) / 0.001, 9);
    expect(positions.y[20 * 256 + 10]).toBeCloseTo((52 - lat) / 0.001, 9);
  });

  it('marks positions off the map (NaN) and off the raster as no pixel', () => {
    const positions = { x: Float64Array.from([NaN, -0.5, 3.99, 4, 0]), y: Float64Array.from([0, 0, 0, 0, 1.9]) };
    const { columns, rows } = levelPixels(positions, { factorX: 2, factorY: 2, width: 2, height: 1 });
    expect([...columns]).toEqual([-1, -1, 1, -1, 0]);
    expect([...rows]).toEqual([-1, -1, 0, -1, 0]);
  });

  it('picks the overview level as gdalwarp does', () => {
    const levels = [{ factorX: 1 }, { factorX: 2 }, { factorX: 4 }, { factorX: 8 }];
    expect(levelForScale(levels, 0.5)).toBe(levels[0]);
    expect(levelForScale(levels, 1.9)).toBe(levels[0]);
    expect(levelForScale(levels, 1.95)).toBe(levels[1]);
    expect(levelForScale(levels, 3.5)).toBe(levels[1]);
    expect(levelForScale(levels, 100)).toBe(levels[3]);
  });
});
