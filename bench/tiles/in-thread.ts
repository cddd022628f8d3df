import type { BandStatistics } from '@asb/contracts';
import { colourise, type ColourOptions } from '../../apps/server/src/modules/tiles/colourise.js';
import { decompressBlock, type BlockLayout } from '../../apps/server/src/modules/tiles/decompress.js';
import { encodePng } from '../../apps/server/src/modules/tiles/png.js';
import type { PixelWork } from '../../apps/server/src/modules/tiles/raster-pool.js';
import { bandStatistics } from '../../apps/server/src/modules/tiles/statistics.js';

/**
 * The raster worker's work done on the calling thread (Deflate by zlib's synchronous call):
 * what the benchmark compares the worker pool with, to show what handing pixels to a thread
 * and back costs.
 */
export const inThread: PixelWork = {
  decodeBlock: (bytes: ArrayBuffer, layout: BlockLayout) => decompressBlock(new Uint8Array(bytes.slice(0)), layout),
  statistics: async (values: Float64Array, total: number, bins: number): Promise<BandStatistics> => {
    let count = 0;
    for (const value of values) if (!Number.isNaN(value)) values[count++] = value;
    return bandStatistics(values.subarray(0, count), total, bins);
  },
  encodeImage: async (values: Float64Array[], width: number, height: number, colours: ColourOptions) => encodePng(colourise(values, colours), width, height),
};
