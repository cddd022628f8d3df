import { move } from 'piscina';
import type { BandStatistics } from '@asb/contracts';
import { colourise, type ColourOptions } from './colourise.js';
import { decompressBlock, type BlockLayout } from './decompress.js';
import { encodePng } from './png.js';
import { bandStatistics } from './statistics.js';

/**
 * The raster worker (a thread of raster-pool.ts): everything of a map request that costs CPU
 * in proportion to pixels — decompressing blocks, sorting a band's values for its statistics,
 * colouring and PNG-encoding an image — so that the server's event loop never waits for it.
 * tsup emits this file as an entry of its own (dist/raster-worker.js).
 */

export async function decodeBlock(task: { bytes: Uint8Array; layout: BlockLayout }): Promise<unknown> {
  return move(await decompressBlock(task.bytes, task.layout));
}

/** One band's statistics of its sampled values (NaN: no valid pixel) out of `total` pixels read. */
export function statistics(task: { values: Float64Array; total: number; bins: number }): BandStatistics {
  return bandStatistics(validValues(task.values), task.total, task.bins);
}

/** The sampled bands as a PNG of `width` × `height`. */
export function encodeImage(task: { values: Float64Array[]; width: number; height: number } & ColourOptions): Uint8Array {
  return encodePng(colourise(task.values, task), task.width, task.height);
}

/** The values that are not NaN, moved to the front of `values`. */
function validValues(values: Float64Array): Float64Array {
  let count = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    if (!Number.isNaN(value)) values[count++] = value;
  }
  return values.subarray(0, count);
}
