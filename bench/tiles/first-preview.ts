/**
 * The first map preview of a file (README.md beside this file, "First preview"): what a user
 * waits for when opening the map of an output for the first time, each run in a fresh
 * process (nothing loaded, opened, decoded or compiled yet), the steps in the web client's
 * order: GET /cog/statistics (the tile engine loaded, the file opened, the statistics read),
 * then the tiles of the view that shows the whole file, then the same statistics again (all
 * cached) to compare. Calls the server's code in process, no HTTP.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tilesCovering } from '../../apps/server/src/modules/tiles/tile-math.js';

interface FirstPreview {
  /** import of the tile engine (geotiff.js, proj4, pngjs; under tsx, which also compiles) */
  load: number;
  /** a raster worker thread started and its first (tiny) task answered: what a listening server does at start */
  worker: number;
  open: number;
  statistics: number;
  /** the tiles showing the whole file at its minzoom */
  tiles: number;
  tileCount: number;
  statisticsAgain: number;
  min: number | null;
  max: number | null;
}

/** One fresh process: the steps of a first preview of `file`, timed one by one. */
async function child(file: string): Promise<void> {
  const { LocalDatastore } = await import('../../apps/server/src/engine/store/datastore.js');
  let started = performance.now();
  const engine = await import('../../apps/server/src/modules/tiles/tile-engine.js');
  const load = performance.now() - started;
  started = performance.now();
  const pool = new engine.RasterPool();
  await pool.statistics(new Float64Array([1]), 1, 10);
  const worker = performance.now() - started;
  const work = { pool, pixelBudget: 67_108_864 };
  started = performance.now();
  const cog = await engine.openCog(new LocalDatastore(), path.dirname(file), path.basename(file), pool);
  const open = performance.now() - started;
  started = performance.now();
  const { b1 } = await engine.cogStatistics(cog, [1], work);
  const statistics = performance.now() - started;
  const range = tilesCovering(cog.mercatorBounds, cog.minzoom);
  started = performance.now();
  let tileCount = 0;
  for (let x = range.minX; x <= range.maxX; x++) {
    for (let y = range.minY; y <= range.maxY; y++) {
      await engine.renderTile(cog, { z: cog.minzoom, x, y }, { bands: [1], rescale: [{ min: b1!.min ?? 0, max: b1!.max ?? 1 }] }, work);
      tileCount++;
    }
  }
  const tiles = performance.now() - started;
  started = performance.now();
  await engine.cogStatistics(cog, [1], work);
  const statisticsAgain = performance.now() - started;
  const result: FirstPreview = { load, worker, open, statistics, tiles, tileCount, statisticsAgain, min: b1!.min, max: b1!.max };
  await pool.close();
  process.send!(result);
}

function runChild(file: string): Promise<FirstPreview> {
  const forked = fork(fileURLToPath(import.meta.url), ['--first-preview-of', file], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    forked.once('message', (message) => resolve(message as FirstPreview));
    forked.once('exit', (code) => code !== 0 && reject(new Error(`the first-preview process exited ${code}`)));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

/** `runs` fresh processes per file; prints one table row per file. */
export async function measureFirstPreview(files: { label: string; file: string }[], runs: number): Promise<void> {
  console.log(`\nFirst preview: ${runs} fresh processes per file; ms, median (min–max)\n`);
  console.log(
    '| file | load the tile engine | start a raster worker | open | statistics | the first view’s tiles | statistics again (cached) | b1 min … max |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { label, file } of files) {
    const results: FirstPreview[] = [];
    for (let run = 0; run < runs; run++) results.push(await runChild(file));
    const column = (pick: (result: FirstPreview) => number) => spread(results.map(pick));
    const first = results[0]!;
    console.log(
      `| ${label} | ${column((r) => r.load)} | ${column((r) => r.worker)} | ${column((r) => r.open)} | ${column((r) => r.statistics)} | ${column((r) => r.tiles)} (${first.tileCount}) | ${column((r) => r.statisticsAgain)} | ${first.min?.toFixed(4)} … ${first.max?.toFixed(4)} |`,
    );
  }
}

const at = process.argv.indexOf('--first-preview-of');
if (at >= 0) await child(process.argv[at + 1]!);
