import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { catalogueAssetUrl, type BandStatistics } from '@asb/contracts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatastorePaths } from '../src/engine/store/datastore-paths.js';
import { clearBlockCache } from '../src/modules/tiles/block-cache.js';
import { RasterPool } from '../src/modules/tiles/raster-pool.js';
import { lonLatToMercator, tilesCovering } from '../src/modules/tiles/tile-math.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);
/** the default ASB_RASTER_PIXEL_BUDGET */
const BUDGET = 67_108_864;
const SIZE = 20_000;

/**
 * A GeoTIFF that is small on disk and huge decoded (issue 30 §2, docs/security.md "Request
 * limits"): 20,000 × 20,000 bytes of one value, Deflate in 512 px tiles — about 450 KB that
 * inflate to 400 MB, as the 389 KB output that took /cog/statistics 41 s and 1.3 GB. Once
 * without overviews (refused: 413 naming the limit, before any block is decoded) and once with
 * them (answered from them). The work is counted where the server hands it to its raster
 * worker threads (the RasterPool's calls, watched, not replaced): what a hostile file costs is
 * the pixels decoded, which the machine's speed does not change, and the pixel work runs in
 * those threads, off the event loop (bench/tiles "Raster work off the event loop" times it).
 */
describe('tiles: the pixel budget of a map request', () => {
  let app: TestApp;
  let dataDir = '';
  const url = (file: string) => catalogueAssetUrl('hostile', 'inflated', file);
  const get = (target: string) => app.server.inject({ method: 'GET', url: target });
  /** the tile of zoom `z` over the middle of the files: its z/x/y and its path */
  const tileAt = (z: number) => {
    const [x, y] = lonLatToMercator(4.5, 51.5);
    const range = tilesCovering({ minX: x, minY: y, maxX: x, maxY: y }, z);
    const name = `${z}/${range.minX}/${range.minY}`;
    return { name, path: `/cog/tiles/WebMercatorQuad/${name}@1x` };
  };
  const pool = {
    decodeBlock: vi.spyOn(RasterPool.prototype, 'decodeBlock'),
    statistics: vi.spyOn(RasterPool.prototype, 'statistics'),
    encodeImage: vi.spyOn(RasterPool.prototype, 'encodeImage'),
  };
  /** pixels decoded since the last `beforeEach`: every block handed to a raster worker */
  const decodedPixels = () => pool.decodeBlock.mock.calls.reduce((sum, [, layout]) => sum + layout.tileWidth * layout.tileHeight, 0);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-tiles-budget-'));
    app = await createTestApp({ dataDir, engine: { localCpus: 1, sweepIntervalMs: 200, enabled: false } });
    const admin = await app.ctx.users.findByUsername('admin');
    await app.ctx.catalogue.upsertCollection(
      {
        type: 'Collection',
        id: 'hostile',
        stac_version: '1.0.0',
        description: 'Rasters that inflate',
        license: 'proprietary',
        extent: { spatial: { bbox: [[4, 51, 5, 52]] }, temporal: { interval: [['2024-01-01T00:00:00Z', null]] } },
        links: [],
      },
      { ownerId: admin!.id, isPublic: true },
    );
    const folder = new DatastorePaths(app.storage.root).catalogueDir('hostile', 'inflated');
    await fs.mkdir(folder, { recursive: true });
    const plain = path.join(folder, 'plain.tif');
    await run('gdal_create', [
      ...['-q', '-of', 'GTiff', '-outsize', String(SIZE), String(SIZE), '-bands', '1', '-ot', 'Byte', '-burn', '7'],
      ...['-a_srs', 'EPSG:4326', '-a_ullr', '4', '52', '5', '51'],
      ...['-co', 'COMPRESS=DEFLATE', '-co', 'TILED=YES', '-co', 'BLOCKXSIZE=512', '-co', 'BLOCKYSIZE=512', plain],
    ]);
    const withOverviews = path.join(folder, 'overviews.tif');
    await fs.copyFile(plain, withOverviews);
    await run('gdaladdo', ['-q', '-r', 'nearest', '--config', 'COMPRESS_OVERVIEW', 'DEFLATE', withOverviews, '4', '16', '64']);
    expect((await fs.stat(plain)).size).toBeLessThan(1024 * 1024);
  }, 120_000);
  beforeEach(() => {
    // each test decodes afresh: nothing it counts comes from a block decoded before
    clearBlockCache();
    for (const spy of Object.values(pool)) spy.mockClear();
  });
  afterAll(async () => {
    for (const spy of Object.values(pool)) spy.mockRestore();
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a raster over the budget with a 413 naming it before decoding any of it, and answers one with overviews from them', async () => {
    const tile = tileAt(8);
    const requests = (file: string) => [
      get(`/cog/statistics?url=${url(file)}`),
      get(`/cog/preview?url=${url(file)}&rescale=0,10`),
      get(`${tile.path}?url=${url(file)}&rescale=0,10`),
    ];
    expectRefused(await Promise.all(requests('plain.tif')), tile.name);
    expect(pool.decodeBlock).not.toHaveBeenCalled();
    expect(pool.statistics).not.toHaveBeenCalled();
    expect(pool.encodeImage).not.toHaveBeenCalled();

    // both files at once: the refusals take nothing from the answers beside them
    const answers = await Promise.all([...requests('plain.tif'), ...requests('overviews.tif')]);
    expectRefused(answers.slice(0, 3), tile.name);
    expectAnsweredFromOverviews(answers.slice(3));
    // the 1250 px overview's 3 × 3 blocks and the coarsest one's, not the 400 million pixels
    expect(decodedPixels()).toBeGreaterThan(0);
    expect(decodedPixels()).toBeLessThanOrEqual(BUDGET);
    // the statistics of the one band, the preview's and the tile's PNG: in the raster workers
    expect(pool.statistics).toHaveBeenCalledTimes(1);
    expect(pool.encodeImage).toHaveBeenCalledTimes(2);
  });

  /** Over the budget without overviews: 413 naming the limit. */
  function expectRefused(answers: Awaited<ReturnType<typeof get>>[], tileName: string): void {
    const exceeds = `${SIZE}×${SIZE} pixels exceeds the budget of ${BUDGET} decoded pixels per request, and the file has no overviews`;
    const whats = ['compute statistics of', 'preview', `draw tile ${tileName}`];
    answers.forEach((answer, index) => {
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json<{ detail: string }>().detail).toContain(`The raster is too large to ${whats[index]}: ${exceeds}`);
    });
  }

  /** With overviews: the statistics, preview and tile answered from them. */
  function expectAnsweredFromOverviews([statistics, preview, tile]: Awaited<ReturnType<typeof get>>[]): void {
    expect(statistics!.statusCode, statistics!.body).toBe(200);
    // the 1250 px overview, decimated to TiTiler's 1024 px
    expect(statistics!.json<{ b1: BandStatistics }>().b1).toMatchObject({ min: 7, max: 7, count: 1024 * 1024, valid_percent: 100 });
    expect(preview!.statusCode, preview!.body).toBe(200);
    const image = PNG.sync.read(preview!.rawPayload);
    expect([image.width, image.height]).toEqual([1024, 1024]);
    // 7 of 0..10 stretched onto 0..255, opaque
    expect([...image.data.subarray(0, 4)]).toEqual([178, 178, 178, 255]);
    expect(tile!.statusCode, tile!.body).toBe(200);
    expect(tile!.headers['content-type']).toBe('image/png');
  }

  it('answers a full-resolution tile of the raster without overviews: only the blocks under it are decoded', async () => {
    const answer = await get(`${tileAt(14).path}?url=${url('plain.tif')}&rescale=0,10`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect([...PNG.sync.read(answer.rawPayload).data.subarray(0, 4)]).toEqual([178, 178, 178, 255]);
    // a zoom-14 tile there spans about 440 × 270 of the file's pixels: at most 2 × 2 of its 512 px blocks
    expect(pool.decodeBlock.mock.calls.length).toBeGreaterThan(0);
    expect(decodedPixels()).toBeLessThanOrEqual(4 * 512 * 512);
  });
});
