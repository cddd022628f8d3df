import { parseExecutionFileUrl, type BandSummary } from '@asb/contracts';

/** A number as a report reads it: at most four decimals, no trailing zeros. */
const formatNumber = (value: number | null | undefined): string => (value === null || value === undefined ? 'n/a' : String(Number(value.toFixed(4))));

/** An output's value as text: a file of the execution by its path in the execution's folder, anything else as JSON. */
export function outputText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const file = parseExecutionFileUrl(value);
    return file ? decodeURIComponent(file.encodedPath) : value;
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** One band of a raster on one line: 'mean 32.5 · min 1 · max 64 · std 18.47'. */
export const bandText = (band: BandSummary | null): string =>
  band ? `mean ${formatNumber(band.mean)} · min ${formatNumber(band.min)} · max ${formatNumber(band.max)} · std ${formatNumber(band.std)}` : 'n/a';

/** A signed difference: '+1', '-0.25', '0'. */
export const signed = (value: number | null): string => (value === null ? 'n/a' : value > 0 ? `+${formatNumber(value)}` : formatNumber(value));
