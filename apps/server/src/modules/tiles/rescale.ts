import { detailError } from '../../platform/http/errors.js';

/** A linear stretch of source values onto 0..255: `rescale=min,max` of TiTiler. */
export interface Rescale {
  min: number;
  max: number;
}

/**
 * The `rescale` query values: one `min,max` per output band, or one for all (TiTiler
 * repeats the parameter per band). Undefined when none was given; 400 on a malformed one.
 */
export function parseRescale(values: string | string[] | undefined, bands: number): Rescale[] | undefined {
  if (values === undefined) return undefined;
  const list = (Array.isArray(values) ? values : [values]).filter((value) => value.trim() !== '');
  if (list.length === 0) return undefined;
  if (list.length !== 1 && list.length !== bands) {
    throw detailError(400, `rescale: give one "min,max" for all bands or one per band (${bands}), not ${list.length}.`);
  }
  const ranges = list.map(parseOne);
  return list.length === 1 ? Array.from({ length: bands }, () => ranges[0]!) : ranges;
}

function parseOne(value: string): Rescale {
  const parts = value.split(',').map((part) => part.trim());
  const [min, max] = parts.map(Number);
  if (parts.length !== 2 || parts.some((part) => part === '') || !Number.isFinite(min) || !Number.isFinite(max)) {
    throw detailError(400, `rescale: "${value}" is not "min,max" (two numbers).`);
  }
  return { min: min!, max: max! };
}

/**
 * A value stretched onto 0..255 as rio-tiler does it (clip to the range, scale linearly,
 * truncate to an integer). A zero-width range puts values at or above it at 255.
 */
export function rescaleToByte(value: number, range: Rescale): number {
  const span = range.max - range.min;
  if (span <= 0) return value >= range.max ? 255 : 0;
  if (value <= range.min) return 0;
  if (value >= range.max) return 255;
  return Math.trunc(((value - range.min) / span) * 255);
}

/** Identity on bytes: for the no-rescale case, a value is clipped and truncated, not stretched. */
export function clipToByte(value: number): number {
  if (!(value > 0)) return 0;
  return value >= 255 ? 255 : Math.trunc(value);
}
