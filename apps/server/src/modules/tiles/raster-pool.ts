import os from 'node:os';
import { Piscina } from 'piscina';
import type { BandStatistics } from '@asb/contracts';
import type { ColourOptions } from './colourise.js';
import type { BlockLayout } from './decompress.js';

// Built, this code is in dist/ and the worker is dist/raster-worker.js (tsup.config.ts); run from
// the sources (tests, `npm run dev`, the benchmark), a bootstrap loads the TypeScript worker through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSources ? './raster-worker.sources.mjs' : './raster-worker.js', import.meta.url).href;

/** The pixel work of a raster request (raster-worker.ts): in the pool's threads, or in this one (the benchmark compares both). */
export interface PixelWork {
  decodeBlock(bytes: ArrayBuffer, layout: BlockLayout): Promise<ArrayBuffer>;
  statistics(values: Float64Array, total: number, bins: number): Promise<BandStatistics>;
  encodeImage(values: Float64Array[], width: number, height: number, colours: ColourOptions): Promise<Buffer>;
}

/**
 * The threads that decode, sort and encode pixels for the tile service (raster-worker.ts):
 * one fewer than the machine's CPUs (at least one, at most four), at a lower priority than
 * the server's own thread, so that a heavy raster never delays the event loop. One thread is
 * started with the pool and stays; the others end after a minute idle and give their memory back.
 */
export class RasterPool implements PixelWork {
  private readonly threads: Piscina;

  /** `niceIncrement`: how much lower the threads' priority is than the server's (the benchmark also measures 0) */
  constructor({ niceIncrement = 10 }: { niceIncrement?: number } = {}) {
    this.threads = new Piscina({
      filename: WORKER,
      // geotiff.js loads the web-worker package, which in a worker thread without workerData takes
      // itself for a web worker and fails; with workerData (and no `mod`) it stays a plain module
      workerData: {},
      minThreads: 1,
      maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      idleTimeout: 60_000,
      niceIncrement,
    });
    // a worker that dies rejects its task (an error of the request); unheard, the event would end the process
    this.threads.on('error', () => undefined);
  }

  /** The decoded pixels of one stored block (its bytes are copied to the worker; the pixels come back without a copy). */
  decodeBlock(bytes: ArrayBuffer, layout: BlockLayout): Promise<ArrayBuffer> {
    return this.threads.run({ bytes: new Uint8Array(bytes), layout }, { name: 'decodeBlock' }) as Promise<ArrayBuffer>;
  }

  /** One band's statistics of its sampled values (handed over: `values` is unusable afterwards). */
  statistics(values: Float64Array, total: number, bins: number): Promise<BandStatistics> {
    return this.threads.run({ values, total, bins }, { name: 'statistics', transferList: [values.buffer as ArrayBuffer] }) as Promise<BandStatistics>;
  }

  /** The sampled bands as a PNG (handed over: `values` are unusable afterwards). */
  async encodeImage(values: Float64Array[], width: number, height: number, colours: ColourOptions): Promise<Buffer> {
    const transferList = values.map((band) => band.buffer as ArrayBuffer);
    const png = (await this.threads.run({ values, width, height, ...colours }, { name: 'encodeImage', transferList })) as Uint8Array;
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** Ends the threads (the server closes). */
  close(): Promise<void> {
    return this.threads.destroy();
  }
}
