import type { GeoTIFFImage, TypedArray } from 'geotiff';
import { blockBytes, blockOf } from './block-cache.js';
import type { Cog, CogLevel } from './cog.js';

/** Decoded bytes one read holds at once: bounds the memory of a read that spans a whole file without overviews. */
const BYTES_IN_FLIGHT = 16 * 1024 * 1024;

/** How the bands of a read come out of the level's blocks: which planes to decode, and where each band lies in a block's pixels. */
export interface BandLayout {
  /** separate planes: one block per band; interleaved: one block (plane 0) holds every band */
  planes: { plane: number; reads: { output: number; offset: number }[] }[];
  stride: number;
  /** the value meaning 'no data' as the file stores it (NaN: none) */
  nodata: number;
}

export function bandLayout(cog: Cog, level: CogLevel, bands: number[]): BandLayout {
  const planes =
    level.planar === 2
      ? bands.map((band, index) => ({ plane: band, reads: [{ output: index, offset: 0 }] }))
      : [{ plane: 0, reads: bands.map((band, index) => ({ output: index, offset: band })) }];
  return { planes, stride: level.planar === 2 ? 1 : level.samplesPerPixel, nodata: nodataAsStored(cog.nodata, level.image) ?? NaN };
}

/**
 * Decodes the blocks of `jobs` through the shared cache a few at a time (at most
 * BYTES_IN_FLIGHT of them), handing each to `copy` before the next ones are decoded.
 */
export async function readBlocks<J extends { plane: number; id: number }>(
  cog: Cog,
  level: CogLevel,
  jobs: J[],
  copy: (job: J, block: TypedArray) => void,
): Promise<void> {
  const parallel = Math.max(1, Math.floor(BYTES_IN_FLIGHT / blockBytes(level)));
  for (let first = 0; first < jobs.length; first += parallel) {
    await Promise.all(jobs.slice(first, first + parallel).map(async (job) => copy(job, await blockOf(cog, level, job.plane, job.id))));
  }
}

/**
 * The values of `bands` (0-based) at the given pixels of `level` (integer column and row,
 * -1 = no pixel): one Float64Array per band, NaN where there is no pixel, the value is
 * nodata or NaN. Only the blocks holding those pixels are read and decoded (a stripped file
 * reads just the strips of the rows asked for), each once, through the shared cache, a few
 * at a time: each block's pixels are copied out before the next blocks are decoded.
 */
export async function sampleLevel(cog: Cog, level: CogLevel, bands: number[], columns: Int32Array, rows: Int32Array): Promise<Float64Array[]> {
  const groups = pixelsByBlock(level, columns, rows);
  const { planes, stride, nodata } = bandLayout(cog, level, bands);
  const outputs = bands.map(() => new Float64Array(columns.length).fill(NaN));
  const jobs = planes.flatMap(({ plane, reads }) => groups.ids.map((id) => ({ plane, reads, id })));
  await readBlocks(cog, level, jobs, ({ reads, id }, block) => {
    for (const { output, offset } of reads) copyOut(level, block, id, groups, columns, rows, stride, offset, nodata, outputs[output]!);
  });
  return outputs;
}

/** The pixels grouped by the block that holds them: `ids` in file order, `order[start[id]..start[id + 1])` the pixels of block `id`. */
interface BlockGroups {
  ids: number[];
  start: Int32Array;
  order: Int32Array;
}

function pixelsByBlock(level: CogLevel, columns: Int32Array, rows: Int32Array): BlockGroups {
  const { blockWidth, blockHeight, blocksAcross } = level;
  const blockCount = level.blocksAcross * level.blocksDown;
  const blockOfPixel = new Int32Array(columns.length);
  const start = new Int32Array(blockCount + 1);
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]!;
    const id = column < 0 ? -1 : Math.floor(rows[index]! / blockHeight) * blocksAcross + Math.floor(column / blockWidth);
    blockOfPixel[index] = id;
    if (id >= 0) start[id + 1]!++;
  }
  const ids: number[] = [];
  for (let id = 0; id < blockCount; id++) {
    if (start[id + 1]! > 0) ids.push(id);
    start[id + 1]! += start[id]!;
  }
  const order = new Int32Array(start[blockCount]!);
  const next = start.slice(0, blockCount);
  for (let index = 0; index < columns.length; index++) {
    const id = blockOfPixel[index]!;
    if (id >= 0) order[next[id]!++] = index;
  }
  return { ids, start, order };
}

function copyOut(
  level: CogLevel,
  block: TypedArray,
  id: number,
  groups: BlockGroups,
  columns: Int32Array,
  rows: Int32Array,
  stride: number,
  offset: number,
  nodata: number,
  out: Float64Array,
): void {
  const { blockWidth, blockHeight, blocksAcross } = level;
  const left = (id % blocksAcross) * blockWidth;
  const top = Math.floor(id / blocksAcross) * blockHeight;
  for (let at = groups.start[id]!; at < groups.start[id + 1]!; at++) {
    const index = groups.order[at]!;
    const value = block[((rows[index]! - top) * blockWidth + (columns[index]! - left)) * stride + offset]!;
    // NaN never equals itself: a NaN value stays NaN
    out[index] = value === nodata ? NaN : value;
  }
}

/** The nodata value as the file stores it: a float32 band holds float32's nearest value. */
function nodataAsStored(nodata: number | null, image: GeoTIFFImage): number | null {
  if (nodata === null || Number.isNaN(nodata)) return null;
  return image.getSampleFormat(0) === 3 && image.getBitsPerSample(0) === 32 ? Math.fround(nodata) : nodata;
}
