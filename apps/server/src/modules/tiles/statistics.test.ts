import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandStatistics, histogram, percentile, previewSize, radixSort, sortValues } from './statistics.js';

describe('band statistics (numpy semantics)', () => {
  it('computes what numpy computes for a small band', () => {
    // numpy: a = [1, 2, 2, 3, 4, 10]; a.std() = 2.98142396999972; np.percentile(a, 2) = 1.1; np.percentile(a, 98) = 9.4
    const stats = bandStatistics(Float64Array.from([10, 2, 3, 2, 1, 4]), 8);
    expect(stats).toMatchObject({
      min: 1,
      max: 10,
      count: 6,
      sum: 22,
      median: 2.5,
      majority: 2,
      minority: 1,
      unique: 5,
      valid_pixels: 6,
      masked_pixels: 2,
      valid_percent: 75,
    });
    expect(stats.mean).toBeCloseTo(22 / 6, 12);
    expect(stats.std).toBeCloseTo(2.98142396999972, 12);
    expect(stats.percentile_2).toBeCloseTo(1.1, 12);
    expect(stats.percentile_98).toBeCloseTo(9.4, 12);
    // np.histogram(a, 10) = [1, 2, 1, 1, 0, 0, 0, 0, 0, 1], edges 1.0, 1.9, ..., 10.0
    expect(stats.histogram[0]).toEqual([1, 2, 1, 1, 0, 0, 0, 0, 0, 1]);
    expect(stats.histogram[1][1]).toBeCloseTo(1.9, 12);
  });

  it('puts values on a bin edge in the upper bin, the maximum in the last', () => {
    expect(histogram(Float64Array.from([0, 1, 2, 3, 4]), 4)[0]).toEqual([1, 1, 1, 2]);
  });

  it('gives a constant band a one-unit histogram range, as numpy does', () => {
    const [counts, edges] = histogram(Float64Array.from([5, 5, 5]), 2);
    expect(counts).toEqual([0, 3]);
    expect(edges).toEqual([4.5, 5, 5.5]);
  });

  it('answers nulls for a band with no valid pixel', () => {
    expect(bandStatistics(new Float64Array(0), 4)).toMatchObject({ min: null, max: null, count: 0, valid_percent: 0, masked_pixels: 4 });
  });

  it('sorts float32 values (through integer keys) exactly as a float sort does', () => {
    const values = Float64Array.from([0.5, -0, 3.25, -1e-30, 0, Infinity, -2.5, 0.5, -Infinity, 65535, -32768, Math.fround(0.1), 1e-45].map(Math.fround));
    const expected = Float64Array.from(values).sort();
    sortValues(values);
    expect([...values]).toEqual([...expected]);
    expect(Object.is(values[4], -0)).toBe(true);
  });

  it('sorts any float32 values as a float sort does', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true })), (floats) => {
        const values = Float64Array.from(floats);
        const expected = Float64Array.from(floats).sort();
        sortValues(values);
        expect([...values]).toEqual([...expected]);
      }),
    );
  });

  it('radix-sorts any 32-bit unsigned keys', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 0xffffffff })), (numbers) => {
        expect([...radixSort(Uint32Array.from(numbers))]).toEqual([...Uint32Array.from(numbers).sort()]);
      }),
    );
  });

  it('sorts values that are not float32 as they are', () => {
    const values = Float64Array.from([0.1, -0.3, 1e300, 0.2, -1e-300]);
    sortValues(values);
    expect([...values]).toEqual([-0.3, -1e-300, 0.1, 0.2, 1e300]);
  });

  it('interpolates percentiles linearly', () => {
    expect(percentile(Float64Array.from([0, 10]), 25)).toBe(2.5);
    expect(percentile(Float64Array.from([7]), 98)).toBe(7);
  });

  it('shrinks the long side to max_size as rio-tiler previews do', () => {
    expect(previewSize(500, 400, 1024)).toEqual({ width: 500, height: 400 });
    expect(previewSize(10000, 10000, 1024)).toEqual({ width: 1024, height: 1024 });
    expect(previewSize(3000, 1000, 1024)).toEqual({ width: 1024, height: 342 });
    expect(previewSize(1000, 3000, 1024)).toEqual({ width: 342, height: 1024 });
  });
});
