const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What undoing a TIFF predictor needs to know of a block (geotiff.js's decoder parameters). */
export interface PredictorLayout {
  predictor: number;
  /** pixels per block row (tile width, or image width for strips) */
  tileWidth: number;
  /** rows per block (the last strip may hold fewer) */
  tileHeight: number;
  bitsPerSample: number | ArrayLike<number>;
  planarConfiguration: number;
}

/**
 * Undoes the TIFF predictor of a decompressed block in place (or into a new buffer for the
 * floating-point one) and returns it: 1 none, 2 horizontal differencing (8/16/32-bit),
 * 3 floating point (TIFF Technical Note 3, 16/32/64-bit), with geotiff.js's byte order.
 * geotiff.js's own version rebuilds each row byte by byte; this one works on whole planes
 * and words, several times faster on the Float32 outputs of this platform.
 */
export function undoPredictor(block: ArrayBufferLike, layout: PredictorLayout): ArrayBufferLike {
  if (!layout.predictor || layout.predictor === 1) return block;
  const bits = typeof layout.bitsPerSample === 'number' ? [layout.bitsPerSample] : Array.from(layout.bitsPerSample);
  if (bits.some((value) => value !== bits[0] || value % 8 !== 0)) throw new Error('A predictor needs every sample to have the same whole number of bytes.');
  const bytes = bits[0]! / 8;
  const stride = layout.planarConfiguration === 2 ? 1 : bits.length;
  const rowSamples = stride * layout.tileWidth;
  const rows = Math.min(layout.tileHeight, Math.floor(block.byteLength / (rowSamples * bytes)));
  if (layout.predictor === 2) return undoHorizontal(block, bytes, stride, rowSamples, rows);
  if (layout.predictor === 3) return undoFloatingPoint(block, bytes, stride, rowSamples, rows);
  throw new Error(`Unknown predictor ${layout.predictor}.`);
}

function undoHorizontal(block: ArrayBufferLike, bytes: number, stride: number, rowSamples: number, rows: number): ArrayBufferLike {
  const all =
    bytes === 1
      ? new Uint8Array(block)
      : bytes === 2
        ? new Uint16Array(block, 0, block.byteLength >> 1)
        : bytes === 4
          ? new Uint32Array(block, 0, block.byteLength >> 2)
          : undefined;
  if (!all) throw new Error(`Predictor 2 is not allowed with ${bytes * 8} bits per sample.`);
  for (let row = 0; row < rows; row++) {
    const start = row * rowSamples;
    accumulate(all, start, start + rowSamples, stride);
  }
  return block;
}

function undoFloatingPoint(block: ArrayBufferLike, bytes: number, stride: number, rowSamples: number, rows: number): ArrayBufferLike {
  if (bytes !== 2 && bytes !== 4 && bytes !== 8) throw new Error(`Predictor 3 is not allowed with ${bytes * 8} bits per sample.`);
  const input = new Uint8Array(block);
  const output = new Uint8Array(block.byteLength);
  const rowBytes = rowSamples * bytes;
  const words = bytes === 4 && LITTLE_ENDIAN ? new Uint32Array(output.buffer) : undefined;
  for (let row = 0; row < rows; row++) {
    const start = row * rowBytes;
    // the bytes were differenced as one sequence of byte planes, most significant plane first
    accumulate(input, start, start + rowBytes, stride);
    if (words) {
      const [p0, p1, p2, p3] = [start, start + rowSamples, start + 2 * rowSamples, start + 3 * rowSamples];
      const first = start >> 2;
      for (let sample = 0; sample < rowSamples; sample++) {
        words[first + sample] = ((input[p0 + sample]! << 24) | (input[p1 + sample]! << 16) | (input[p2 + sample]! << 8) | input[p3 + sample]!) >>> 0;
      }
      continue;
    }
    for (let sample = 0; sample < rowSamples; sample++) {
      for (let byte = 0; byte < bytes; byte++) output[start + sample * bytes + byte] = input[start + (bytes - byte - 1) * rowSamples + sample]!;
    }
  }
  return output.buffer;
}

/** Running sums with a stride over [start, end), wrapping as the array's type does. */
function accumulate(values: Uint8Array | Uint16Array | Uint32Array, start: number, end: number, stride: number): void {
  if (stride === 1) {
    let sum = values[start]!;
    for (let index = start + 1; index < end; index++) {
      values[index] = sum + values[index]!;
      // read back: the array wraps the sum to its type
      sum = values[index]!;
    }
    return;
  }
  for (let index = start + stride; index < end; index++) values[index] = values[index]! + values[index - stride]!;
}
