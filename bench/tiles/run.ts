/**
 * Tile service benchmark (README.md beside this file). In one process:
 *   1. makes a COG of --size² px (default 10,000², Float32, EPSG:32631, 10 m, Deflate with the
 *      floating-point predictor, 512 px blocks, internal overviews) with python3 + rasterio
 *      and `gdal_translate -of COG`, in a temporary folder;
 *   2. opens it through the engine's local datastore as the server does (headers once);
 *   3. renders --tiles random tiles (fixed seed) of two classes — "overview": zooms from the
 *      file's minzoom to maxzoom − 3, read from internal overviews; "native": the file's
 *      maxzoom, full resolution — calling the renderer in process (no HTTP, no auth), each
 *      render cold (decoded blocks forgotten first), then the same tile again warm; each with
 *      the pixel work in the raster worker pool (as the server) and on the calling thread;
 *   4. times `gdalwarp -t_srs EPSG:3857 -te <tile> -ts 256 256 -r near` of each same tile
 *      window, one spawned process per tile writing a temporary GeoTIFF, interleaved with
 *      our renders so that both see the same machine;
 *   5. checks that our tiles agree with gdalwarp's pixels (and, on 5 tiles per class, with
 *      `gdalwarp -et 0`, exact transforms) and prints a table.
 *   6. the first preview (first-preview.ts): in fresh processes, the statistics and the tiles
 *      of the whole file, of this COG and of two files like the demo's NDVI output.
 * Usage: npx tsx bench/tiles/run.ts [--size 10000] [--tiles 30] [--first 7] [--first-only] [--file cog.tif] [--keep]
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { fromFile } from 'geotiff';
import { PNG } from 'pngjs';
import { LocalDatastore } from '../../apps/server/src/engine/store/datastore.js';
import { clearBlockCache } from '../../apps/server/src/modules/tiles/block-cache.js';
import { openCog, type Cog } from '../../apps/server/src/modules/tiles/cog.js';
import type { RasterWork } from '../../apps/server/src/modules/tiles/raster-budget.js';
import { RasterPool } from '../../apps/server/src/modules/tiles/raster-pool.js';
import { measureFirstPreview } from './first-preview.js';
import { inThread } from './in-thread.js';
import { renderTile } from '../../apps/server/src/modules/tiles/render.js';
import { rescaleToByte, type Rescale } from '../../apps/server/src/modules/tiles/rescale.js';
import { tileBounds, tilesCovering, type Box, type TileIndex } from '../../apps/server/src/modules/tiles/tile-math.js';
import { gdalwarpTileArgs } from '../../apps/server/test/helpers/geotiff.js';

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SIZE = option('size', 10_000);
const TILES = option('tiles', 30);
const KEEP = args.includes('--keep');
const FIRST_RUNS = option('first', 7);
const FIRST_ONLY = args.includes('--first-only');
/** an existing COG made by an earlier run (--keep), instead of making one */
const FILE = args.includes('--file') ? path.resolve(args[args.indexOf('--file') + 1]!) : undefined;
const PYTHON = process.env.ASB_PYTHON ?? '/usr/bin/python3';
const RESCALE: Rescale = { min: -0.2, max: 0.9 };

const MAKE = String.raw`
import sys, numpy as np, rasterio
from rasterio.transform import from_origin
from rasterio.windows import Window
path, size = sys.argv[1], int(sys.argv[2])
profile = dict(driver='GTiff', width=size, height=size, count=1, dtype='float32', crs='EPSG:32631',
               transform=from_origin(500000, 5700000, 10, 10), nodata=-9999, tiled=True,
               blockxsize=512, blockysize=512, BIGTIFF='IF_SAFER')
rng = np.random.default_rng(5)
with rasterio.open(path, 'w', **profile) as dst:
    for top in range(0, size, 512):
        rows = min(512, size - top)
        yy, xx = np.mgrid[top:top + rows, 0:size].astype('float32')
        # an NDVI-like field: large smooth patches, finer structure, sensor noise
        ndvi = 0.35 + 0.3 * np.sin(xx / 310) * np.cos(yy / 270) + 0.12 * np.sin((xx + 2 * yy) / 47) + rng.normal(0, 0.03, xx.shape)
        ndvi[(xx - 0.8 * size) ** 2 + (yy - 0.2 * size) ** 2 < (0.08 * size) ** 2] = -9999
        dst.write(ndvi.astype('float32'), 1, window=Window(0, top, size, rows))
`;

/** Like the demo's ndvi.tif: Float32 NDVI over a longitude/latitude box, 256 px tiles, Deflate + floating-point predictor, no overviews. */
const MAKE_DEMO_LIKE = String.raw`
import sys, numpy as np, rasterio
from rasterio.transform import from_bounds
path, size = sys.argv[1], int(sys.argv[2])
west, south, east, north = 4.21, 51.1, 4.56, 51.32
height = round(size * (north - south) / ((east - west) * 0.63))
yy, xx = np.mgrid[0:height, 0:size].astype('float32')
ndvi = (0.3 + 0.3 * np.sin(xx / (size / 7)) * np.cos(yy / (size / 5))).astype('float32')
profile = dict(driver='GTiff', width=size, height=height, count=1, dtype='float32', crs='EPSG:4326',
               transform=from_bounds(west, south, east, north, size, height), nodata=-9999, tiled=True,
               blockxsize=256, blockysize=256, compress='deflate', predictor=3)
with rasterio.open(path, 'w', **profile) as dst:
    dst.write(ndvi, 1)
`;

const median = (values: number[]) => quantile(values, 0.5);
const p95 = (values: number[]) => quantile(values, 0.95);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** mulberry32: the same tiles at every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function makeCog(dir: string): Promise<string> {
  const plain = path.join(dir, 'plain.tif');
  const cog = path.join(dir, 'bench-cog.tif');
  const started = performance.now();
  await run(PYTHON, ['-c', MAKE, plain, String(SIZE)]);
  await run('gdal_translate', [
    '-q',
    '-of',
    'COG',
    '-co',
    'COMPRESS=DEFLATE',
    '-co',
    'PREDICTOR=YES',
    '-co',
    'BLOCKSIZE=512',
    '-co',
    'NUM_THREADS=ALL_CPUS',
    '-co',
    'BIGTIFF=IF_SAFER',
    plain,
    cog,
  ]);
  await fs.rm(plain);
  const { size } = await fs.stat(cog);
  console.log(`made ${SIZE} × ${SIZE} Float32 COG (${(size / 2 ** 20).toFixed(0)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return cog;
}

/** Tiles of zooms `from`..`to` whose box lies inside the file's Web Mercator box (shrunk by `inset` of it), `count` of them at random. */
function pickTiles(cog: Cog, from: number, to: number, count: number, inset: number, next: () => number): TileIndex[] {
  const box = cog.mercatorBounds;
  const dx = (box.maxX - box.minX) * inset;
  const dy = (box.maxY - box.minY) * inset;
  const inner: Box = { minX: box.minX + dx, minY: box.minY + dy, maxX: box.maxX - dx, maxY: box.maxY - dy };
  const candidates: TileIndex[] = [];
  for (let z = from; z <= to; z++) {
    const range = tilesCovering(inner, z);
    for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) candidates.push({ z, x, y });
  }
  return Array.from({ length: count }, () => candidates[Math.floor(next() * candidates.length)]!);
}

function gdalwarp(file: string, bounds: Box, out: string, extra: string[] = []): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('gdalwarp', gdalwarpTileArgs(file, bounds, out, 256, extra), { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`gdalwarp exited ${code}`))));
  });
}

/** Share of pixels on which our PNG and gdalwarp's GeoTIFF agree (transparency, and grey within 1). */
async function agreement(png: Buffer, warped: string, nodata: number): Promise<number> {
  const ours = PNG.sync.read(png).data;
  const tiff = await fromFile(warped);
  const [band] = (await (await tiff.getImage()).readRasters()) as unknown as Float32Array[];
  await tiff.close();
  let agree = 0;
  for (let pixel = 0; pixel < 256 * 256; pixel++) {
    const value = band![pixel]!;
    const valid = !Number.isNaN(value) && value !== nodata;
    if (valid !== (ours[pixel * 4 + 3] === 255)) continue;
    if (!valid || Math.abs(rescaleToByte(value, RESCALE) - ours[pixel * 4]!) <= 1) agree++;
  }
  return agree / (256 * 256);
}

interface ClassResult {
  name: string;
  zooms: string;
  cold: number[];
  warm: number[];
  /** the same renders with the pool's threads at the server's priority, and with the pixel work on this thread (no worker) */
  coldNice0: number[];
  warmNice0: number[];
  coldInThread: number[];
  warmInThread: number[];
  gdal: number[];
  agreement: number[];
  /** against `gdalwarp -et 0` (exact transforms), on the first EXACT_CHECKS tiles */
  exactAgreement: number[];
}

const EXACT_CHECKS = 5;

/** The file opened twice: its pixel work in the worker pool (as the server does it), and on this thread. */
interface Opened {
  pooled: { cog: Cog; work: RasterWork };
  /** the pool's threads at the server's own priority */
  pooledNice0: { cog: Cog; work: RasterWork };
  inThread: { cog: Cog; work: RasterWork };
}

const BUDGET = 67_108_864;

/** One cold render (decoded blocks forgotten first) and the same tile again warm, in ms; the cold PNG. */
async function coldAndWarm({ cog, work }: { cog: Cog; work: RasterWork }, tile: TileIndex): Promise<{ png: Buffer; cold: number; warm: number }> {
  clearBlockCache();
  const started = performance.now();
  const png = await renderTile(cog, tile, { bands: [1], rescale: [RESCALE] }, work);
  const cold = performance.now() - started;
  if (!png) throw new Error(`tile ${tile.z}/${tile.x}/${tile.y} is outside the file`);
  // the same tile again: its blocks are decoded and cached now
  const again = performance.now();
  await renderTile(cog, tile, { bands: [1], rescale: [RESCALE] }, work);
  return { png, cold, warm: performance.now() - again };
}

async function measure(name: string, zooms: string, opened: Opened, file: string, tiles: TileIndex[], scratch: string): Promise<ClassResult> {
  const result: ClassResult = {
    name,
    zooms,
    cold: [],
    warm: [],
    coldNice0: [],
    warmNice0: [],
    coldInThread: [],
    warmInThread: [],
    gdal: [],
    agreement: [],
    exactAgreement: [],
  };
  const out = path.join(scratch, 'gdalwarp.tif');
  const variants = [
    { opened: opened.pooled, cold: result.cold, warm: result.warm },
    { opened: opened.pooledNice0, cold: result.coldNice0, warm: result.warmNice0 },
    { opened: opened.inThread, cold: result.coldInThread, warm: result.warmInThread },
  ];
  for (const [index, tile] of tiles.entries()) {
    let png: Buffer | undefined;
    // the first of the three reads the file's bytes from disk, the others from the page cache: each goes first in turn
    for (let turn = 0; turn < variants.length; turn++) {
      const variant = variants[(index + turn) % variants.length]!;
      const render = await coldAndWarm(variant.opened, tile);
      variant.cold.push(render.cold);
      variant.warm.push(render.warm);
      if (variant.opened === opened.pooled) png = render.png;
    }
    result.gdal.push(await gdalwarp(file, tileBounds(tile), out));
    result.agreement.push(await agreement(png!, out, -9999));
    if (result.exactAgreement.length < EXACT_CHECKS) {
      await gdalwarp(file, tileBounds(tile), out, ['-et', '0']);
      result.exactAgreement.push(await agreement(png!, out, -9999));
    }
  }
  return result;
}

async function main() {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-bench-tiles-'));
  try {
    const file = FILE ?? (await makeCog(scratch));
    const { stdout: gdalVersion } = await run('gdalinfo', ['--version']);
    console.log(
      `machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}, Node ${process.version}, ${gdalVersion.trim()}, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    const demoLike = [256, 2048].map((size) => ({ label: `demo-like ${size} px, no overviews`, file: path.join(scratch, `demo-like-${size}.tif`) }));
    for (const [index, size] of [256, 2048].entries()) await run(PYTHON, ['-c', MAKE_DEMO_LIKE, demoLike[index]!.file, String(size)]);
    await measureFirstPreview([...demoLike, { label: `the ${path.basename(file)} COG`, file }], FIRST_RUNS);
    if (FIRST_ONLY) return;
    const opening = performance.now();
    const pool = new RasterPool();
    const poolNice0 = new RasterPool({ niceIncrement: 0 });
    const cog = await openCog(new LocalDatastore(), path.dirname(file), path.basename(file), pool);
    const opened: Opened = {
      pooled: { cog, work: { pool, pixelBudget: BUDGET } },
      pooledNice0: {
        cog: await openCog(new LocalDatastore(), path.dirname(file), path.basename(file), poolNice0),
        work: { pool: poolNice0, pixelBudget: BUDGET },
      },
      inThread: { cog: await openCog(new LocalDatastore(), path.dirname(file), path.basename(file), inThread), work: { pool: inThread, pixelBudget: BUDGET } },
    };
    console.log(
      `opened (headers of ${cog.levels.length} levels: ${cog.levels.map((level) => level.width).join(', ')} px wide) in ${ms(performance.now() - opening)}; zooms ${cog.minzoom}–${cog.maxzoom}`,
    );
    // warm-up: JIT, decoders loaded, gdalwarp's binaries in the page cache
    const next = random(20261121);
    for (const tile of pickTiles(cog, cog.maxzoom, cog.maxzoom, 3, 0.05, next)) {
      for (const variant of [opened.pooled, opened.pooledNice0, opened.inThread]) await coldAndWarm(variant, tile);
      await gdalwarp(file, tileBounds(tile), path.join(scratch, 'warm-up.tif'));
    }
    const overviewTo = cog.maxzoom - 3;
    const results = [
      await measure('overview', `${cog.minzoom}–${overviewTo}`, opened, file, pickTiles(cog, cog.minzoom, overviewTo, TILES, 0, next), scratch),
      await measure('native', `${cog.maxzoom}`, opened, file, pickTiles(cog, cog.maxzoom, cog.maxzoom, TILES, 0.05, next), scratch),
    ];
    await Promise.all([pool.close(), poolNice0.close()]);
    console.log(
      `\n${TILES} tiles per class; ours = renderTile in process (read, reproject, rescale, PNG), cold = decoded-block cache cleared before each tile\n`,
    );
    console.log('| tiles | | pool (nice 10) | pool (nice 0) | this thread | pool − this thread |');
    console.log('|---|---|---|---|---|---|');
    for (const result of results) {
      for (const [label, pooled, nice0, here] of [
        ['cold', result.cold, result.coldNice0, result.coldInThread],
        ['warm', result.warm, result.warmNice0, result.warmInThread],
      ] as const) {
        const [a, b, c] = [median(pooled), median(nice0), median(here)];
        console.log(`| ${result.name} | ${label}, median | ${ms(a)} | ${ms(b)} | ${ms(c)} | ${ms(a - c)} |`);
      }
    }
    console.log('');
    console.log(
      '| tiles | zooms | ours cold, median | ours cold, p95 | ours warm, median | gdalwarp, median | gdalwarp, p95 | gdalwarp ÷ ours (medians) | pixels agreeing, min (-et 0) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const result of results) {
      const ratio = median(result.gdal) / median(result.cold);
      console.log(
        `| ${result.name} | ${result.zooms} | ${ms(median(result.cold))} | ${ms(p95(result.cold))} | ${ms(median(result.warm))} | ${ms(median(result.gdal))} | ${ms(p95(result.gdal))} | ${ratio.toFixed(1)} × | ${percent(Math.min(...result.agreement))} (${percent(Math.min(...result.exactAgreement))}) |`,
      );
    }
    console.log(
      `\nload average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (KEEP) console.log(`kept ${scratch}`);
    else await fs.rm(scratch, { recursive: true, force: true });
  }
}

await main();
