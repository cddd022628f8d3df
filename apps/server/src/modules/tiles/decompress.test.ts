import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompressBlock, type BlockLayout } from './decompress.js';

const layout = (overrides: Partial<BlockLayout> = {}): BlockLayout => ({
  compression: 8,
  tileWidth: 4,
  tileHeight: 2,
  planarConfiguration: 1,
  bitsPerSample: [16],
  predictor: 1,
  samplesPerPixel: 1,
  maxBytes: 16,
  littleEndian: true,
  ...overrides,
});

describe('decompressing a block in a raster worker', () => {
  it('inflates a Deflate block', async () => {
    const pixels = new Uint16Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const block = await decompressBlock(zlib.deflateSync(new Uint8Array(pixels.buffer)), layout());
    expect([...new Uint16Array(block)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses a block that inflates past the size its header declares, without inflating it whole', async () => {
    // 64 MiB of zeros in about 64 KB: a header of 4 × 2 pixels allows 16 bytes
    const bomb = zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024));
    await expect(decompressBlock(bomb, layout())).rejects.toThrow('a block inflates to more than the 16 bytes its header allows');
  });

  it('turns the samples of a big-endian file into this machine’s order', async () => {
    const bigEndian = Uint8Array.from([0, 1, 0, 2, 1, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]);
    const block = await decompressBlock(zlib.deflateSync(bigEndian), layout({ littleEndian: false }));
    expect([...new Uint16Array(block)].slice(0, 4)).toEqual([1, 2, 256, 65535]);
  });
});
