import zlib from 'node:zlib';
import { getDecoder } from 'geotiff';
import { undoPredictor, type PredictorLayout } from './predictor.js';

/** What a worker needs to turn one stored block into its pixels (made on the main thread by block-decoder.ts). */
export interface BlockLayout extends PredictorLayout {
  /** the TIFF Compression tag */
  compression: number;
  samplesPerPixel: number;
  /** geotiff.js's other decoder parameters (JPEGTables, LercParameters) */
  JPEGTables?: unknown;
  LercParameters?: unknown;
  /** bytes of the largest block the file's header allows: a block may not decode to more */
  maxBytes: number;
  littleEndian: boolean;
}

const DEFLATE = new Set([8, 32946]);
const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The pixels of one stored block, in this machine's byte order: decompressed (node's zlib for
 * Deflate, geotiff.js's decoders otherwise), the predictor undone. Runs in a raster worker.
 * A block that inflates past what the header declares is refused before it is inflated
 * further: a few hundred bytes of Deflate can stand for a gigabyte.
 */
export async function decompressBlock(bytes: Uint8Array, layout: BlockLayout): Promise<ArrayBuffer> {
  const decompressed = DEFLATE.has(layout.compression) ? inflateBounded(bytes, layout.maxBytes) : await otherDecoder(bytes, layout);
  if (decompressed.byteLength > layout.maxBytes)
    throw new Error(`a block decodes to ${decompressed.byteLength} bytes, more than the ${layout.maxBytes} its header allows`);
  const pixels = undoPredictor(decompressed, layout);
  if (layout.littleEndian !== HOST_LITTLE_ENDIAN) swapBytes(pixels, firstBits(layout.bitsPerSample));
  return pixels as ArrayBuffer;
}

function inflateBounded(bytes: Uint8Array, maxBytes: number): ArrayBuffer {
  let inflated: Buffer;
  try {
    inflated = zlib.inflateSync(bytes, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error(`a block inflates to more than the ${maxBytes} bytes its header allows`, { cause: error });
    throw error;
  }
  const whole = inflated.byteOffset === 0 && inflated.byteLength === inflated.buffer.byteLength;
  return (whole ? inflated.buffer : inflated.buffer.slice(inflated.byteOffset, inflated.byteOffset + inflated.byteLength)) as ArrayBuffer;
}

async function otherDecoder(bytes: Uint8Array, layout: BlockLayout): Promise<ArrayBufferLike> {
  const decoder = await getDecoder(layout.compression, {
    tileWidth: layout.tileWidth,
    tileHeight: layout.tileHeight,
    planarConfiguration: layout.planarConfiguration,
    bitsPerSample: typeof layout.bitsPerSample === 'number' ? [layout.bitsPerSample] : Array.from(layout.bitsPerSample),
    predictor: 1,
    samplesPerPixel: layout.samplesPerPixel,
    JPEGTables: layout.JPEGTables,
    LercParameters: layout.LercParameters,
  } as Parameters<typeof getDecoder>[1]);
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  return decoder.decodeBlock(own);
}

function firstBits(bits: number | ArrayLike<number>): number {
  return typeof bits === 'number' ? bits : (bits[0] ?? 8);
}

/** Samples of 16, 32 or 64 bits in the other byte order turned round (every sample has the same size: cog.ts checks). */
function swapBytes(buffer: ArrayBufferLike, bits: number): void {
  if (bits <= 8 || bits % 8 !== 0) return;
  const size = bits / 8;
  const bytes = new Uint8Array(buffer);
  const end = bytes.length - (bytes.length % size);
  for (let start = 0; start < end; start += size) {
    for (let low = start, high = start + size - 1; low < high; low++, high--) {
      const byte = bytes[low]!;
      bytes[low] = bytes[high]!;
      bytes[high] = byte;
    }
  }
}
