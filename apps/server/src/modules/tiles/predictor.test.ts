import { BaseDecoder } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { undoPredictor, type PredictorLayout } from './predictor.js';

/** geotiff.js's own predictor, behind a decoder that decompresses nothing. */
class Identity extends BaseDecoder {
  override decodeBlock(buffer: ArrayBufferLike): ArrayBufferLike {
    return buffer;
  }
}

function randomBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

describe('undoPredictor', () => {
  it.each([
    ['floating point, Float32, one band', { predictor: 3, tileWidth: 37, tileHeight: 5, bitsPerSample: [32], planarConfiguration: 1 }],
    ['floating point, Float32, three interleaved bands', { predictor: 3, tileWidth: 16, tileHeight: 4, bitsPerSample: [32, 32, 32], planarConfiguration: 1 }],
    ['floating point, Float64', { predictor: 3, tileWidth: 9, tileHeight: 3, bitsPerSample: [64], planarConfiguration: 1 }],
    ['floating point, Float16', { predictor: 3, tileWidth: 9, tileHeight: 3, bitsPerSample: [16], planarConfiguration: 1 }],
    ['horizontal, UInt16', { predictor: 2, tileWidth: 33, tileHeight: 4, bitsPerSample: [16], planarConfiguration: 1 }],
    ['horizontal, UInt8 RGB', { predictor: 2, tileWidth: 10, tileHeight: 6, bitsPerSample: [8, 8, 8], planarConfiguration: 1 }],
    ['horizontal, UInt32 separate planes', { predictor: 2, tileWidth: 12, tileHeight: 2, bitsPerSample: [32, 32], planarConfiguration: 2 }],
  ])('decodes %s exactly as geotiff.js does', async (_, layout: PredictorLayout & { bitsPerSample: number[] }) => {
    const stride = layout.planarConfiguration === 2 ? 1 : layout.bitsPerSample.length;
    const input = randomBytes(layout.tileWidth * layout.tileHeight * stride * (layout.bitsPerSample[0]! / 8), layout.tileWidth);
    const expected = await new Identity({ ...layout }).decode(input.slice().buffer);
    const actual = undoPredictor(input.slice().buffer, layout);
    expect(new Uint8Array(actual)).toEqual(new Uint8Array(expected));
  });

  it('leaves a block without predictor alone', () => {
    const block = new ArrayBuffer(8);
    expect(undoPredictor(block, { predictor: 1, tileWidth: 2, tileHeight: 1, bitsPerSample: 32, planarConfiguration: 1 })).toBe(block);
  });
});
