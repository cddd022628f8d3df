import type { Cog, CogLevel } from './cog.js';
import { bandLayout, readBlocks } from './sample-level.js';

/** A run of consecutive grid positions inside one block along an axis. */
interface Span {
  block: number;
  start: number;
  end: number;
}

/**
 * The values of `bands` (0-based) on the regular grid `across` × `down` (ascending columns and
 * rows of `level`, each inside it): one Float64Array per band, row by row, NaN where the value
 * is nodata or NaN. The decimated read of the statistics and the preview: the grid is
 * separable, so each block's pixels are found as a run of columns times a run of rows — no
 * index per pixel — which keeps the work of a million-pixel read short on the server's thread.
 */
export async function sampleGrid(cog: Cog, level: CogLevel, bands: number[], across: Int32Array, down: Int32Array): Promise<Float64Array[]> {
  const width = across.length;
  const { planes, stride, nodata } = bandLayout(cog, level, bands);
  const outputs = bands.map(() => new Float64Array(width * down.length));
  const columnSpans = spans(across, level.blockWidth);
  const rowSpans = spans(down, level.blockHeight);
  const jobs = planes.flatMap(({ plane, reads }) =>
    rowSpans.flatMap((rowSpan) =>
      columnSpans.map((columnSpan) => ({ plane, reads, rowSpan, columnSpan, id: rowSpan.block * level.blocksAcross + columnSpan.block })),
    ),
  );
  await readBlocks(cog, level, jobs, ({ reads, rowSpan, columnSpan }, block) => {
    const left = columnSpan.block * level.blockWidth;
    const top = rowSpan.block * level.blockHeight;
    for (const { output, offset } of reads) {
      const out = outputs[output]!;
      for (let j = rowSpan.start; j < rowSpan.end; j++) {
        const rowStart = (down[j]! - top) * level.blockWidth;
        for (let i = columnSpan.start; i < columnSpan.end; i++) {
          const value = block[(rowStart + across[i]! - left) * stride + offset]!;
          // NaN never equals itself: a NaN value stays NaN
          out[j * width + i] = value === nodata ? NaN : value;
        }
      }
    }
  });
  return outputs;
}

/** The ascending positions cut into runs that fall in the same block. */
function spans(positions: Int32Array, blockSize: number): Span[] {
  const runs: Span[] = [];
  for (let index = 0; index < positions.length; index++) {
    const block = Math.floor(positions[index]! / blockSize);
    const last = runs[runs.length - 1];
    if (last?.block === block) last.end = index + 1;
    else runs.push({ block, start: index, end: index + 1 });
  }
  return runs;
}
