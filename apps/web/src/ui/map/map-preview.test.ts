import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { fitExtent, loadPreview, PREVIEW_FAILED } from './map-preview';

afterEach(() => vi.unstubAllGlobals());

describe('loadPreview', () => {
  const FILE = '/builder/v1/executions/4/files/out/ndvi.tif';
  const band = {
    min: -0.2,
    max: 0.9,
    mean: 0.4,
    count: 4,
    sum: 1.6,
    std: 0.1,
    median: 0.4,
    majority: 0.4,
    minority: -0.2,
    unique: 3,
    histogram: [[1], [-0.2, 0.9]],
    valid_percent: 100,
    masked_pixels: 0,
    valid_pixels: 4,
    percentile_2: -0.2,
    percentile_98: 0.9,
  };
  const tilejson = {
    tilejson: '2.2.0',
    name: 'ndvi.tif',
    version: '1.0.0',
    scheme: 'xyz',
    tiles: ['/cog/tiles/WebMercatorQuad/{z}/{x}/{y}@1x?url=x'],
    minzoom: 8,
    maxzoom: 14,
    bounds: [4, 51, 5, 52],
    center: [4.5, 51.5, 8],
  };

  it("stretches the first band's range and takes the tiles and bounds of the TileJSON", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === '/cog/statistics' ? { body: { b1: band } } : path === '/cog/tilejson.json' ? { body: tilejson } : undefined,
    );
    expect(await loadPreview(FILE)).toEqual({
      tiles: tilejson.tiles[0],
      bounds: [4, 51, 5, 52],
      rescale: [[-0.2, 0.9]],
      bandCount: 1,
      minZoom: 8,
      maxZoom: 14,
    });
    expect(calls[1]?.query.get('rescale')).toBe('-0.2,0.9');
    expect(calls[1]?.query.get('url')).toBe(FILE);
    expect(calls[1]?.query.has('bidx')).toBe(false);
  });

  it('names the bands chosen and stretches each from its 2nd to its 98th percentile', async () => {
    const bands = { b1: band, b2: { ...band, percentile_2: 10, percentile_98: 200 }, b3: { ...band, percentile_2: 20, percentile_98: 300 }, b4: band };
    const { calls } = fakeFetch(({ path }) => (path === '/cog/statistics' ? { body: bands } : path === '/cog/tilejson.json' ? { body: tilejson } : undefined));
    const layer = await loadPreview(FILE, { bands: [3, 2, 1], stretch: 'percentiles' });
    expect(layer.bandCount).toBe(4);
    expect(calls[1]?.query.getAll('bidx')).toEqual(['3', '2', '1']);
    expect(calls[1]?.query.getAll('rescale')).toEqual(['20,300', '10,200', '-0.2,0.9']);
  });

  it("says the spec's failure text when the statistics fail", async () => {
    fakeFetch(() => ({ status: 404, body: { detail: 'No such file.' } }));
    await expect(loadPreview(FILE)).rejects.toThrow(PREVIEW_FAILED);
  });
});

describe('fitExtent', () => {
  it('widens the bounds by 10% of their size on each side', () => {
    const [west, south, east, north] = fitExtent([4, 51, 5, 52]);
    expect(west).toBeCloseTo(3.9);
    expect(south).toBeCloseTo(50.9);
    expect(east).toBeCloseTo(5.1);
    expect(north).toBeCloseTo(52.1);
  });

  it('stays within ±180 and ±90', () => {
    expect(fitExtent([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90]);
    expect(fitExtent([170, 80, 179, 89])).toEqual([169.1, 79.1, 179.9, 89.9].map((value) => expect.closeTo(value, 6)));
    const [west, south, east, north] = fitExtent([-179, -89, -100, 10]);
    expect(west).toBe(-180);
    expect(south).toBe(-90);
    expect(east).toBeCloseTo(-92.1);
    expect(north).toBeCloseTo(19.9);
  });
});
