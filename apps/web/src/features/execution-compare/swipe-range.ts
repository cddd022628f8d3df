import type { OutputDifference } from '@asb/contracts';

/**
 * The one stretch of a raster output's two maps: from the lower of band 1's minima to the higher
 * of its maxima, so that a colour means the same value on both sides; none when either side's
 * statistics are missing (the map could not say what it shows).
 */
export function swipeRange(output: OutputDifference): [number, number] | undefined {
  const band = output.raster?.bands.find((candidate) => candidate.band === 'b1');
  if (output.raster?.error !== undefined || typeof output.left !== 'string' || typeof output.right !== 'string') return undefined;
  const values = [band?.left?.min, band?.right?.min, band?.left?.max, band?.right?.max];
  if (values.some((value) => value === null || value === undefined)) return undefined;
  const [leftMin, rightMin, leftMax, rightMax] = values as number[];
  const low = Math.min(leftMin!, rightMin!);
  const high = Math.max(leftMax!, rightMax!);
  return [low, high === low ? low + 1 : high];
}
