import { describe, expect, it } from 'vitest';
import {
  boxesIntersect,
  isValidTile,
  lonLatToMercator,
  mercatorToLonLat,
  ORIGIN_SHIFT,
  tileBounds,
  tileResolution,
  tilesCovering,
  zoomForResolution,
} from './tile-math.js';

describe('WebMercatorQuad tile maths', () => {
  it('gives zoom 0 the whole square world and halves it per zoom', () => {
    expect(tileBounds({ z: 0, x: 0, y: 0 })).toEqual({ minX: -ORIGIN_SHIFT, minY: -ORIGIN_SHIFT, maxX: ORIGIN_SHIFT, maxY: ORIGIN_SHIFT });
    expect(tileBounds({ z: 1, x: 1, y: 0 })).toEqual({ minX: 0, minY: 0, maxX: ORIGIN_SHIFT, maxY: ORIGIN_SHIFT });
    expect(tileResolution(0)).toBeCloseTo(156543.03392804097, 8);
    expect(tileResolution(12)).toBeCloseTo(38.21851414258813, 10);
  });

  it('gives the bounds mercantile gives a tile at zoom 12', () => {
    // mercantile.xy_bounds(2080, 1370, 12)
    const bounds = tileBounds({ z: 12, x: 2080, y: 1370 });
    expect(bounds.minX).toBeCloseTo(313086.06785608083, 6);
    expect(bounds.maxY).toBeCloseTo(6633511.062700735, 6);
    expect(bounds.maxX - bounds.minX).toBeCloseTo(9783.93962050256, 6);
  });

  it('converts between longitude/latitude and Web Mercator both ways', () => {
    // GDAL: rasterio.warp.transform('EPSG:4326', 'EPSG:3857', [4.4], [51.2])
    const [x, y] = lonLatToMercator(4.4, 51.2);
    expect(x).toBeCloseTo(489805.75949040375, 6);
    expect(y).toBeCloseTo(6656747.948768768, 6);
    const [lon, lat] = mercatorToLonLat(x, y);
    expect(lon).toBeCloseTo(4.4, 10);
    expect(lat).toBeCloseTo(51.2, 10);
    expect(lonLatToMercator(0, 90)[1]).toBeCloseTo(ORIGIN_SHIFT, 3);
  });

  it('tells valid tiles from others', () => {
    expect(isValidTile({ z: 3, x: 7, y: 7 })).toBe(true);
    expect(isValidTile({ z: 3, x: 8, y: 0 })).toBe(false);
    expect(isValidTile({ z: -1, x: 0, y: 0 })).toBe(false);
    expect(isValidTile({ z: 25, x: 0, y: 0 })).toBe(false);
    expect(isValidTile({ z: 1, x: 0.5, y: 0 })).toBe(false);
  });

  it('picks the zoom nearest a resolution, within 0..24', () => {
    expect(zoomForResolution(tileResolution(12))).toBe(12);
    expect(zoomForResolution(tileResolution(12) * 1.3)).toBe(12);
    expect(zoomForResolution(tileResolution(12) * 1.5)).toBe(11);
    expect(zoomForResolution(1e9)).toBe(0);
    expect(zoomForResolution(1e-9)).toBe(24);
  });

  it('lists the tiles covering a box, an edge on a tile border staying out of the next tile', () => {
    const tile = tileBounds({ z: 5, x: 16, y: 10 });
    expect(tilesCovering(tile, 5)).toEqual({ minX: 16, maxX: 16, minY: 10, maxY: 10 });
    expect(tilesCovering(tile, 6)).toEqual({ minX: 32, maxX: 33, minY: 20, maxY: 21 });
    expect(boxesIntersect(tile, tileBounds({ z: 5, x: 17, y: 10 }))).toBe(false);
    expect(boxesIntersect(tile, tileBounds({ z: 6, x: 33, y: 21 }))).toBe(true);
  });
});
