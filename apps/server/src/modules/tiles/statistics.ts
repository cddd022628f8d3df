import type { BandStatistics } from '@asb/contracts';

/**
 * One band's statistics in TiTiler's shape (`GET /cog/statistics`, rio-tiler's
 * `get_array_statistics`): numpy semantics throughout — population standard deviation,
 * linearly interpolated percentiles, a 10-bin histogram over [min, max] as
 * `[[counts], [edges]]`, the most and least frequent values (ties: the smallest).
 * Values are undefined (JSON null) for a band without a single valid pixel.
 */
export type { BandStatistics };

/**
 * The statistics of `valid` (the band's valid values; sorted in place) out of `total`
 * pixels read (valid and masked).
 */
export function bandStatistics(valid: Float64Array, total: number, bins = 10): BandStatistics {
  const count = valid.length;
  const masked = total - count;
  const validPercent = total === 0 ? 0 : Math.round((count / total) * 10000) / 100;
  if (count === 0) {
    return {
      min: null,
      max: null,
      mean: null,
      count: 0,
      sum: 0,
      std: null,
      median: null,
      majority: null,
      minority: null,
      unique: 0,
      histogram: [[], []],
      valid_percent: validPercent,
      masked_pixels: masked,
      valid_pixels: 0,
      percentile_2: null,
      percentile_98: null,
    };
  }
  sortValues(valid);
  const sum = kahanSum(valid);
  const mean = sum / count;
  const frequencies = frequenciesOf(valid);
  return {
    min: valid[0]!,
    max: valid[count - 1]!,
    mean,
    count,
    sum,
    std: Math.sqrt(sumOfSquaredDeviations(valid, mean) / count),
    median: percentile(valid, 50),
    majority: frequencies.majority,
    minority: frequencies.minority,
    unique: frequencies.unique,
    histogram: histogram(valid, bins),
    valid_percent: validPercent,
    masked_pixels: masked,
    valid_pixels: count,
    percentile_2: percentile(valid, 2),
    percentile_98: percentile(valid, 98),
  };
}

/**
 * Sorts ascending, in place (no NaN among them). Values that are all float32 — every
 * Float32 and 8/16-bit raster — are sorted by a radix sort of unsigned integers in the same
 * order (the float's bits, the sign flipped, negatives inverted): about four times faster
 * than V8's sort of a million floats (docs/tiles.md "Statistics"). Others are sorted as they are.
 */
export function sortValues(values: Float64Array): void {
  const floats = new Float32Array(values);
  const keys = new Uint32Array(floats.buffer);
  for (let index = 0; index < keys.length; index++) {
    if (floats[index] !== values[index]) {
      values.sort();
      return;
    }
    const bits = keys[index]!;
    keys[index] = bits & 0x80000000 ? ~bits >>> 0 : (bits | 0x80000000) >>> 0;
  }
  const sorted = radixSort(keys);
  for (let index = 0; index < sorted.length; index++) {
    const key = sorted[index]!;
    sorted[index] = key & 0x80000000 ? (key & 0x7fffffff) >>> 0 : ~key >>> 0;
  }
  values.set(new Float32Array(sorted.buffer));
}

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGITS - 1;
const PASSES = 3;

/** LSD radix sort of 32-bit keys in three passes of 11 bits; answers the sorted array (`keys` or a new one). */
export function radixSort(keys: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const counts = new Uint32Array(PASSES * DIGITS);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    counts[key & DIGIT_MASK]!++;
    counts[DIGITS + ((key >>> DIGIT_BITS) & DIGIT_MASK)]!++;
    counts[2 * DIGITS + (key >>> (2 * DIGIT_BITS))]!++;
  }
  let from = keys;
  let to = new Uint32Array(keys.length);
  for (let pass = 0; pass < PASSES; pass++) {
    const base = pass * DIGITS;
    let sum = 0;
    for (let digit = 0; digit < DIGITS; digit++) {
      const count = counts[base + digit]!;
      counts[base + digit] = sum;
      sum += count;
    }
    const shift = pass * DIGIT_BITS;
    for (let index = 0; index < from.length; index++) {
      const key = from[index]!;
      to[counts[base + ((key >>> shift) & DIGIT_MASK)]!++] = key;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** numpy.percentile's default ("linear") on sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  const position = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const fraction = position - lower;
  const low = sorted[lower]!;
  return fraction === 0 ? low : low + (sorted[upper]! - low) * fraction;
}

/** numpy.histogram(values, bins) of sorted values: equal bins over [min, max], the last one closed. */
export function histogram(sorted: Float64Array, bins: number): [number[], number[]] {
  let first = sorted[0]!;
  let last = sorted[sorted.length - 1]!;
  if (first === last) {
    first -= 0.5;
    last += 0.5;
  }
  const edges = Array.from({ length: bins + 1 }, (_, index) => first + ((last - first) * index) / bins);
  edges[bins] = last;
  const counts = new Array<number>(bins).fill(0);
  const norm = bins / (last - first);
  for (const value of sorted) {
    let bin = Math.min(bins - 1, Math.floor((value - first) * norm));
    // numpy corrects the computed bin against the edges themselves
    if (value < edges[bin]!) bin -= 1;
    else if (bin < bins - 1 && value >= edges[bin + 1]!) bin += 1;
    counts[bin]! += 1;
  }
  return [counts, edges];
}

function frequenciesOf(sorted: Float64Array): { majority: number; minority: number; unique: number } {
  let unique = 0;
  let majority = sorted[0]!;
  let minority = sorted[0]!;
  let most = 0;
  let least = Infinity;
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    const run = end - start;
    unique++;
    if (run > most) {
      most = run;
      majority = sorted[start]!;
    }
    if (run < least) {
      least = run;
      minority = sorted[start]!;
    }
    start = end;
  }
  return { majority, minority, unique };
}

function kahanSum(values: Float64Array): number {
  let sum = 0;
  let compensation = 0;
  for (const value of values) {
    const y = value - compensation;
    const t = sum + y;
    compensation = t - sum - y;
    sum = t;
  }
  return sum;
}

function sumOfSquaredDeviations(values: Float64Array, mean: number): number {
  let total = 0;
  for (const value of values) total += (value - mean) * (value - mean);
  return total;
}

/**
 * The output size of rio-tiler's preview read: the long side shrunk to `maxSize` (the other
 * in proportion, rounded up); the file's own size when it is not larger.
 */
export function previewSize(width: number, height: number, maxSize: number): { width: number; height: number } {
  if (Math.max(width, height) <= maxSize) return { width, height };
  const ratio = height / width;
  if (ratio > 1) return { width: Math.ceil(maxSize / ratio), height: maxSize };
  return { width: maxSize, height: Math.ceil(maxSize * ratio) };
}
